// Cards as the views name them, drawn with CSS and a little SVG; the game's fixed tables
// (factions, heroes, locations, artifacts) for the lobby and the table.

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

/** The 28 factions in the rules' order: the pairs, then the singles (cards.py). */
export const FACTIONS = [
  "goblins", "knights", "gnomes", "giants", "elves", "orcs", "ice-kings", "ice-queens",
  "undead", "dwarves", "doppelgangers", "dragons", "trolls", "seers", "vampires", "zombies",
  "werewolves", "shadows", "demons", "fire-elementals", "tricksters", "poisoners", "cyclops",
  "phoenixes", "unicorns", "basilisks", "yetis", "frostbeasts",
];

export const PAIRS = [
  ["goblins", "knights"], ["gnomes", "giants"], ["elves", "orcs"], ["ice-kings", "ice-queens"],
];

export const PRESETS = {
  claim: ["goblins", "knights", "undead", "dwarves", "doppelgangers"],
  claim2: ["gnomes", "giants", "dragons", "trolls", "seers"],
};

export const HEROES = [
  "lich-king", "skeleton", "warlock", "cthulhu", "mummy", "gelatinous-cube", "singing-bard",
  "centaur-archer", "bug-lord", "jester", "siren", "witch", "minotaur", "stone-golem",
  "necromancer", "life-stealer", "gargoyle", "lycanthrope", "dinosaur", "vampire-queen", "ent",
  "kraken", "death", "invincible-warrior",
];

export const SETTINGS = [
  "underworld", "farmlands", "shore", "windy-peaks", "endless-sands", "islands", "plateau",
  "swamp", "ice-fields", "lava-fields",
];

export const BUILDINGS = [
  "dungeon", "lighthouse", "pyramid", "monastery", "bridge", "fortress", "tower", "ruins",
  "castle", "tavern", "pit", "forest",
];

export const ARTIFACTS = {
  "flail-of-dawn": "Flail of Dawn",
  "hunting-cloak": "Hunting Cloak",
  "kings-dagger": "King's Dagger",
  "prowlers-torch": "Prowler's Torch",
  "wishing-lamp": "Wishing Lamp",
  "gamblers-book": "Gambler's Book",
  "spyglass": "Spyglass",
  "magic-wand": "Magic Wand",
  "endless-rope": "Endless Rope",
  "bottomless-bottle": "Bottomless Bottle",
  "flask-of-tears": "Flask of Tears",
  "mask-of-darkness": "Mask of Darkness",
  "gamblers-dice": "Gambler's Dice",
  "mirror-of-lies": "Mirror of Lies",
  "book-of-memories": "Book of Memories",
  "ice-sword": "Ice Sword",
};

/** Factions whose vote is not the basic one (more cards, then the highest card). */
export const OWN_VOTE = new Set(["vampires", "cyclops"]);

/** `windy-peaks` → "Windy Peaks"; `kings-dagger` → "King's Dagger". */
export function title(name) {
  if (ARTIFACTS[name]) return ARTIFACTS[name];
  return String(name)
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

// colour (background) and ink of each faction; the light ones get dark ink
const COLOURS = {
  goblins: ["#3d8b37"], knights: ["#65717f"], gnomes: ["#d35400"], giants: ["#7f5539"],
  elves: ["#16a085"], orcs: ["#5b6e2a"], "ice-kings": ["#2e86c1"], "ice-queens": ["#8cc6ec", "#10324a"],
  undead: ["#5b2c6f"], dwarves: ["#b9770e"], doppelgangers: ["#b5177a"], dragons: ["#b03a2e"],
  trolls: ["#4e6e3a"], seers: ["#6c3483"], vampires: ["#7b0a0a"], zombies: ["#7d8c3a"],
  werewolves: ["#5d4037"], shadows: ["#2c2c34"], demons: ["#e04a2f"], "fire-elementals": ["#f39c12", "#3b2500"],
  tricksters: ["#8e44ad"], poisoners: ["#1e8449"], cyclops: ["#a04000"], phoenixes: ["#ff7f50", "#3b1200"],
  unicorns: ["#f5b7d0", "#5a1836"], basilisks: ["#117a65"], yetis: ["#d6eaf8", "#173a55"],
  frostbeasts: ["#1f618d"], hero: ["#d4ac0d", "#3a2d00"], toxic: ["#7dcea0", "#0b3d20"],
  "elf-orc": ["#2f8a5a"],
};

// the faction as a card says it (singular, short) and as a small card says it
const LABELS = {
  goblins: "goblin", knights: "knight", gnomes: "gnome", giants: "giant", elves: "elf",
  orcs: "orc", "ice-kings": "ice king", "ice-queens": "ice queen", undead: "undead",
  dwarves: "dwarf", doppelgangers: "doppelganger", dragons: "dragon", trolls: "troll",
  seers: "seer", vampires: "vampire", zombies: "zombie", werewolves: "werewolf",
  shadows: "shadow", demons: "demon", "fire-elementals": "fire elemental",
  tricksters: "trickster", poisoners: "poisoner", cyclops: "cyclops", phoenixes: "phoenix",
  unicorns: "unicorn", basilisks: "basilisk", yetis: "yeti", frostbeasts: "frostbeast",
  hero: "hero", toxic: "toxic", "elf-orc": "elf / orc",
};
const ABBR = {
  goblins: "GOB", knights: "KNI", gnomes: "GNO", giants: "GIA", elves: "ELF", orcs: "ORC",
  "ice-kings": "I.KING", "ice-queens": "I.QUEEN", undead: "UND", dwarves: "DWF",
  doppelgangers: "DOP", dragons: "DRG", trolls: "TRL", seers: "SEER", vampires: "VAMP",
  zombies: "ZOM", werewolves: "WOLF", shadows: "SHAD", demons: "DEM", "fire-elementals": "FIRE",
  tricksters: "TRICK", poisoners: "POIS", cyclops: "CYC", phoenixes: "PHX", unicorns: "UNI",
  basilisks: "BAS", yetis: "YETI", frostbeasts: "FROST", hero: "HERO", toxic: "TOX",
  "elf-orc": "E/O",
};

export function colours(faction) {
  const [c, t] = COLOURS[faction] || ["#777777"];
  return { "--c": c, "--t": t || "#ffffff" };
}

/** The faction of a card as a view names it: `goblins:5` → goblins, `demons:odd` → demons,
 * `fire-phoenix:3` → phoenixes, `hero:jester` → hero, `?` → ?. */
export function factionOf(name) {
  if (name === "?") return "?";
  const prefix = String(name).split(":")[0];
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
