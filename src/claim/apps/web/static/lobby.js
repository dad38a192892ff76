// The lobby: create a game with the options of `claim play`, list the games.

import {
  ARTIFACTS, BUILDINGS, CATALOG, FACTIONS, HEROES, PAIRS, PRESETS, SETTINGS, h, title,
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
    h("option", { value: "none", selected: true }, "none"),
    h("option", { value: "random" }, "random"),
    ...names.map((n) => h("option", { value: n }, title(n))),
  );
}

// the presets (the first one chosen) and the counts of heroes and artifacts, from the catalog
$("deck").prepend(
  ...Object.entries(PRESETS).map(([name, deck]) =>
    h("option", { value: name }, `${CATALOG.boxes[name] || name} (${deck.join(", ")})`),
  ),
);
$("deck").value = Object.keys(PRESETS)[0]; // the form is disabled until now: no choice is lost
$("heroes-mode").querySelector('option[value="count"]').textContent = `a number drawn from all ${HEROES.length}`;
for (const id of ["hero-number", "hero-count"]) $(id).max = String(HEROES.length);
$("artifacts-mode").querySelector('option[value="all"]').textContent =
  `three each, from all ${Object.keys(ARTIFACTS).length}`;

const pairOf = new Map(PAIRS.flatMap(([a, b]) => [[a, `${a}+${b}`], [b, `${a}+${b}`]]));
checkboxes("factions", "faction", FACTIONS, (f) => (pairOf.has(f) ? `${f} (pair)` : f));
checkboxes("heroes", "hero", HEROES);
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
    if (chosen.length !== 5) throw new Error(`choose five factions (${chosen.length} chosen)`);
    factions = chosen.join(",");
  }
  let heroes = "0";
  let heroCount = null;
  const heroesMode = $("heroes-mode").value;
  if (heroesMode === "count") {
    heroes = String($("hero-number").value || "0").trim();
  } else if (heroesMode === "named") {
    const chosen = checked("hero");
    if (!chosen.length) throw new Error("choose the heroes of the pool");
    heroes = chosen.join(",");
    const count = String($("hero-count").value || "").trim();
    heroCount = count ? Number(count) : null;
  }
  let artifacts = $("artifacts-mode").value;
  if (artifacts === "named") {
    const chosen = checked("artifact");
    if (chosen.length < 6) throw new Error(`choose six artifacts or more (${chosen.length} chosen)`);
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
  if (seedText && !/^\d+$/.test(seedText)) throw new Error("the seed must be a whole number");
  let seats;
  if (form.elements.opponent.value === "friend") {
    seats = ["human", "human"];
  } else {
    const strength = $("strength").value;
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
    error.textContent = `the server did not answer: ${problem.message}`;
  } finally {
    $("create").disabled = false;
  }
});

$("copy-invite").addEventListener("click", async () => {
  const input = $("invite-link");
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    $("copy-invite").textContent = "Copied";
  } catch {
    document.execCommand("copy");
  }
});

// -- the games -------------------------------------------------------------------------------

function kindText(kind) {
  if (kind === "human") return "human";
  return kind.replace(/^bot:/, "").replace(":", " ") + " bot";
}

/** A seat in the games list: its display name (text, never HTML) and its kind. */
function playerText(kind, name) {
  return name ? `${name} (${kindText(kind)})` : kindText(kind);
}

function when(text) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? String(text || "") : date.toLocaleString();
}

function resultText(game) {
  if (game.status !== "finished") return `in progress · ${game.moves} moves`;
  const result = game.result;
  if (!result) return `finished · ${game.moves} moves`;
  const winner = result.winner === null || result.winner === undefined ? "a draw" : `player ${result.winner} won`;
  return `finished · ${winner}`;
}

const FILTER = "claim-games-filter";
const EMPTY = {
  all: "No games yet.",
  "in-progress": "No game in progress.",
  finished: "No finished game yet.",
  mine: "No game of yours in this browser.",
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
    $("games-empty").textContent = `Cannot list the games: ${problem.message}`;
    return;
  }
  const mine = mySeats();
  const rows = data.games.map((game) => {
    const id = encodeURIComponent(game.id);
    const links = [];
    if (game.status === "finished") {
      links.push(h("a", { href: `/play/${id}?replay=0`, class: "replay" }, "replay"));
      links.push(h("a", { href: `/analysis/${id}`, class: "analyse" }, "analyse"));
      links.push(h("a", { href: `/api/games/${id}/record`, download: `claim-${game.id}.json`, class: "record" }, "record"));
      if (mine[game.id]) links.push(h("a", { href: mine[game.id], class: "mine" }, "your table"));
    } else {
      if (mine[game.id]) links.push(h("a", { href: mine[game.id], class: "mine" }, "your seat"));
      links.push(h("a", { href: `/play/${id}`, class: "watch" }, "watch"));
    }
    return h(
      "tr",
      { dataset: { id: game.id, status: game.status } },
      h("td", {}, h("code", {}, game.id)),
      h("td", { class: "players" }, game.seats.map((kind, p) => playerText(kind, (game.names || [])[p])).join(" vs ")),
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
