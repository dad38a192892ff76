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
 * artifacts, cards, boxes, colours, keys, words}; each entry {key, kind, box, title, rules,
 * hint, ...}. */
export const CATALOG = loaded;

// -- the pages' words ----------------------------------------------------------------------
// Every label and sentence the pages write is the server's (claim.text.web_words, issue 37):
// a key and its template, `{name}` placeholders filled here. A key or a placeholder the server
// does not know is a mistake in the page: it throws, so the browser tests fail loudly.

const WORDS = CATALOG.words || {};

/** The words of `key`, its `{placeholders}` filled from `params`: say("waiting_for", {name}). */
export function say(key, params = {}) {
  const template = WORDS[key];
  if (typeof template !== "string") throw new Error(`no words for the key ${key}`);
  return template.replace(/\{(\w+)\}/g, (_, name) => {
    if (!(name in params)) throw new Error(`the words ${key} need {${name}}`);
    return String(params[name]);
  });
}

// the static pages' words, filled before any page module runs: `data-say="key"` (the element's
// text, its placeholders from `data-say-NAME="value"`: data-say="player_n" data-say-n="0") and
// `data-say-attr="title:key aria-label:key2"` (its attributes)
for (const el of document.querySelectorAll("[data-say]")) {
  const params = {};
  for (const [k, v] of Object.entries(el.dataset)) {
    if (k.length > 3 && k.startsWith("say") && k !== "sayAttr") params[k.charAt(3).toLowerCase() + k.slice(4)] = v;
  }
  el.textContent = say(el.dataset.say, params);
}
for (const el of document.querySelectorAll("[data-say-attr]")) {
  for (const pair of el.dataset.sayAttr.trim().split(/\s+/)) {
    const [attr, key] = pair.split(":");
    el.setAttribute(attr, say(key));
  }
}

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

function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

// The emblem shapes (a 100×100 box): each faction gets one by its place in the rules' order, so
// the five factions of a game (neighbours in that order, pairs included) differ in shape as well
// as in colour and name: colour is never the only cue (colour-blind players, a grey screen).
const SHAPES = [
  ["circle", { cx: 50, cy: 50, r: 40 }],
  ["polygon", { points: "50,6 94,50 50,94 6,50" }],
  ["polygon", { points: "50,6 88,28 88,72 50,94 12,72 12,28" }],
  ["path", { d: "M14 12 H86 V50 C86 74 68 88 50 95 C32 88 14 74 14 50 Z" }],
  ["polygon", { points: "50,8 94,88 6,88" }],
  ["polygon", { points: "32,6 68,6 94,32 94,68 68,94 32,94 6,68 6,32" }],
  ["path", { d: "M50 5 C64 30 84 46 84 64 A34 34 0 0 1 16 64 C16 46 36 30 50 5 Z" }],
  ["rect", { x: 12, y: 12, width: 76, height: 76, rx: 14 }],
];
const STAR = ["polygon", { points: "50,4 61,37 96,37 68,58 78,92 50,72 22,92 32,58 4,37 39,37" }];
const HAZARD = ["polygon", { points: "50,6 96,90 4,90" }];
const FLAME = ["path", { d: "M50 4 C58 26 80 36 80 62 A30 30 0 0 1 20 62 C20 48 30 40 34 28 C40 40 44 44 48 46 C46 30 44 18 50 4 Z" }];

// the five factions of the game being drawn (set by the table): each gets its own shape
let gameFactions = [];

export function setGameFactions(factions) {
  gameFactions = factions || [];
}

function shapeOf(kind) {
  if (kind === "hero") return STAR;
  if (kind === "toxic") return HAZARD;
  if (kind === "fire-phoenix") return FLAME;
  const faction = kind === "elf-orc" ? "elves" : kind;
  const mine = gameFactions.indexOf(faction);
  if (mine >= 0) return SHAPES[mine % SHAPES.length];
  // a faction outside the game's five (a hero counted as one, an odd view): beyond them
  const i = FACTIONS.indexOf(faction);
  return SHAPES[(5 + (i < 0 ? 0 : i)) % SHAPES.length];
}

/** The emblem in the middle of a card: its shape, the big value written on it. */
function emblem(kind, text) {
  const svg = svgEl("svg", { viewBox: "0 0 100 100", class: "emblem", "aria-hidden": "true" });
  const [tag, attrs] = shapeOf(kind);
  svg.append(svgEl(tag, { ...attrs, class: "shape" }));
  if (text !== "") {
    const t = svgEl("text", { x: 50, y: kind === "toxic" ? 74 : 54, class: text.length > 2 ? "val word" : "val" });
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("dominant-baseline", "middle");
    t.textContent = text;
    svg.append(t);
  }
  return svg;
}

/** The card back: a pattern and a diamond. */
function backFace() {
  const svg = svgEl("svg", { viewBox: "0 0 100 140", class: "back-art", "aria-hidden": "true", preserveAspectRatio: "none" });
  svg.append(svgEl("rect", { x: 8, y: 8, width: 84, height: 124, rx: 8, class: "frame" }));
  svg.append(svgEl("polygon", { points: "50,40 74,70 50,100 26,70", class: "mark" }));
  return svg;
}

// the values of the heroes in this game (options may change them, R-61): set by the table
// from its view; the catalog's defaults otherwise
let heroValues = Object.fromEntries(CATALOG.heroes.map((e) => [e.key, e.value]));

export function setHeroValues(values) {
  if (values) heroValues = { ...heroValues, ...values };
}

