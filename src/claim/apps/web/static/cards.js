// Cards as the views name them, drawn with CSS and a little SVG; the game's tables (factions,
// heroes, locations, artifacts, their titles and hints) for the lobby and the table, read from
// the server's catalog.

/** Make an element: h("div", {class: "x", onclick: fn}, child, "text", ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = v;
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// -- the catalog ---------------------------------------------------------------------------
// Every name, order, title, rules text, hint, label and colour comes from the server
// (GET /api/catalog: claim.text.catalog and claim.apps.palette), read once before any page
// module runs; nothing here keeps a copy of the game's tables.

async function loadCatalog() {
  const response = await fetch("/api/catalog", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.json();
}

let loaded;
try {
  loaded = await loadCatalog();
} catch (problem) {
  // without it the pages cannot name a card: say so on the page, in one line
  document.body.prepend(
    h("p", { class: "notice", role: "alert" }, `Cannot load the card catalog: ${problem.message}`),
  );
  throw problem;
}

/** The catalog as the server sends it: {factions, pairs, presets, heroes, settings, buildings,
 * artifacts, cards, boxes, colours}; each entry {key, kind, box, title, rules, hint, ...}. */
export const CATALOG = loaded;

const keys = (entries) => entries.map((entry) => entry.key);

/** The factions in the rules' order: the pairs, then the singles. */
export const FACTIONS = keys(CATALOG.factions);
export const PAIRS = CATALOG.pairs;
export const PRESETS = CATALOG.presets;
export const HEROES = keys(CATALOG.heroes);
export const SETTINGS = keys(CATALOG.settings);
export const BUILDINGS = keys(CATALOG.buildings);
/** The artifacts by name, with their titles, in the rules' order. */
export const ARTIFACTS = Object.fromEntries(CATALOG.artifacts.map((a) => [a.key, a.title]));
/** Factions whose vote is not the basic one (more cards, then the highest card). */
export const OWN_VOTE = new Set(CATALOG.factions.filter((f) => f.own_vote).map((f) => f.key));

const LISTS = ["factions", "heroes", "settings", "buildings", "artifacts", "cards"];
const ENTRIES = new Map(LISTS.flatMap((list) => CATALOG[list].map((entry) => [entry.key, entry])));

/** The catalog's entry of a name ({key, kind, box, title, rules, hint, ...}), or undefined. */
export function entry(name) {
  return ENTRIES.get(name);
}

/** `windy-peaks` → "Windy Peaks"; `kings-dagger` → "King's Dagger" (the catalog's titles; a
 * name it does not hold in title case). */
