// The table, drawn from a view only: `observe` for a seat, `spectate` for a spectator, `report`
// for a finished game's replay. Nothing here knows more than the view it is given.
//
// Names, titles, hints and colours come from the catalog (cards.js). What the table says beside
// its cards comes with each message as data (`facts`: claim.text.describe.table_facts, the
// terminal's words): the game's factions, who leads each vote, the locations' and artifacts'
// tallies, the moon, the pools. No rule is worked out here (issue 37): this file lays them out.

import {
  CATALOG, byValue, card, cardRow, cardWords, chip, colours, factionOf, h, say,
  setGameFactions, setHeroValues, sortCards, title, valueOf,
} from "./cards.js";

const PHASES = { 1: say("phase_one"), 2: say("phase_two") };

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
    return `${name} ${name === say("you") ? plural : verb}`;
  }
  /** "your" / "the bot's" */
  owner(p) {
    const name = this.names[p];
    return name === say("you") ? say("your") : say("owner_of", { name });
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

/** The factions of the game: the server's (`facts.factions`, the view's public setup); those
 * the lobby's options name (`known`) before the first message. */
export function gameFactions(facts, known = null) {
  if (facts && Array.isArray(facts.factions) && facts.factions.length) return facts.factions;
  return known || [];
}

/** "Phase One · trick 3", "Phase Two begins", "Game over". */
export function heading(view) {
  if (view.status === "finished") return say("game_over");
  const phase = view.phase;
  if (!view.current) {
    const hands = view.players.map((pl) => pl.hand.length);
    if (phase === 2 && !hands.some((n) => n > 0)) return say("end_of_game");
    return say("phase_begins", { phase: PHASES[phase] });
  }
  const number = 1 + (view.tricks || []).filter((t) => t.phase === phase).length;
  return say("phase_trick", { phase: PHASES[phase], number });
}

// -- the moves -----------------------------------------------------------------------------

/** The card a move names, or null: "play elf-orc:5 as elves" → "elf-orc:5", "use wishing-lamp
 * demons:7" → "demons:7", "take top" → null. */
export function namedCard(move) {
  const parts = move.split(" ");
  const arg = parts[0] === "use" ? parts[2] : parts[1];
  return arg && arg.includes(":") ? arg : null;
}

/** The card a `play` move names: "play elf-orc:5 as elves" → "elf-orc:5". */
export function playedName(move) {
  return move.startsWith("play ") ? namedCard(move) : null;
}

// the moves that choose a card of the player's own hand: its cards in the hand are clicked
const HAND_VERBS = new Set(["play", "give", "discard", "aside"]);
// the decision whose `give` names a card of the Score pile, not of the hand (Tavern)
const FROM_SCORE_PILE = new Set(["tavern"]);

/** The legal moves laid out: those a card of the hand carries (by card name), those a card
 * laid out for the decision carries (`tray`: {name, move}; a Seer's prize, a Wishing Lamp's
 * names, a Score pile card to steal or tuck...), and the rest (buttons). */
export function splitMoves(legal, hand, decision = null) {
  const inHand = new Set(hand);
  const byCard = new Map();
  const tray = [];
  const buttons = [];
  for (const move of legal) {
    const name = namedCard(move);
    const verb = move.split(" ")[0];
    if (name !== null && HAND_VERBS.has(verb) && inHand.has(name) && !FROM_SCORE_PILE.has(decision)) {
      if (!byCard.has(name)) byCard.set(name, []);
      byCard.get(name).push(move);
    } else if (name !== null) {
      tray.push({ name, move });
    } else {
      buttons.push(move);
    }
  }
  return { byCard, tray, buttons };
}

/** The server's words for each legal move ({move: [text, hint]}); a move it sent no words for
 * reads as it is. */
function wordsOf(model) {
  const map = new Map();
  const words = model.words || [];
  (model.legal || []).forEach((move, i) => map.set(move, words[i] || [move, ""]));
  return (move) => map.get(move) || [move, ""];
}

function commonPrefix(texts) {
  if (!texts.length) return "";
  let prefix = texts[0];
  for (const t of texts.slice(1)) {
    let i = 0;
    while (i < prefix.length && i < t.length && prefix[i] === t[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix.replace(/[\s:]+$/, "");
}

// -- the panels ----------------------------------------------------------------------------


/** A small zone of a seat: a label and its cards (open), or a count that opens on a click. */
function zone(label, names, factions, opts = {}) {
  const known = names.filter((n) => n !== "?");
  const hidden = names.length - known.length;
  const cards = [...sortCards(known, factions), ...Array(hidden).fill("?")].map((n) => card(n, { size: "mini" }));
  const row = h("div", { class: "cards tight" }, cards.length ? cards : h("span", { class: "muted small" }, say("none")));
  if (opts.closed) {
    return h("details", { class: "zone", dataset: opts.data || {} }, h("summary", {}, say("zone_count", { label, count: names.length })), row);
  }
  return h("div", { class: "zone", dataset: opts.data || {} }, h("span", { class: "label" }, label), row);
}

/** Each player's Score pile in short, by faction: a coloured tab with its abbreviation and
 * count (the full table is the votes panel). */
function pileSummary(pl, factions, p) {
  const score = pl.score || [];
  const groups = new Map();
  for (const name of sortCards(score, factions)) {
    const f = factionOf(name);
    if (!groups.has(f)) groups.set(f, []);
    groups.get(f).push(name);
  }
  const tabs = [...groups.entries()].map(([f, names]) =>
    h(
      "span",
      {
        class: "pile",
        style: colours(f),
        title: `${title(f)}: ${names.map(valueOf).join(", ")}`,
        "aria-label": names.length > 1 ? say("pile_cards", { faction: title(f), count: names.length }) : say("pile_cards_one", { faction: title(f), count: 1 }),
        dataset: { faction: f },
      },
      h("b", {}, (CATALOG.factions.find((e) => e.key === f) || CATALOG.cards.find((e) => e.key === f) || { abbr: f }).abbr || f),
      ` ${names.length}`,
    ),
  );
  return h(
    "div",
    { class: "piles-summary", dataset: { player: String(p) }, "aria-label": say("score_pile_by_faction") },
    h("span", { class: "label" }, say("score_pile_count", { count: score.length })),
    tabs,
  );
}

function seatPanel(id, view, p, model) {
  const { seat, names, factions, legal, onMove, busy, decision } = model;
  const pl = view.players[p];
  const mine = seat === p;
  const bottom = id === "mine";
  const finished = view.status === "finished";
  const toMove = view.next && view.next.player === p && !finished;
  const hand = pl.hand || [];
  const counts = [hand.length === 1 ? say("hand_count_one", { count: 1 }) : say("hand_count", { count: hand.length })];
  if (view.phase === 1 && !finished) counts.push(say("followers_count", { count: (pl.followers || []).length }));
  const head = h(
    "div",
    { class: "seat-head" },
    h("span", { class: "name" }, cap(names.of(p))),
    h("span", { class: "who" }, model.labels ? model.labels[p] : say("player_n", { n: p })),
    toMove ? h("span", { class: "badge" }, mine ? say("your_move") : say("to_move")) : null,
    h("span", { class: "counts", dataset: { player: String(p) } }, counts.join(" · ")),
  );

  // the hand: fanned; your cards (legal ones clickable), or backs
  const playable = mine ? splitMoves(legal, hand, decision).byCard : new Map();
  const wordsFor = wordsOf(model);
  const fresh = model.fresh || {};
  const fan = h("div", { class: "cards fan", dataset: { count: String(hand.length) } });
  const shown = hand.every((n) => n === "?") ? hand : sortCards(hand, factions);
  for (const name of shown) {
    const moves = playable.get(name);
    const opts = { size: bottom ? "" : "small", fresh: mine && fresh.drawn && fresh.drawn.has(name) ? "drawn" : null };
    if (moves && !busy) {
      const words = moves.length === 1 ? wordsFor(moves[0])[0] : say("choose_how", { card: cardWords(name) });
      fan.append(card(name, { ...opts, moves, words, onclick: () => onMove(moves, name) }));
    } else {
      fan.append(card(name, { ...opts, dim: mine && legal.length > 0 && !finished && !moves }));
    }
  }
  if (!hand.length) fan.append(h("span", { class: "muted small empty" }, finished ? say("no_cards_left") : say("no_cards")));
  const handBox = h(
    "div",
    { class: "hand", dataset: { player: String(p) }, role: "group", "aria-label": mine ? say("your_hand") : say("owner_hand", { owner: cap(names.owner(p)) }) },
    fan,
  );

  const zones = [];
  zones.push(pileSummary(pl, factions, p));
  if (view.phase === 1 && (pl.followers || []).length) {
    zones.push(zone(say("followers"), pl.followers, factions, { closed: true, data: { zone: "followers" } }));
  }
  if ((pl.aside || []).length) zones.push(zone(say("set_aside"), pl.aside, factions));
  if ((pl.chosen || []).length) zones.push(zone(say("chosen"), pl.chosen, factions));
  if ((pl.gnomes || []).length) zones.push(zone(say("face_up_gnomes"), pl.gnomes, factions));
  if (pl.vampire || (pl.tucked || []).length) {
    zones.push(zone(say("vampire_stack"), [pl.vampire, ...(pl.tucked || [])].filter(Boolean), [], { data: { zone: "vampire" } }));
  }
  if (pl.artifacts !== undefined || pl.used_artifacts !== undefined) {
    const unused = pl.artifacts || [];
    const used = pl.used_artifacts || [];
    const secret = unused.filter((a) => a === "?").length;
    const chips = [
      ...unused.filter((a) => a !== "?").map((a) => h("span", { class: "art", title: title(a), dataset: { artifact: a } }, title(a))),
      ...(secret ? [h("span", { class: "art secret" }, say("unused_secret", { count: secret }))] : []),
      ...used.map((a) => h("span", { class: "art used", title: say("artifact_used", { artifact: title(a) }), dataset: { artifact: a } }, title(a))),
    ];
    zones.push(
      h(
        "div",
        { class: "zone artifacts", dataset: { player: String(p) } },
        h("span", { class: "label" }, say("artifacts")),
        chips.length ? chips : h("span", { class: "muted small" }, say("none")),
      ),
    );
  }
  const zonesBox = h("div", { class: "zones" }, zones);
  const children = bottom ? [handBox, head, zonesBox] : [head, handBox, zonesBox];
  const el = fill(`${id}-seat`, children);
  if (el) el.classList.toggle("to-move", Boolean(toMove));
}

function describePlay(play, i, names) {
  const verb = i === 0 ? say("led") : say("played");
  return `${cap(names.of(play.player))} ${verb}`;
}

function prizeSlot(prizes, phase, label) {
  if (prizes.length) {
    return h(
      "div",
      { class: "slot prize", id: "prize" },
      h("span", { class: "label" }, label || (prizes.length > 1 ? say("prizes_islands") : say("prize"))),
      h("div", { class: "cards" }, prizes.map((n) => card(n))),
    );
  }
  if (phase === 1) {
    return h("div", { class: "slot prize", id: "prize" }, h("span", { class: "label" }, say("prize")), h("div", { class: "card ghost", "aria-hidden": "true" }));
  }
  return null;
}

function trickPanel(view, model) {
  const { names, seat } = model;
  const children = [h("h2", { id: "trick-heading" }, heading(view))];
  const hold = model.hold; // a trick just finished, shown for a moment before it is collected
  const current = hold || view.current;
  const row = h("div", { class: "trick-row" });
  const fresh = model.fresh || {};
  const [top, bottom] = order(seat);
  if (current) {
    const prizes = current.prizes && current.prizes.length > 1 ? current.prizes : current.prize ? [current.prize] : [];
    const prize = prizeSlot(prizes, current.phase || view.phase);
    if (prize) row.append(prize);
    // the two places of the trick: the other player's card above, yours below (on a wide
    // table: side by side, the other's first)
    const plays = h("div", { class: "plays", id: "plays", dataset: hold ? { held: "1" } : {} });
    for (const p of [top, bottom]) {
      const i = current.plays.findIndex((play) => play.player === p);
      if (i < 0) {
        const waiting = !hold && (current.plays.length ? true : current.leader === p);
        plays.append(
          h(
            "div",
            { class: `slot ghost ${p === top ? "top" : "bottom"}`, dataset: { player: String(p) } },
            h("span", { class: "label" }, waiting && view.next && view.next.player === p ? say("to_play", { name: cap(names.of(p)) }) : ""),
            h("div", { class: "card ghost", "aria-hidden": "true" }),
          ),
        );
        continue;
      }
      const play = current.plays[i];
      const key = `${play.player}:${play.card}`;
      const anim = fresh.played && fresh.played.has(key) ? (p === top ? "enter-top" : "enter-bottom") : null;
      const label = describePlay(play, i, names) + (play.value !== undefined && hold ? ` (${play.value})` : "");
      plays.append(
        h(
          "div",
          { class: `slot play ${p === top ? "top" : "bottom"}`, dataset: { player: String(play.player) } },
          h("span", { class: "label" }, label),
          card(play.card, { fresh: anim }),
          play.as ? h("span", { class: "as" }, say("played_as", { faction: title(play.as) })) : null,
        ),
      );
    }
    row.append(plays);
  } else {
    row.append(h("div", { class: "plays empty" }, h("span", { class: "muted" }, view.status === "finished" ? say("game_is_over") : say("no_trick"))));
  }
  // the deck and the discard pile
  const deck = view.deck || [];
  const discard = view.discard || [];
  const finished = view.status === "finished";
  row.append(
    h(
      "div",
      { class: "piles" },
      h(
        "div",
        { class: "slot deck", title: finished ? say("cards_never_drawn") : say("the_deck") },
        h("span", { class: "label" }, finished ? say("never_drawn") : say("deck")),
        deck.length ? card("?", { size: "small" }) : h("div", { class: "card small ghost", "aria-hidden": "true" }),
        h("span", { class: "count", id: "deck-count" }, String(deck.length)),
      ),
      h(
        "div",
        { class: "slot discard", title: say("the_discard_pile") },
        h("span", { class: "label" }, say("discard")),
        discard.length ? card(discard[discard.length - 1], { size: "small" }) : h("div", { class: "card small ghost", "aria-hidden": "true" }),
        h("span", { class: "count", id: "discard-count" }, String(discard.length)),
      ),
    ),
  );
  children.push(row);
  if (current && (current.artifacts || []).length) {
    let used = current.artifacts.map(title).join(", ");
    if ((current.daggered || []).length) used += ` ${say("dagger_took", { cards: current.daggered.map(cardWords).join(", ") })}`;
    children.push(h("div", { class: "small note" }, say("artifacts_used", { used })));
  }
  if (current && current.winner !== undefined && current.winner !== null) {
    const who = cap(names.act(current.winner, say("wins"), say("win")));
    const verdict = `${say("wins_the_trick", { who })}${current.reason ? `: ${current.reason}` : ""}`;
    children.push(h("div", { class: `verdict ${current.winner === bottom ? "mine" : "theirs"}`, id: "verdict", role: "status" }, verdict));
  } else if (hold) {
    children.push(h("div", { class: "verdict", id: "verdict", role: "status" }, `${say("nobody_wins_trick")}${hold.reason ? `: ${hold.reason}` : ""}`));
  }
  const tricks = view.tricks || [];
  if (tricks.length && !hold) {
    const last = tricks[tricks.length - 1];
    const plays = last.plays
      .map((p, i) => {
        const played = say("last_play", { name: names.of(p.player), verb: i === 0 ? say("led") : say("played"), card: cardWords(p.card) });
        return `${played}${p.as ? ` ${say("played_as", { faction: title(p.as) })}` : ""}${p.value !== undefined ? ` (${p.value})` : ""}`;
      })
      .join(", ");
    const who = last.winner === null || last.winner === undefined ? say("nobody_won") : names.act(last.winner, say("won"), say("won"));
    const reason = last.reason ? ` (${last.reason})` : "";
    children.push(h("div", { class: "last-trick", id: "last-trick" }, say("last_trick", { plays: cap(plays), who, reason })));
  }
  fill("trick", children);
}

function decisionPanel(view, model) {
  const { seat, names, legal, onMove, busy, chosenCard, decision } = model;
  const el = document.getElementById("decision");
  if (!el) return;
  if (seat === null || seat === undefined) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const children = [];
  const wordsFor = wordsOf(model);
  if (view.status === "finished") {
    children.push(h("div", { class: "prompt", id: "prompt" }, say("game_is_over")));
  } else if (!legal.length || model.hold) {
    const next = view.next ? view.next.player : null;
    const text = model.hold ? "…" : next === null || next === seat ? say("waiting") : say("waiting_for", { name: names.of(next) });
    children.push(h("div", { class: "prompt muted", id: "prompt" }, text));
  } else {
    const hand = view.players[seat].hand || [];
    const { byCard, tray, buttons } = splitMoves(legal, hand, decision);
    children.push(h("div", { class: "prompt", id: "prompt" }, model.prompt || say("choose_one")));
    // the cards a decision names outside the hand, laid out to be clicked, grouped by what
    // clicking them does (the common start of the server's words: "Take", "Use Wishing Lamp")
    if (tray.length && !chosenCard) {
      const groups = new Map();
      for (const item of tray) {
        const key = item.move.replace(item.name, "\u0000");
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(item);
      }
      const box = h("div", { class: "tray", id: "choices" });
      for (const items of groups.values()) {
        const texts = items.map((it) => wordsFor(it.move)[0]);
        const caption = items.length > 1 ? commonPrefix(texts) : texts[0];
        const hintText = wordsFor(items[0].move)[1];
        box.append(
          h(
            "div",
            { class: "tray-group" },
            h("span", { class: "label" }, caption, hintText && items.length > 1 ? h("span", { class: "hint" }, ` · ${hintText}`) : null),
            h(
              "div",
              { class: "cards tight" },
              items.map((it) => card(it.name, { size: "small", moves: [it.move], words: wordsFor(it.move)[0], onclick: busy ? null : () => onMove([it.move]) })),
            ),
          ),
        );
      }
      children.push(box);
    }
    const box = h("div", { class: "moves", id: "moves" });
    let shown = buttons;
    if (chosenCard && byCard.has(chosenCard)) {
      // a card with several moves (a dual card's declaration, Lycanthrope, Ent): choose one
      shown = [...byCard.get(chosenCard), ...buttons];
      box.classList.add("choice");
    }
    for (const move of shown) {
      const [text, hintText] = wordsFor(move);
      box.append(
        h(
          "button",
          { type: "button", class: move === "pass" ? "secondary" : null, dataset: { move }, disabled: busy, onclick: () => onMove([move]) },
          text,
          hintText ? h("span", { class: "hint" }, hintText) : null,
        ),
      );
    }
    if (chosenCard && byCard.has(chosenCard)) {
      box.append(h("button", { type: "button", class: "secondary cancel", onclick: () => onMove([]) }, say("cancel")));
    }
    if (box.childElementCount) children.push(box);
    // an artifact window: "don't ask again this game" for each artifact it offers (issue 18)
    const offered = model.window || [];
    if (offered.length && model.onNever && !chosenCard) {
      children.push(
        h(
          "div",
          { class: "never", id: "never" },
          h("span", { class: "label" }, say("dont_ask")),
          offered.map((name) =>
            h("button", { type: "button", class: "link", dataset: { never: name }, disabled: busy, onclick: () => model.onNever(name) }, title(name)),
          ),
        ),
      );
    }
  }
  el.replaceChildren(...children);
}

// a short name ("the bot", "player 0") stays on one line; a long display name (up to 24
// characters) may wrap rather than widen the votes table (table.css)
const fit = (text) => (String(text).length > 10 ? "long" : "short");

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
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, say("col_faction")),
        h("th", { class: fit(names.of(first)) }, names.of(first)),
        h("th", { class: fit(names.of(second)) }, names.of(second)),
        h("th", {}, finished ? say("col_won") : say("col_leads")),
      ),
    ),
  );
  const body = h("tbody");
  // who leads (or won) each vote, in the server's words (claim.text.describe.table_facts)
  const standings = (model.facts && model.facts.votes) || {};
  for (const faction of factions) {
    const values = [0, 1].map((p) => piles[p].filter((n) => factionOf(n) === faction).sort(byValue));
    const lead = standings[faction] || "–";
    const cells = (p) => h("td", {}, values[p].length ? h("div", { class: "chips" }, values[p].map(chip)) : h("span", { class: "muted" }, "–"));
    body.append(
      h(
        "tr",
        { dataset: { faction } },
        h("td", { class: "faction" }, h("span", { class: "swatch", style: colours(faction) }), title(faction)),
        cells(first),
        cells(second),
        h("td", { class: `lead ${fit(lead)}` }, lead),
      ),
    );
  }
  table.append(body);
  const children = [h("h2", {}, finished ? say("votes_won_each") : say("piles_who_leads")), table];
  const others = [0, 1].flatMap((p) => piles[p].filter((n) => !factions.includes(factionOf(n))).map((n) => [p, n]));
  if (others.length) {
    const byPlayer = [first, second]
      .map((p) => {
        const cards = others.filter(([q]) => q === p).map(([, n]) => n);
        return cards.length ? `${names.of(p)}: ${cards.map(cardWords).join(", ")}` : null;
      })
      .filter(Boolean);
    children.push(h("div", { class: "small muted" }, say("not_in_vote", { list: byPlayer.join("; ") })));
  }
  const sizes = [first, second].map((p) => `${names.of(p)} ${piles[p].length}`).join(" · ");
  children.push(h("div", { class: "small muted" }, say("cards_in_piles", { sizes })));
  fill("votes", children);
}

