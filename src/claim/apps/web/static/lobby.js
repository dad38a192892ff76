// The lobby: create a game with the options of `claim play`, list the games.

import {
  ARTIFACTS, BUILDINGS, CATALOG, FACTIONS, HEROES, PAIRS, PRESETS, SETTINGS, h, say, title,
} from "./cards.js";

const form = document.getElementById("new-game");
const $ = (id) => document.getElementById(id);
const MINE = "claim-my-seats";
const NAME = "claim-my-name";

// -- the form --------------------------------------------------------------------------------

function checkboxes(boxId, name, values, labelOf = (v) => v) {
  $(boxId).replaceChildren(
    ...values.map((value) =>
      h("label", {}, h("input", { type: "checkbox", name, value }), ` ${labelOf(value)}`),
    ),
  );
}

function locationOptions(selectId, names) {
  $(selectId).replaceChildren(
    h("option", { value: "none", selected: true }, say("none")),
    h("option", { value: "random" }, say("random")),
    ...names.map((n) => h("option", { value: n }, title(n))),
  );
}

// the presets (the first one chosen) and the counts of heroes and artifacts, from the catalog
$("deck").prepend(
  ...Object.entries(PRESETS).map(([name, deck]) =>
    h("option", { value: name }, say("preset", { box: CATALOG.boxes[name] || name, factions: deck.map(title).join(", ") })),
  ),
);
$("deck").value = Object.keys(PRESETS)[0]; // the form is disabled until now: no choice is lost
$("heroes-mode").querySelector('option[value="count"]').textContent = say("heroes_count_n", { count: HEROES.length });
for (const id of ["hero-number", "hero-count"]) $(id).max = String(HEROES.length);
$("artifacts-mode").querySelector('option[value="all"]').textContent =
  say("artifacts_all_n", { count: Object.keys(ARTIFACTS).length });

const pairOf = new Map(PAIRS.flatMap(([a, b]) => [[a, `${a}+${b}`], [b, `${a}+${b}`]]));
// each box says its faction's or hero's name; its value is the code the options send
checkboxes("factions", "faction", FACTIONS, (f) => (pairOf.has(f) ? say("faction_pair", { faction: title(f) }) : title(f)));
checkboxes("heroes", "hero", HEROES, title);
checkboxes("artifacts", "artifact", Object.keys(ARTIFACTS), title);
locationOptions("setting", SETTINGS);
locationOptions("building", BUILDINGS);

function toggles() {
  const friend = form.elements.opponent.value === "friend";
  $("bot-options").classList.toggle("hidden", friend);
  $("friend-name-box").classList.toggle("hidden", !friend);
  $("seed-box").classList.toggle("hidden", friend);
  $("factions-box").classList.toggle("hidden", $("deck").value !== "custom");
  const heroes = $("heroes-mode").value;
  $("hero-number-box").classList.toggle("hidden", heroes !== "count");
  $("hero-count-box").classList.toggle("hidden", heroes !== "named");
  $("heroes-box").classList.toggle("hidden", heroes !== "named");
  $("artifacts-box").classList.toggle("hidden", $("artifacts-mode").value !== "named");
  // a strength is the search's alone: a level is one already (issue 39)
  $("strength-box").classList.toggle("hidden", $("bot").value !== "search");
}
try {
  $("my-name").value = localStorage.getItem(NAME) || "";
} catch {
  // no storage: the name starts empty
}
form.addEventListener("change", toggles);
toggles();
$("new-game-fields").disabled = false; // the choices are filled and the form listens: ready