export function title(name) {
  const known = ENTRIES.get(name);
  if (known) return known.title;
  return String(name)
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** The few words after a use of `name` in a list of moves, its {arg} filled; "" when none. */
export function hint(name, arg = "") {
  const known = ENTRIES.get(name);
  return known && known.hint ? known.hint.replace("{arg}", arg) : "";
}

// colour (background) and ink of each faction; the light ones get dark ink
const COLOURS = CATALOG.colours;
// the faction as a card says it (singular, short) and as a small card says it
const LABELS = Object.fromEntries(
  [...CATALOG.factions, ...CATALOG.cards].filter((e) => e.label).map((e) => [e.key, e.label]),
);
const ABBR = Object.fromEntries(
  [...CATALOG.factions, ...CATALOG.cards].filter((e) => e.abbr).map((e) => [e.key, e.abbr]),
);

export function colours(faction) {
  const [c, t] = COLOURS[faction] || ["#777777"];
  return { "--c": c, "--t": t || "#ffffff" };
}

/** The faction of a card as a view names it: `goblins:5` → goblins, `demons:odd` → demons,
 * `fire-phoenix:3` → phoenixes, `hero:jester` → hero, `?` → ?. */
export function factionOf(name) {
  if (name === "?") return "?";
  const prefix = String(name).split(":")[0];
  // a Fire Phoenix is a Phoenix in every other way: it is drawn and counted as one
  return prefix === "fire-phoenix" ? "phoenixes" : prefix;
}

/** The value part of a card name: `goblins:5` → 5, `demons:odd` → odd, `hero:jester` → jester. */
export function valueOf(name) {
  const i = String(name).indexOf(":");
  return i < 0 ? String(name) : String(name).slice(i + 1);
}

function number(value) {
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** Highest value first; words (odd, jester) after the numbers. */
export function byValue(a, b) {
  const x = number(valueOf(a));
  const y = number(valueOf(b));
  const kx = x === null ? -1 : x;
  const ky = y === null ? -1 : y;
  if (kx !== ky) return ky - kx;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Cards in the order the table shows them: by faction (the game's order), highest first. */
export function sortCards(names, factions = FACTIONS) {
  const rank = (n) => {
    const f = factionOf(n);
    const i = factions.indexOf(f);
    if (i >= 0) return i;
    const j = FACTIONS.indexOf(f);
    return j >= 0 ? 100 + j : f === "?" ? 300 : 200;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || byValue(a, b));
}

const SVG = "http://www.w3.org/2000/svg";

/** A small SVG mark in the corner: a diamond for faction cards, a star for heroes. */
function pip(faction) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 14 14");
  svg.setAttribute("class", "pip");
  svg.setAttribute("aria-hidden", "true");
  const shape = document.createElementNS(SVG, faction === "hero" ? "polygon" : "path");
  if (faction === "hero") {
    shape.setAttribute("points", "7,0.5 8.8,5 13.5,5.2 9.8,8.3 11,13 7,10.3 3,13 4.2,8.3 0.5,5.2 5.2,5");
  } else {
    shape.setAttribute("d", "M7 0.8 L13.2 7 L7 13.2 L0.8 7 Z");
  }
  shape.setAttribute("fill", "currentColor");
  shape.setAttribute("opacity", "0.55");
  svg.append(shape);
  return svg;
}

/** A card, face up (as the view writes it) or face down (`?`).
 * opts: {mini, moves (legal moves for it: a button), onclick, label}. */
export function card(name, opts = {}) {
  const clickable = Boolean(opts.onclick);
  const cls = ["card"];
  if (opts.mini) cls.push("mini");
  if (clickable) cls.push("legal");
  if (opts.dim) cls.push("dim");
  const attrs = {
    class: cls.join(" "),
    dataset: { card: name },
    title: name === "?" ? "a face-down card" : name,
  };
  if (name === "?") {
    attrs.class += " back";
    attrs["aria-label"] = "face-down card";
    return h("div", attrs);
  }
  const faction = factionOf(name);
  const value = valueOf(name);
  if (faction === "elf-orc") attrs.class += " dual";
  if (number(value) === null && !/^\d+x$/.test(value)) attrs.class += " wordy";
  attrs.style = colours(faction);
  attrs["aria-label"] = name;
  const word = number(value) === null && !/^\d+x$/.test(value);
  const label = LABELS[faction] || faction.replace(/-/g, " ");
  const shown = faction === "hero" ? value.replace(/-/g, " ") : value;
  const children = [
    h("span", { class: word ? "v word" : "v" }, shown),
    pip(faction),
    h(
      "span",
      { class: label.length > 8 ? "f long" : "f" },
      h("span", { class: "full" }, label),
      h("span", { class: "abbr" }, ABBR[faction] || faction.slice(0, 3).toUpperCase()),
    ),
  ];
  if (clickable) {
    attrs.type = "button";
    if (opts.moves) attrs.dataset.moves = JSON.stringify(opts.moves);
    if (opts.moves && opts.moves.length === 1) attrs.dataset.move = opts.moves[0];
    attrs.onclick = opts.onclick;
    return h("button", attrs, children);
  }
  return h("div", attrs, children);
}

/** A row of cards. */
export function cardRow(names, opts = {}) {
  return h("div", { class: opts.tight ? "cards tight" : "cards" }, names.map((n) => card(n, opts)));
}

/** A value chip for the Score pile table (faction colour, value text). */
export function chip(name) {
  const faction = factionOf(name);
  return h("span", { class: "chip", style: colours(faction), title: name }, valueOf(name));
}