function extrasPanel(view, model) {
  const { seat, names, factions } = model;
  const facts = [];
  const item = (label, ...content) => h("li", {}, h("strong", {}, `${label}: `), ...content);
  const told = model.facts || {};
  // the server's lines (claim.text.describe.table_facts): the moon, the Fire Phoenix pile, the
  // other's choice under way, the public pools; then the cards laid out with a label
  for (const line of told.components || []) facts.push(h("li", {}, line));
  if (factions.includes("trolls") || (view.troll_pool || []).length) {
    facts.push(item(say("troll_pool"), (view.troll_pool || []).length ? cardRow(sortCards(view.troll_pool), { mini: true, tight: true }) : say("none")));
  }
  if ((view.toxics || []).length) {
    const peeked = new Set(seat !== null && seat !== undefined ? view.players[seat].peeked || [] : []);
    // the three Toxics as cards, in their order (a peek names a position), face down unless seen
    const row = h(
      "div",
      { class: "cards tight toxics" },
      view.toxics.map((code, i) =>
        h("span", { class: "toxic-slot" }, card(code, { size: "mini" }), h("span", { class: "small" }, peeked.has(i + 1) ? say("peeked_n", { n: i + 1 }) : String(i + 1))),
      ),
    );
    facts.push(item(say("toxics"), row));
  }
  if ((view.table || []).length) {
    facts.push(item(say("frozen"), cardRow(view.table, { mini: true, tight: true })));
  }
  const seen = (view.deck || []).filter((c) => c !== "?");
  if (seen.length && seat !== null && seat !== undefined) {
    facts.push(item(say("top_of_deck"), cardRow(seen, { mini: true, tight: true })));
  }
  for (const line of told.tallies || []) facts.push(h("li", {}, line));
  const discard = view.discard || [];
  const pile = discard.length
    ? h("details", {}, h("summary", {}, say("n_cards", { count: discard.length })), cardRow(sortCards(discard, factions), { mini: true, tight: true }))
    : say("empty");
  facts.push(item(say("discard_pile"), pile));
  if ((view.out || []).length) facts.push(item(say("out_of_game"), say("n_cards", { count: view.out.length })));
  const left = (view.deck || []).length;
  const counts = [view.status === "finished" ? say("never_drawn_count", { count: left }) : say("deck_count", { count: left })];
  for (const p of order(seat).reverse()) {
    const pl = view.players[p];
    let text = say("hand_of", { name: names.of(p), count: pl.hand.length });
    if (view.phase === 1) text += `, ${say("followers_count", { count: (pl.followers || []).length })}`;
    counts.push(text);
  }
  facts.push(item(say("cards_left"), h("span", { id: "cards-left" }, counts.join(" · "))));
  fill("extras", h("h2", {}, say("on_the_table")), h("ul", { class: "facts" }, facts));
}