function checked(name) {
  return [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((el) => el.value);
}

/** The POST /api/games body from the form; a problem the page can see is thrown as a line. */
export function requestBody() {
  const deck = $("deck").value;
  let factions = deck;
  if (deck === "custom") {
    const chosen = checked("faction");
    if (chosen.length !== 5) throw new Error(say("choose_five", { count: chosen.length }));
    factions = chosen.join(",");
  }
  let heroes = "0";
  let heroCount = null;
  const heroesMode = $("heroes-mode").value;
  if (heroesMode === "count") {
    heroes = String($("hero-number").value || "0").trim();
  } else if (heroesMode === "named") {
    const chosen = checked("hero");
    if (!chosen.length) throw new Error(say("choose_heroes"));
    heroes = chosen.join(",");
    const count = String($("hero-count").value || "").trim();
    heroCount = count ? Number(count) : null;
  }
  let artifacts = $("artifacts-mode").value;
  if (artifacts === "named") {
    const chosen = checked("artifact");
    if (chosen.length < 6) throw new Error(say("choose_six", { count: chosen.length }));
    artifacts = chosen.join(",");
  }
  const options = {
    factions,
    first_leader: $("first-leader").value,
    heroes,
    hero_count: heroCount,
    hero_values: $("hero-values").value.trim(),
    setting: $("setting").value,
    building: $("building").value,
    artifacts,
  };
  // a friend game is always dealt from a fresh secret seed (the server refuses a chosen one):
  // whoever chose it would know the friend's hand
  const friendGame = form.elements.opponent.value === "friend";
  const seedText = friendGame ? "" : String($("seed").value || "").trim();
  if (seedText && !/^\d+$/.test(seedText)) throw new Error(say("seed_whole"));
  let seats;
  if (form.elements.opponent.value === "friend") {
    seats = ["human", "human"];
  } else {
    // a strength is the search's alone: a level is one already
    const strength = $("bot").value === "search" ? $("strength").value : "";
    const bot = `bot:${$("bot").value}${strength ? `:${strength}` : ""}`;
    seats = $("seat").value === "1" ? [bot, "human"] : ["human", bot];
  }
  // the display names: the server checks them, the pages show them as text (never as HTML)
  const myName = $("my-name").value.trim() || null;
  let names;
  if (form.elements.opponent.value === "friend") {
    names = [myName, $("friend-name").value.trim() || null];
  } else {
    names = $("seat").value === "1" ? [null, myName] : [myName, null];
  }
  try {
    localStorage.setItem(NAME, myName || "");
  } catch {
    // not kept: the name is still sent
  }
  return { options, seed: seedText ? seedText : null, seats, names };
}

function mySeats() {
  try {
    return JSON.parse(localStorage.getItem(MINE) || "{}") || {};
  } catch {
    return {};
  }
}

function remember(id, url) {
  const mine = mySeats();
  mine[id] = url;
  try {
    localStorage.setItem(MINE, JSON.stringify(mine));
  } catch {
    /* private mode */
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = $("form-error");
  error.textContent = "";
  let body;
  try {
    body = requestBody();
  } catch (problem) {
    error.textContent = problem.message;
    return;
  }
  $("create").disabled = true;
  try {
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      error.textContent = data && data.error ? data.error : `${response.status} ${response.statusText}`;
      return;
    }
    const humans = data.seats.filter((s) => s.kind === "human");
    const mine = humans[0];
    remember(data.id, mine.url);
    if (humans.length === 2) {
      const invite = new URL(humans[1].url, location.href).href;
      $("invite-link").value = invite;
      $("my-seat").href = mine.url;
      $("my-seat-link").href = mine.url;
      $("my-seat-link").textContent = new URL(mine.url, location.href).href;
      $("invite").classList.remove("hidden");
      $("invite").dataset.game = data.id;
      loadGames();
    } else {
      location.href = mine.url;
    }
  } catch (problem) {
    error.textContent = say("no_answer", { error: problem.message });
  } finally {
    $("create").disabled = false;
  }
});

$("copy-invite").addEventListener("click", async () => {
  const input = $("invite-link");
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    $("copy-invite").textContent = say("copied");
  } catch {
    document.execCommand("copy");
  }
});