/** A card in words, as a person reads it: "Goblin 5", "Ice King 7", "an odd Demon", "the
 * Jester (hero, 5)", "a fake Trickster 5", "a face-down card". The same words as the server's
 * claim.text.account.words.card_name (issue 37: names, never codes), from the catalog's labels. */
export function cardWords(name) {
  if (name === "?") return say("card_face_down");
  const kind = String(name).split(":")[0];
  const value = valueOf(name);
  if (kind === "hero") {
    const v = heroValues[value];
    return v !== undefined ? say("card_hero", { hero: title(value), value: v }) : say("card_hero_plain", { hero: title(value) });
  }
  const label = String(LABELS[kind] || title(kind)).split(" ").map(cap).join(" ");
  if (["odd", "even", "low", "high"].includes(value)) {
    return /^[aeiou]/.test(value) ? say("card_partial_an", { value, label }) : say("card_partial_a", { value, label });
  }
  if (kind === "toxic" && value === "x") return say("card_decoy_toxic");
  if (/^\d+x$/.test(value)) return say("card_fake", { label, value: value.slice(0, -1) });
  return `${label} ${value}`;
}

/** The rules text of a card, for its tooltip: its faction's (or hero's, or kind's). */
export function cardRules(name) {
  if (name === "?") return say("card_face_down_rules");
  const kind = String(name).split(":")[0];
  const key = kind === "hero" ? valueOf(name) : kind;
  const known = entry(key);
  let text = known ? known.rules : "";
  if (kind === "fire-phoenix") text += ` ${entry("phoenixes") ? entry("phoenixes").rules : ""}`;
  return text.trim();
}

// the longest word a card's name line holds at its normal size (about 6 em wide): longer words
// get a smaller font, never a break inside a word ("necromancer", "doppelganger")
const NAME_FIT = 9.5;

function fitSize(words, base, room) {
  const longest = Math.max(...String(words).split(/\s+/).map((w) => w.length), 1);
  return Math.min(base, room / longest);
}

/** A card, face up (as the view writes it) or face down (`?`).
 * opts: {size ("mini" | "small"), moves (its legal moves: a button), words (what clicking it
 * does), onclick, dim, fresh (an entrance animation's class)}. */
export function card(name, opts = {}) {
  const clickable = Boolean(opts.onclick);
  const cls = ["card"];
  if (opts.size) cls.push(opts.size);
  if (opts.mini) cls.push("mini");
  if (clickable) cls.push("legal");
  if (opts.dim) cls.push("dim");
  if (opts.fresh) cls.push(opts.fresh);
  const attrs = { class: "", dataset: { card: name } };
  let children;
  if (name === "?") {
    cls.push("back");
    attrs["aria-label"] = say("card_face_down_label");
    children = [backFace()];
  } else {
    const faction = factionOf(name);
    const kind = String(name).split(":")[0];
    const value = valueOf(name);
    const hero = faction === "hero";
    if (hero) cls.push("hero");
    if (kind === "toxic") cls.push("toxic");
    if (kind === "fire-phoenix") cls.push("fire");
    if (kind === "elf-orc") cls.push("dual");
    attrs.style = colours(kind === "fire-phoenix" || kind === "elf-orc" || kind === "toxic" ? kind : faction);
    attrs.dataset.kind = kind;
    const shownValue = hero ? String(heroValues[value] ?? "") : value;
    const label = hero ? title(value) : kind === "fire-phoenix" ? title(kind) : cap(LABELS[kind] || LABELS[faction] || title(faction));
    // a small card shows no name line: a hero's corner says its name, not "HERO" (issue 37)
    const abbr = hero ? (opts.size === "mini" ? title(value) : ABBR.hero) : ABBR[kind] || ABBR[faction] || faction.slice(0, 3).toUpperCase();
    const word = number(shownValue) === null;
    if (word && !hero) cls.push("wordy");
    const nameEl = h("span", { class: "nm" }, label);
    nameEl.style.setProperty("--fit", fitSize(label, 1, NAME_FIT).toFixed(3));
    // the abbreviation under the corner value, and alone on a small card: fitted to its width,
    // never clipped ("I.QUEEN", "FROST")
    const abbrEl = h("span", { class: "ab" }, abbr);
    abbrEl.style.setProperty("--fit", fitSize(abbr, 1, 6).toFixed(3));
    children = [
      h("span", { class: "idx", "aria-hidden": "true" }, h("span", { class: "iv" }, shownValue || "★"), abbrEl),
      emblem(hero ? "hero" : kind === "fire-phoenix" || kind === "toxic" ? kind : faction, shownValue),
      nameEl,
    ];
    attrs["aria-label"] = cardWords(name);
  }
  if (opts.words) attrs["aria-label"] = opts.words;
  attrs.class = cls.join(" ");
  if (clickable) {
    attrs.type = "button";
    if (opts.moves) attrs.dataset.moves = JSON.stringify(opts.moves);
    if (opts.moves && opts.moves.length === 1) attrs.dataset.move = opts.moves[0];
    attrs.onclick = opts.onclick;
    return h("button", attrs, children);
  }
  return h("div", { ...attrs, role: "img" }, children);
}

function cap(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** A row of cards. */
export function cardRow(names, opts = {}) {
  return h("div", { class: opts.tight ? "cards tight" : "cards" }, names.map((n) => card(n, opts)));
}

/** A value chip for the Score pile table (faction colour, value text). */
export function chip(name) {
  const faction = factionOf(name);
  const chipEl = h("span", { class: "chip", style: colours(faction), title: cardWords(name) }, valueOf(name));
  if (faction === "hero") chipEl.textContent = ABBR.hero ? title(valueOf(name)) : valueOf(name);
  return chipEl;
}