const REASONS = {
  votes: say("reason_votes"),
  cards: say("reason_cards"),
  draw: say("reason_draw"),
};

/** Every hero card the view shows anywhere (piles, hands, tricks): once the game is over, the
 * heroes that were in the deck, as far as anyone saw them. */
function heroesSeen(view) {
  const seen = new Set();
  const add = (n) => {
    if (typeof n === "string" && n.startsWith("hero:")) seen.add(n);
  };
  for (const pl of view.players) {
    for (const zoneName of ["hand", "followers", "score", "gnomes", "tucked", "aside", "chosen"]) (pl[zoneName] || []).forEach(add);
    add(pl.vampire);
  }
  for (const zoneName of ["deck", "discard", "troll_pool", "out", "table"]) (view[zoneName] || []).forEach(add);
  for (const t of [...(view.tricks || []), view.current].filter(Boolean)) {
    add(t.prize);
    (t.prizes || []).forEach(add);
    (t.plays || []).forEach((p) => add(p.card));
  }
  return [...seen].sort();
}

/** The result: who won, how, each faction's vote (also in the votes panel), the end moves, and
 * everything the final view shows that the game kept hidden: the heroes that were in the deck,
 * each player's artifacts, the cards never drawn. */
export function resultPanel(view, model, links) {
  const el = document.getElementById("result");
  if (!el) return;
  const result = view.result;
  const finished = view.status === "finished" && result;
  document.body.classList.toggle("finished", Boolean(finished));
  if (!finished) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const { names } = model;
  const winner = result.winner;
  const line = winner === null || winner === undefined ? say("game_draw") : `${cap(names.act(winner, say("wins"), say("win")))}!`;
  const children = [h("h2", {}, say("result")), h("div", { class: "winner", id: "winner" }, line)];
  const reason = REASONS[result.reason] || say("reason_other", { title: title(result.reason || "") });
  children.push(h("div", {}, say("how", { reason })));
  const votes = Object.entries(result.votes || {});
  if (votes.length) {
    children.push(
      h(
        "ul",
        { class: "final-votes", id: "final-votes" },
        votes.map(([faction, p]) =>
          h(
            "li",
            { dataset: { faction }, class: p === null || p === undefined ? "nobody" : `p${p}` },
            h("span", { class: "swatch", style: colours(faction), "aria-hidden": "true" }),
            `${title(faction)}: ${p === null || p === undefined ? say("nobody") : names.of(p)}`,
          ),
        ),
      ),
    );
  }
  if (result.votes_won) {
    children.push(h("div", { id: "votes-won", class: "votes-won" }, say("votes_won", { list: [0, 1].map((p) => `${names.of(p)} ${result.votes_won[p]}`).join(" · ") })));
  }
  if (result.cards_in_won_factions) {
    children.push(h("div", { class: "small muted" }, say("cards_in_won", { list: [0, 1].map((p) => `${names.of(p)} ${result.cards_in_won_factions[p]}`).join(" · ") })));
  }
  if (result.dungeon) {
    const d = result.dungeon;
    const who = (p) => (p === 0 || p === 1 ? names.of(p) : say("nobody"));
    children.push(h("div", { class: "small" }, say("dungeon_votes", { one: who(d.phase_one), two: who(d.phase_two) })));
  }
  // what the end of the game reveals
  const reveal = [];
  if (view.heroes) {
    const seen = heroesSeen(view);
    const unseen = Math.max(0, view.heroes.count - seen.length);
    reveal.push(
      h(
        "div",
        { class: "reveal", id: "heroes-reveal" },
        h("span", { class: "label" }, say("heroes_in_deck", { count: view.heroes.count }) + (unseen ? say("heroes_unseen", { count: unseen }) : "")),
        seen.length ? cardRow(seen, { size: "mini", tight: true }) : null,
      ),
    );
  }
  for (const p of order(model.seat).reverse()) {
    const pl = view.players[p];
    if (pl.artifacts === undefined && pl.used_artifacts === undefined) continue;
    const unused = (pl.artifacts || []).filter((a) => a !== "?");
    const used = pl.used_artifacts || [];
    reveal.push(
      h(
        "div",
        { class: "reveal artifacts-reveal", dataset: { player: String(p) } },
        say("owner_artifacts", {
          owner: cap(names.owner(p)),
          used: used.map(title).join(", ") || say("none"),
          unused: unused.map(title).join(", ") || say("none"),
        }),
      ),
    );
  }
  const never = (view.deck || []).length + (view.out || []).length;
  if (never) reveal.push(h("div", { class: "small muted" }, never > 1 ? say("left_unseen", { count: never }) : say("left_unseen_one", { count: 1 })));
  if (reveal.length) children.push(h("div", { class: "reveals" }, reveal));
  if ((result.end_moves || []).length) {
    children.push(
      h(
        "details",
        { class: "small" },
        h("summary", {}, say("end_moves", { count: result.end_moves.length })),
        h("ul", { class: "facts" }, result.end_moves.map((m) => h("li", {}, `${cardWords(m.card)}: ${m.from} → ${m.to}${m.by ? ` (${m.by})` : ""}`))),
      ),
    );
  }
  if (links && links.length) children.push(h("div", { class: "links" }, links));
  el.replaceChildren(...children);
}