// -- the games -------------------------------------------------------------------------------

/** A seat in the games list: its display name (text, never HTML) and who plays it, in the
 * server's words (the summary's "labels": claim.text.bots.seat_label). */
function playerText(label, name) {
  return name ? `${name} (${label})` : label;
}

function when(text) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? String(text || "") : date.toLocaleString();
}

function resultText(game) {
  if (game.status !== "finished") return say("status_in_progress", { moves: game.moves });
  const result = game.result;
  if (!result) return say("status_finished", { moves: game.moves });
  if (result.winner === null || result.winner === undefined) return say("status_draw");
  return say("status_won", { n: result.winner });
}

const FILTER = "claim-games-filter";
const EMPTY = {
  all: say("no_games"),
  "in-progress": say("no_games_in_progress"),
  finished: say("no_games_finished"),
  mine: say("no_games_mine"),
};

/** The games list's address for the filter chosen (the server filters: the list is the newest). */
function listUrl(filter) {
  const query = new URLSearchParams();
  if (filter === "in-progress" || filter === "finished") query.set("status", filter);
  if (filter === "mine") query.set("ids", Object.keys(mySeats()).slice(-100).join(","));
  const text = query.toString();
  return text ? `/api/games?${text}` : "/api/games";
}

export async function loadGames() {
  const tbody = document.querySelector("#games tbody");
  const filter = $("games-filter").value;
  let data;
  try {
    if (filter === "mine" && !Object.keys(mySeats()).length) {
      tbody.replaceChildren();
      $("games-empty").textContent = EMPTY.mine;
      document.body.dataset.games = "0";
      return;
    }
    const response = await fetch(listUrl(filter), { headers: { Accept: "application/json" } });
    data = await response.json();
    if (!response.ok) throw new Error(data && data.error ? data.error : String(response.status));
  } catch (problem) {
    $("games-empty").textContent = say("cannot_list", { error: problem.message });
    return;
  }
  const mine = mySeats();
  const rows = data.games.map((game) => {
    const id = encodeURIComponent(game.id);
    const links = [];
    if (game.status === "finished") {
      links.push(h("a", { href: `/play/${id}?replay=0`, class: "replay" }, say("link_replay")));
      links.push(h("a", { href: `/analysis/${id}`, class: "analyse" }, say("link_analyse")));
      links.push(h("a", { href: `/api/games/${id}/record`, download: `claim-${game.id}.json`, class: "record" }, say("link_record")));
      if (mine[game.id]) links.push(h("a", { href: mine[game.id], class: "mine" }, say("link_your_table")));
    } else {
      if (mine[game.id]) links.push(h("a", { href: mine[game.id], class: "mine" }, say("link_your_seat")));
      links.push(h("a", { href: `/play/${id}`, class: "watch" }, say("link_watch")));
    }
    return h(
      "tr",
      { dataset: { id: game.id, status: game.status } },
      h("td", {}, h("code", {}, game.id)),
      h("td", { class: "players" }, game.labels.map((label, p) => playerText(label, (game.names || [])[p])).join(say("versus"))),
      h("td", {}, resultText(game)),
      h("td", { class: "small muted" }, when(game.created)),
      h("td", { class: "links" }, links),
    );
  });
  tbody.replaceChildren(...rows);
  $("games-empty").textContent = rows.length ? "" : EMPTY[filter] || EMPTY.all;
  document.body.dataset.games = String(rows.length);
}

try {
  const saved = localStorage.getItem(FILTER);
  if (saved && saved in EMPTY) $("games-filter").value = saved;
} catch {
  // no storage (a private window): the filter starts at "all games"
}
$("games-filter").addEventListener("change", () => {
  try {
    localStorage.setItem(FILTER, $("games-filter").value);
  } catch {
    // not kept: the page still filters
  }
  loadGames();
});
$("refresh").addEventListener("click", loadGames);
loadGames();
