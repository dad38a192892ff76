// The table, drawn from a view only: `observe` for a seat, `spectate` for a spectator, `report`
// for a finished game's replay. Nothing here knows more than the view it is given.
//
// Names, titles, hints, colours and the counters' keys come from the catalog (cards.js). The few
// card names still written here are those whose own part of the view this table lays out: the
// components a faction brings to the table (Gnomes, Vampire stacks, the moon, the Troll pool,
// the Toxics, the Fire Phoenix pile), the locations whose counters it reads, and the decision
// kinds it words; claim.text.describe words the same for the terminal.

import {
  CATALOG, FACTIONS, OWN_VOTE, byValue, card, cardRow, chip, colours, factionOf, h, hint, sortCards,
  title, valueOf,
} from "./cards.js";

const PHASES = { 1: "Phase One", 2: "Phase Two" };

export function cap(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** How the page names the players: ["you", "the bot"], ["player 0", "player 1"], ... */
export class Names {
  constructor(names) {
    this.names = names;
  }
  of(p) {
    return this.names[p];
  }
  /** "you win" / "the bot wins" */
  act(p, verb, plural) {
    const name = this.names[p];
    return `${name} ${name === "you" ? plural : verb}`;
  }
  /** "your" / "the bot's" */
  owner(p) {
    const name = this.names[p];
    return name === "you" ? "your" : `${name}'s`;
  }
}

/** The players top to bottom: the other first, you last (player 1 then 0 without a seat). */
export function order(seat) {
  return seat === null || seat === undefined ? [1, 0] : [1 - seat, seat];
}

function fill(id, ...children) {
  const el = document.getElementById(id);
  if (!el) return null;
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  return el;
}

/** The five factions of the game: the result's votes once finished, else those the lobby's
 * options name (`known`), else every faction of a card the view names, in the rules' order. */
export function gameFactions(view, known = null) {
  if (view.result && view.result.votes) return Object.keys(view.result.votes);
  if (known && known.length === 5) return known;
  const seen = new Set();
  const add = (name) => {
    if (!name || name === "?") return;
    const f = factionOf(name);
    if (FACTIONS.includes(f)) seen.add(f);
  };
  for (const pl of view.players) {
    for (const zone of ["hand", "followers", "score", "gnomes", "tucked", "aside", "chosen"]) {
      for (const n of pl[zone] || []) add(n);
    }
    add(pl.vampire);
  }
  for (const zone of ["deck", "discard", "troll_pool", "out", "table"]) {
    for (const n of view[zone] || []) add(n);
  }
  for (const t of [...(view.tricks || []), view.current].filter(Boolean)) {
    add(t.prize);
    for (const n of t.prizes || []) add(n);
    for (const p of t.plays || []) {
      add(p.card);
      if (p.as && FACTIONS.includes(p.as)) seen.add(p.as);
    }
  }
  if ((view.toxics || []).length) seen.add("poisoners");
  if ((view.fire_phoenix || []).length) seen.add("phoenixes");
  if ((view.troll_pool || []).length) seen.add("trolls");
  return FACTIONS.filter((f) => seen.has(f));
}

/** The basic vote (more cards, then the highest card, then the next): 0, 1, null (tie) or
 * -1 when a value the view hides (a Demon's parity) would decide. */
export function basicVote(mine, theirs) {
  if (mine.length !== theirs.length) return mine.length > theirs.length ? 0 : 1;
  for (let i = 0; i < mine.length; i++) {
    const a = valueOf(mine[i]);
    const b = valueOf(theirs[i]);
    if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return -1;
    if (Number(a) !== Number(b)) return Number(a) > Number(b) ? 0 : 1;
  }
  return null;
}

/** "Phase One · trick 3", "Phase Two begins", "Game over". */
export function heading(view) {
  if (view.status === "finished") return "Game over";
  const phase = view.phase;
  if (!view.current) {
    const hands = view.players.map((pl) => pl.hand.length);
    if (phase === 2 && !hands.some((n) => n > 0)) return "End of the game";
    return `${PHASES[phase]} begins`;
  }
  const number = 1 + (view.tricks || []).filter((t) => t.phase === phase).length;
  return `${PHASES[phase]} · trick ${number}`;
}

// -- the moves -----------------------------------------------------------------------------

/** The card a `play` move names: "play elf-orc:5 as elves" → "elf-orc:5". */
export function playedName(move) {
  if (!move.startsWith("play ")) return null;
  return move.slice(5).split(" ")[0];
}

/** Split the legal moves into those a card of the hand carries (by card name) and the rest. */
export function splitMoves(legal, hand) {
  const inHand = new Set(hand);
  const byCard = new Map();
  const buttons = [];
  for (const move of legal) {
    const name = playedName(move);
    if (name !== null && inHand.has(name)) {
      if (!byCard.has(name)) byCard.set(name, []);
      byCard.get(name).push(move);
    } else {
      buttons.push(move);
    }
  }
  return { byCard, buttons };
}

/** A few words after a move: what an artifact does, what `pass` and `take top` mean. */
export function moveHint(move) {
  if (move === "pass") return "decline";
  if (move === "take top") return "the top card of the deck";
  if (move === "take prize") return "the prize";
  if (!move.startsWith("use ")) return "";
  const parts = move.split(" ");
  return hint(parts[1], parts.slice(2).join(" "));
}

// -- the panels ----------------------------------------------------------------------------

function zone(label, ...content) {
  return h("div", { class: "zone" }, h("div", { class: "label" }, label), ...content);
}

function backs(count) {
  if (count === 0) return h("span", { class: "muted small" }, "none");
  return cardRow(Array(count).fill("?"), { mini: true, tight: true });
}

/** Face-up cards, or face-down backs for hidden ones (a hand in someone else's view). */
function cardsOrBacks(names, factions, opts = {}) {
  if (!names.length) return h("span", { class: "muted small" }, "none");
  const known = names.filter((n) => n !== "?");
  const hidden = names.length - known.length;
  const row = cardRow(sortCards(known, factions), { mini: opts.mini, tight: opts.mini });
  if (hidden) row.append(...Array.from({ length: hidden }, () => card("?", { mini: true })));
  return row;
}

function seatPanel(id, view, p, model) {
  const { seat, names, factions, legal, onMove, busy } = model;
  const pl = view.players[p];
  const mine = seat === p;
  const toMove = view.next && view.next.player === p && view.status !== "finished";
  const head = h(
    "div",
    { class: "seat-head" },
    h("span", { class: "name" }, cap(names.of(p))),
    h("span", { class: "muted small" }, model.labels ? model.labels[p] : `player ${p}`),
    toMove ? h("span", { class: "badge" }, mine ? "your move" : "to move") : null,
  );
  const children = [head];
  const hand = pl.hand || [];
  const counts = [`hand ${hand.length}`];
  if (view.phase === 1) counts.push(`followers ${(pl.followers || []).length}`);
  children.push(h("div", { class: "small muted counts", dataset: { player: String(p) } }, counts.join(" · ")));

  // the hand: your cards (legal ones clickable), or backs
  const handBox = h("div", { class: "hand", dataset: { player: String(p) } });
  if (hand.every((n) => n === "?")) {
    handBox.append(backs(hand.length));
  } else {
    const playable = mine ? splitMoves(legal, hand).byCard : new Map();
    const row = h("div", { class: "cards" });
    for (const name of sortCards(hand, factions)) {
      const moves = playable.get(name);
      if (moves && !busy) {
        row.append(card(name, { moves, onclick: () => onMove(moves, name) }));
      } else {
        row.append(card(name));
      }
    }
    if (!hand.length) row.append(h("span", { class: "muted small" }, "no cards"));
    handBox.append(row);
  }
  children.push(zone(mine ? "Your hand" : `${cap(names.owner(p))} hand`, handBox));

  if (view.phase === 1 || (pl.followers || []).length) {
    children.push(zone("Followers", cardsOrBacks(pl.followers || [], factions, { mini: true })));
  }
  if ((pl.aside || []).length) {
    children.push(zone("Set aside (Flail of Dawn)", cardsOrBacks(pl.aside, factions, { mini: true })));
  }
  if ((pl.chosen || []).length) {
    children.push(zone("Chosen, carried out once both have chosen", cardsOrBacks(pl.chosen, factions, { mini: true })));
  }
  if ((pl.gnomes || []).length || factions.includes("gnomes")) {
    children.push(zone("Face-up Gnomes", cardsOrBacks(pl.gnomes || [], factions, { mini: true })));
  }
  if (pl.vampire || (pl.tucked || []).length || factions.includes("vampires")) {
    const stack = pl.vampire
      ? h("div", { class: "cards tight" }, card(pl.vampire, { mini: true }), h("span", { class: "small muted" }, "tucked:"), ...(pl.tucked || []).map((n) => card(n, { mini: true })))
      : h("span", { class: "muted small" }, "none");
    children.push(zone("Vampire stack", stack));
  }
  if (pl.artifacts !== undefined || pl.used_artifacts !== undefined) {
    const unused = pl.artifacts || [];
    const used = pl.used_artifacts || [];
    const held = unused.includes("?")
      ? `${unused.length} unused (secret)`
      : `unused: ${unused.map(title).join(", ") || "none"}`;
    children.push(
      zone(
        "Artifacts",
        h("div", { class: "small artifacts", dataset: { player: String(p) } }, `${held}; used: ${used.map(title).join(", ") || "none"}`),
      ),
    );
  }
  fill(id, children);
}

function describePlay(play, i, names) {
  const verb = i === 0 ? "led" : "played";
  return `${cap(names.of(play.player))} ${verb}`;
}

function trickPanel(view, model) {
  const { names } = model;
  const children = [h("h2", {}, heading(view))];
  const current = view.current;
  const row = h("div", { class: "trick-row" });
  if (current) {
    const prizes = current.prizes && current.prizes.length > 1 ? current.prizes : current.prize ? [current.prize] : [];
    if (prizes.length) {
      row.append(
        h(
          "div",
          { class: "slot prize", id: "prize" },
          h("span", { class: "label" }, prizes.length > 1 ? "Prizes (Islands: the winner takes one)" : "Prize"),
          cardRow(prizes),
        ),
      );
    } else if (view.phase === 1) {
      row.append(h("div", { class: "slot prize", id: "prize" }, h("span", { class: "label" }, "Prize"), h("span", { class: "muted" }, "none")));
    }
    current.plays.forEach((play, i) => {
      row.append(
        h(
          "div",
          { class: "slot play", dataset: { player: String(play.player) } },
          h("span", { class: "label" }, describePlay(play, i, names)),
          card(play.card),
          play.as ? h("span", { class: "as" }, `as ${play.as}`) : null,
        ),
      );
    });
    if (!current.plays.length) {
      row.append(h("div", { class: "slot" }, h("span", { class: "muted" }, `${cap(names.of(current.leader))} to lead`)));
    }
  } else {
    row.append(h("span", { class: "muted" }, view.status === "finished" ? "The game is over." : "No trick on the table."));
  }
  const deck = h("div", { class: "slot deck" }, h("span", { class: "label" }, "Deck"), h("span", { class: "count", id: "deck-count" }, String((view.deck || []).length)));
  row.append(deck);
  children.push(row);
  if (current && (current.artifacts || []).length) {
    let used = current.artifacts.map(title).join(", ");
    if ((current.daggered || []).length) used += ` (the King's Dagger took ${current.daggered.join(", ")})`;
    children.push(h("div", { class: "small" }, `Artifacts used: ${used}`));
  }
  if (current && current.winner !== undefined && current.winner !== null) {
    children.push(h("div", { class: "verdict" }, `→ ${cap(names.act(current.winner, "wins", "win"))} it${current.reason ? `: ${current.reason}` : ""}`));
  }
  const tricks = view.tricks || [];
  if (tricks.length) {
    const last = tricks[tricks.length - 1];
    const plays = last.plays
      .map((p, i) => `${names.of(p.player)} ${i === 0 ? "led" : "played"} ${p.card}${p.as ? ` as ${p.as}` : ""}${p.value !== undefined ? ` (${p.value})` : ""}`)
      .join(", ");
    const who = last.winner === null || last.winner === undefined ? "nobody won" : names.act(last.winner, "won", "won");
    children.push(h("div", { class: "last-trick", id: "last-trick" }, `Last trick: ${cap(plays)} → ${who}${last.reason ? ` (${last.reason})` : ""}.`));
  }
  fill("trick", children);
}

function decisionPanel(view, model) {
  const { seat, names, legal, onMove, busy, chosenCard } = model;
  const el = document.getElementById("decision");
  if (!el) return;
  if (seat === null || seat === undefined) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const children = [h("h2", {}, "Your move")];
  if (view.status === "finished") {
    children.push(h("div", { class: "prompt" }, "The game is over."));
  } else if (!legal.length) {
    const next = view.next ? view.next.player : null;
    children.push(h("div", { class: "prompt muted", id: "prompt" }, next === null || next === seat ? "Waiting…" : `Waiting for ${names.of(next)}…`));
  } else {
    const hand = view.players[seat].hand || [];
    const { byCard, buttons } = splitMoves(legal, hand);
    children.push(h("div", { class: "prompt", id: "prompt" }, model.prompt || "Choose one."));
    const box = h("div", { class: "moves", id: "moves" });
    let shown = buttons;
    if (chosenCard && byCard.has(chosenCard)) {
      // a card with several moves (a dual card's declaration, Lycanthrope, Ent): choose one
      shown = [...byCard.get(chosenCard), ...buttons];
      box.classList.add("choice");
    }
    for (const move of shown) {
      const hint = moveHint(move);
      box.append(
        h(
          "button",
          { type: "button", dataset: { move }, disabled: busy, onclick: () => onMove([move]) },
          move,
          hint ? h("span", { class: "hint" }, hint) : null,
        ),
      );
    }
    if (chosenCard && byCard.has(chosenCard)) {
      box.append(h("button", { type: "button", class: "secondary", onclick: () => onMove([]) }, "cancel"));
    }
    if (box.childElementCount) children.push(box);
  }
  el.replaceChildren(...children);
}

function votesPanel(view, model) {
  const { seat, names, factions } = model;
  const finished = view.status === "finished" && view.result;
  const [top, bottom] = order(seat);
  const first = bottom;
  const second = top;
  const piles = view.players.map((pl) => pl.score || []);
  const table = h(
    "table",
    { class: "votes-table", id: "votes-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "faction"), h("th", {}, names.of(first)), h("th", {}, names.of(second)), h("th", {}, finished ? "won" : "leads"))),
  );
  const body = h("tbody");
  for (const faction of factions) {
    const values = [0, 1].map((p) => piles[p].filter((n) => factionOf(n) === faction).sort(byValue));
    let lead;
    if (finished) {
      const winner = view.result.votes[faction];
      lead = winner === null || winner === undefined ? "nobody" : names.of(winner);
    } else if (OWN_VOTE.has(faction)) {
      lead = "own rule";
    } else {
      const v = basicVote(values[0], values[1]);
      lead = v === -1 ? "unclear" : v === null ? "tied" : names.of(v);
    }
    const cells = (p) => h("td", {}, values[p].length ? h("div", { class: "chips" }, values[p].map(chip)) : h("span", { class: "muted" }, "–"));
    body.append(
      h(
        "tr",
        { dataset: { faction } },
        h("td", { class: "faction" }, h("span", { class: "swatch", style: colours(faction) }), faction),
        cells(first),
        cells(second),
        h("td", { class: "lead" }, lead),
      ),
    );
  }
  table.append(body);
  const children = [h("h2", {}, finished ? "Votes · who won each" : "Score piles · who leads"), table];
  const others = [0, 1].flatMap((p) => piles[p].filter((n) => !factions.includes(factionOf(n))).map((n) => [p, n]));
  if (others.length) {
    const byPlayer = [first, second]
      .map((p) => {
        const cards = others.filter(([q]) => q === p).map(([, n]) => n);
        return cards.length ? `${names.of(p)}: ${cards.join(", ")}` : null;
      })
      .filter(Boolean);
    children.push(h("div", { class: "small muted" }, `Not in a faction vote: ${byPlayer.join("; ")}`));
  }
  const sizes = [first, second].map((p) => `${names.of(p)} ${piles[p].length}`).join(" · ");
  children.push(h("div", { class: "small muted" }, `Cards in Score piles: ${sizes}`));
  fill("votes", children);
}

// the counters' keys, as the core names them (claim.core.keys, sent with the catalog)
const KEY = CATALOG.keys.counters;

/** The locations in play and the public tallies of the locations and artifacts. The location
 * names compared here are the view's `setting` / `building` values whose counters these lines
 * read (the same lines as claim.text.describe.location_lines). */
function locationFacts(view, names) {
  const setting = view.setting;
  const building = view.building;
  const facts = [];
  if (setting) facts.push(`Setting: ${title(setting)}`);
  if (building) facts.push(`Building: ${title(building)}`);
  const counters = view.counters || {};
  const get = (key, fallback) => (key in counters ? counters[key] : fallback);
  const isPlayer = (p) => p === 0 || p === 1;
  if (setting === "plateau" && isPlayer(get(KEY.PLATEAU_PLAYER, -1)) && get(KEY.PLATEAU_COUNT, 0) > 0) {
    facts.push(`Plateau: ${names.of(counters[KEY.PLATEAU_PLAYER])} won ${counters[KEY.PLATEAU_COUNT]} in a row (at 3 the other leads)`);
  }
  if (setting === "ice-fields" && isPlayer(get(KEY.ICE_FIELDS, -1))) {
    facts.push(`Ice Fields: +1 on the next card of ${names.of(counters[KEY.ICE_FIELDS])}`);
  }
  if (setting === "lava-fields" && isPlayer(get(KEY.LAVA_PLAYER, -1)) && get(KEY.LAVA_COUNT, 0) > 0) {
    facts.push(`Lava Fields: ${names.of(counters[KEY.LAVA_PLAYER])} lost ${counters[KEY.LAVA_COUNT]} in a row (5 wins the game)`);
  }
  for (const key of Object.keys(counters).sort()) {
    if (key.startsWith(`${KEY.LIGHTHOUSE}:`) && isPlayer(counters[key])) {
      facts.push(`Lighthouse: ${key.split(":")[1]} won outright by ${names.of(counters[key])}`);
    }
  }
  if (building === "dungeon" && KEY.DUNGEON_FIRST in counters) {
    const first = counters[KEY.DUNGEON_FIRST];
    facts.push(`Dungeon: last trick of Phase One won by ${isPlayer(first) ? names.of(first) : "nobody"}`);
  }
  for (const [name, what] of [[KEY.SHOWN_DRAWS, "cards taken from the deck are shown"], [KEY.MASK, "face-down leads"]]) {
    const left = get(name, 0);
    if (left > 0) facts.push(`${title(name)}: ${what}, ${left} trick${left > 1 ? "s" : ""} left`);
  }
  for (const p of [0, 1]) {
    for (const name of [KEY.FLASK_OF_TEARS, KEY.ICE_SWORD]) {
      const amount = get(`${name}:${p}`, 0);
      if (amount) facts.push(`${title(name)}: +${amount} on the next card of ${names.of(p)}`);
    }
  }
  return facts;
}

function extrasPanel(view, model) {
  const { seat, names, factions } = model;
  const facts = [];
  const item = (label, ...content) => h("li", {}, h("strong", {}, `${label}: `), ...content);
  if (factions.includes("werewolves") || (view.moon && view.moon !== "no-moon")) {
    const rule = view.moon === "no-moon" ? "lower" : "higher";
    facts.push(item("Moon", `${view.moon} (the ${rule} Werewolf wins a Werewolf lead)`));
  }
  if (factions.includes("trolls") || (view.troll_pool || []).length) {
    facts.push(item("Troll pool", (view.troll_pool || []).length ? cardRow(sortCards(view.troll_pool), { mini: true, tight: true }) : "none"));
  }
  if ((view.toxics || []).length) {
    const peeked = new Set(seat !== null && seat !== undefined ? view.players[seat].peeked || [] : []);
    const shown = view.toxics.map((code, i) => `${i + 1}. ${code === "?" ? "face-down" : code}${peeked.has(i + 1) ? " (peeked)" : ""}`);
    facts.push(item("Toxics", shown.join("; ")));
  }
  if (factions.includes("phoenixes") || (view.fire_phoenix || []).length) {
    facts.push(item("Fire Phoenix pile", `${(view.fire_phoenix || []).length} cards`));
  }
  if ((view.table || []).length) {
    facts.push(item("Frozen on the table (the next winner takes them)", cardRow(view.table, { mini: true, tight: true })));
  }
  const seen = (view.deck || []).filter((c) => c !== "?");
  if (seen.length && seat !== null && seat !== undefined) {
    facts.push(item("Top of the deck, shown to you", cardRow(seen, { mini: true, tight: true })));
  }
  for (const line of locationFacts(view, names)) facts.push(h("li", {}, line));
  if (view.heroes) {
    facts.push(item("Heroes", `${view.heroes.count} in the deck, from a pool of ${(view.heroes.pool || []).length} (which ones is secret)`));
  }
  if (view.artifacts && view.artifacts.pool) {
    facts.push(item("Artifact pool", view.artifacts.pool.map(title).join(", ")));
  }
  const discard = view.discard || [];
  facts.push(item("Discard pile", discard.length ? h("details", {}, h("summary", {}, `${discard.length} cards`), cardRow(sortCards(discard, factions), { mini: true, tight: true })) : "empty"));
  if ((view.out || []).length) facts.push(item("Out of the game", `${view.out.length} cards`));
  const counts = [`deck ${(view.deck || []).length}`];
  for (const p of order(seat).reverse()) {
    const pl = view.players[p];
    let text = `${names.of(p)}: hand ${pl.hand.length}`;
    if (view.phase === 1) text += `, followers ${(pl.followers || []).length}`;
    counts.push(text);
  }
  facts.push(item("Cards left", h("span", { id: "cards-left" }, counts.join(" · "))));
  fill("extras", h("h2", {}, "On the table"), h("ul", { class: "facts" }, facts));
}

const REASONS = {
  votes: "on votes",
  cards: "on the tie-break: more cards in the factions whose vote they won",
  draw: "a draw",
};

/** The result: who won, how, each faction's vote (also in the votes panel), the end moves. */
export function resultPanel(view, model, links) {
  const el = document.getElementById("result");
  if (!el) return;
  const result = view.result;
  if (view.status !== "finished" || !result) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const { names } = model;
  const winner = result.winner;
  const line = winner === null || winner === undefined ? "The game is a draw." : `${cap(names.act(winner, "wins", "win"))}!`;
  const children = [h("h2", {}, "Result"), h("div", { class: "winner", id: "winner" }, line)];
  const reason = REASONS[result.reason] || `decided by the ${title(result.reason || "")}`;
  children.push(h("div", {}, `How: ${reason}.`));
  const votes = Object.entries(result.votes || {});
  if (votes.length) {
    children.push(
      h(
        "ul",
        { class: "facts", id: "final-votes" },
        votes.map(([faction, p]) => h("li", { dataset: { faction } }, `${faction}: ${p === null || p === undefined ? "nobody" : names.of(p)}`)),
      ),
    );
  }
  if (result.votes_won) {
    children.push(h("div", { id: "votes-won" }, `Votes won: ${[0, 1].map((p) => `${names.of(p)} ${result.votes_won[p]}`).join(" · ")}`));
  }
  if (result.cards_in_won_factions) {
    children.push(h("div", { class: "small muted" }, `Cards in the factions won: ${[0, 1].map((p) => `${names.of(p)} ${result.cards_in_won_factions[p]}`).join(" · ")}`));
  }
  if (result.dungeon) {
    const d = result.dungeon;
    const who = (p) => (p === 0 || p === 1 ? names.of(p) : "nobody");
    children.push(h("div", { class: "small" }, `Dungeon: an extra vote each to ${who(d.phase_one)} (Phase One) and ${who(d.phase_two)} (Phase Two)`));
  }
  if ((result.end_moves || []).length) {
    children.push(
      h(
        "details",
        { class: "small" },
        h("summary", {}, `End of the game: ${result.end_moves.length} card moves`),
        h("ul", { class: "facts" }, result.end_moves.map((m) => h("li", {}, `${m.card}: ${m.from} → ${m.to}${m.by ? ` (${m.by})` : ""}`))),
      ),
    );
  }
  if (links && links.length) children.push(h("div", { class: "links" }, links));
  el.replaceChildren(...children);
}

/** Draw every panel of the table. model: {view, seat, names (Names), labels, legal, decision,
 * factions (when known), onMove, busy, chosenCard, links}. */
export function renderTable(model) {
  const view = model.view;
  const factions = gameFactions(view, model.factions);
  const m = { ...model, factions, legal: model.legal || [] };
  const [top, bottom] = order(model.seat);
  seatPanel("other", view, top, m);
  seatPanel("mine", view, bottom, m);
  trickPanel(view, m);
  decisionPanel(view, m);
  votesPanel(view, m);
  extrasPanel(view, m);
  resultPanel(view, m, model.links);
}