/** The least width and height of the visible part of a card a finger taps (issue 37: WCAG's
 * 44 CSS px). A touch layout whose hand cannot show that much of each card in one row lays the
 * hand out in two rows, the second overlapping the first's lower part. */
export const TAP_PX = 44;

function touchLayout() {
  return window.matchMedia("(pointer: coarse)").matches || window.innerWidth <= 560;
}

/** Fan each hand: its cards overlap just enough to fit the width they have (a phone holds 13;
 * on a touch layout, in two rows when one row would leave less than TAP_PX of a card). */
export function layoutFans() {
  for (const fan of document.querySelectorAll(".cards.fan")) {
    for (const br of fan.querySelectorAll(":scope > .fan-break")) br.remove();
    fan.classList.remove("two-rows");
    const cards = [...fan.children].filter((c) => c.classList.contains("card"));
    if (cards.length < 2) {
      fan.style.removeProperty("--overlap");
      continue;
    }
    const width = cards[0].offsetWidth;
    // the end cards are turned outwards a little: keep room for their corners
    const room = fan.clientWidth - 4 - Math.min(24, width * 0.3);
    const stepFor = (n) => Math.min(width + 6, (room - width) / Math.max(1, n - 1));
    let rows = [cards];
    if (stepFor(cards.length) < TAP_PX && touchLayout() && fan.closest(".seat.mine")) {
      const half = Math.ceil(cards.length / 2);
      rows = [cards.slice(0, half), cards.slice(half)];
      // a line break: the second row starts under the first (and its first card is not
      // pulled left by the overlap, which only a card after a card gets)
      cards[half].before(h("span", { class: "fan-break", "aria-hidden": "true" }));
      fan.classList.add("two-rows");
    }
    const step = stepFor(rows[0].length);
    fan.style.setProperty("--overlap", `${Math.min(6, step - width).toFixed(1)}px`);
    let z = 0;
    for (const row of rows) {
      const mid = (row.length - 1) / 2;
      row.forEach((c, i) => {
        // a gentle arc: the middle cards a little higher, the ends turned outwards
        c.style.setProperty("--tilt", `${((i - mid) * (12 / row.length)).toFixed(2)}deg`);
        c.style.setProperty("--lift", `${(Math.abs(i - mid) ** 2 * (16 / (row.length * row.length))).toFixed(1)}px`);
        c.style.setProperty("z-index", String(++z));
      });
    }
  }
}

/** Draw every panel of the table. model: {view, seat, names (Names), labels, legal, words,
 * decision, prompt, factions (when known), onMove, busy, chosenCard, links, hold (a finished
 * trick shown before it is collected), fresh ({played, drawn}: what just arrived, animated)}. */
export function renderTable(model) {
  const view = model.view;
  if (view.heroes && view.heroes.values) setHeroValues(view.heroes.values);
  const factions = gameFactions(model.facts, model.factions);
  setGameFactions(factions);
  const m = { ...model, factions, legal: model.hold ? [] : model.legal || [] };
  const [top, bottom] = order(model.seat);
  seatPanel("other", view, top, m);
  seatPanel("mine", view, bottom, m);
  trickPanel(view, m);
  decisionPanel(view, m);
  votesPanel(view, m);
  extrasPanel(view, m);
  resultPanel(view, m, model.links);
  layoutFans();
}
