// The table page: /play/ID?seat=S&token=T plays seat S, /play/ID watches as a spectator,
// /play/ID?replay=N steps through a finished game from move N. The server holds the game; this
// page only draws what it is sent and sends the moves clicked.

import { ARTIFACTS, FACTIONS, PRESETS, cardRules, cardWords, h, say } from "./cards.js";
import { Names, heading, layoutFans, renderTable } from "./table.js";

const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "");
const params = new URLSearchParams(location.search);
const seat = params.has("seat") && /^[01]$/.test(params.get("seat")) ? Number(params.get("seat")) : null;
const token = params.get("token") || "";
const replayAt = params.get("replay");

const body = document.body;
const api = (path) => `/api/games/${encodeURIComponent(gameId)}${path}`;

// -- small helpers ---------------------------------------------------------------------------

let noticeTimer = null;

/** One line at the top of the page: an error from the server, or a note. */
function notice(text, kind = "error") {
  const el = document.getElementById("notice");
  el.textContent = text;
  el.title = text;
  el.className = kind === "error" ? "notice" : "notice info";
  el.hidden = !text;
  // errors and notes apart: a note (a window passed for the player) is no refused move
  body.dataset.notice = kind === "error" ? text : "";
  body.dataset.info = kind === "error" ? "" : text;
  clearTimeout(noticeTimer);
  if (text && kind !== "error") noticeTimer = setTimeout(() => notice(""), 6000);
}

function setConn(text, up) {
  const el = document.getElementById("conn");
  el.textContent = text;
  el.className = `conn ${up ? "up" : "down"}`;
  body.dataset.connected = up ? "1" : "0";
}

function setTitle(text) {
  document.getElementById("title").textContent = text;
  document.title = say("page_title", { text });
}

async function getJSON(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return data;
}

/** The five factions when the game's options name them (a preset or five names). */
function factionsOf(summary) {
  const text = summary && summary.options ? String(summary.options.factions || "claim") : "";
  if (PRESETS[text]) return PRESETS[text];
  const names = text.split(",").map((n) => n.trim().toLowerCase()).filter(Boolean);
  if (names.length !== 5 || !names.every((n) => FACTIONS.includes(n))) return null;
  return FACTIONS.filter((f) => names.includes(f));
}

/** What the table says beside each player's name: who plays the seat, in the server's words
 * (the summary's "labels": claim.text.bots.seat_label), and which seat it is when the name does
 * not say it. */
function seatLabels(labels, shown = [null, null]) {
  return [0, 1].map((p) => {
    const kind = labels ? labels[p] : "";
    return [shown[p], seat === null ? null : say("player_n", { n: p }), kind].filter(Boolean).join(" · ");
  });
}

// -- the rematch -----------------------------------------------------------------------------

/** A box under the header with a line and links (the rematch's seats): stays until followed. */
function rematchBox(text, ...links) {
  let box = document.getElementById("rematch-box");
  if (!box) {
    box = h("p", { id: "rematch-box", class: "notice info", role: "status" });
    document.getElementById("notice").after(box);
  }
  box.replaceChildren(text, ...links.flatMap((link) => [" ", link]));
  box.hidden = false;
}

/** Ask for a rematch: the same options, the seats swapped (POST /api/games/ID/rematch). */
async function askRematch() {
  try {
    const response = await fetch(api("/rematch"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ seat, token }),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    const mine = data.seats[data.seat];
    const other = data.seats[1 - data.seat];
    if (other.kind !== "human") {
      location.assign(mine.url);
      return;
    }
    const invite = new URL(other.url, location.href).href;
    rematchBox(
      say("rematch_created"),
      h("a", { href: other.url, id: "rematch-invite" }, invite),
      h("a", { href: mine.url, id: "rematch-seat", class: "primary" }, say("take_your_seat")),
    );
  } catch (error) {
    notice(say("rematch_failed", { error: error.message }));
  }
}

/** The links under a finished game (``finished``: with the rematch button for a seat). */
function links(finished = false) {
  const rematch =
    seat !== null && finished
      ? [h("button", { type: "button", id: "rematch", onclick: askRematch }, say("rematch"))]
      : [];
  return [
    ...rematch,
    h("a", { href: `/play/${encodeURIComponent(gameId)}?replay=0`, id: "replay-link" }, say("replay_link")),
    h("a", { href: `/analysis/${encodeURIComponent(gameId)}`, id: "analysis-link" }, say("analyse_link")),
    h("a", { href: api("/record"), download: `claim-${gameId}.json`, id: "record-link" }, say("download_record")),
    h("a", { href: "/" }, say("back_to_lobby")),
  ];
}

// -- the log ---------------------------------------------------------------------------------

const logKey = `claim-log:${gameId}:${seat === null ? "spectator" : seat}`;

function drawLog(lines) {
  const list = document.getElementById("log-lines");
  // follow the newest lines, unless the reader has scrolled up to read older ones
  const following = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
  list.replaceChildren(
    ...lines.map((line) =>
      typeof line === "string" ? h("li", {}, line) : h("li", { class: "mark" }, line.mark),
    ),
  );
  if (following) list.scrollTop = list.scrollHeight;
}

function loadLog() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(logKey) || "null");
    if (saved && Array.isArray(saved.lines) && Number.isInteger(saved.version)) return saved;
  } catch {
    /* nothing saved */
  }
  return { version: -1, lines: [] };
}

function saveLog(log) {
  try {
    sessionStorage.setItem(logKey, JSON.stringify(log));
  } catch {
    /* private mode: the log lives as long as the page */
  }
}

function samePrefix(short, long) {
  if (short.length > long.length) return false;
  return short.every((line, i) => line === long[i]);
}

// -- live play -------------------------------------------------------------------------------

const live = {
  ws: null,
  message: null, // the last state message
  busy: false,
  chosenCard: null,
  retries: 0,
  stopped: false,
  lastError: "",
  passedAt: -1, // the version of the last artifact window passed for the player
  fresh: true, // the next state message is the first of this connection
  connected: false,
  log: { version: -1, lines: [] },
  names: null,
  labels: seatLabels(null),
  factions: null,
};

// the display names (the summary's "names", chosen when the game was made) replace "player 0",
// "the bot", "your opponent"; they are always put on the page as text, never as HTML
function namesFor(kinds, shown = [null, null]) {
  if (seat === null) return new Names([0, 1].map((p) => shown[p] || say("player_n", { n: p })));
  const names = ["", ""];
  names[seat] = say("you");
  const other = kinds ? kinds[1 - seat] : "human";
  names[1 - seat] = shown[1 - seat] || (other && other.startsWith("bot") ? say("the_bot") : say("your_opponent"));
  return new Names(names);
}

// -- the pace of the table ------------------------------------------------------------------
// The server answers a move at once, the bot's reply in the same breath (one message per move).
// The page shows them one after the other: a finished trick stays on the table for a moment
// with who won it, then is collected; the bot's card slides in. A click or a key skips the
// pause; nothing pauses or moves under prefers-reduced-motion (or ?motion=off). Only the latest
// message offers moves, so a pause never lets a stale move be sent, and never blocks input
// beyond it.

const PAUSE_MS = 800;
const COLLECT_MS = 340;
const noMotion =
  params.get("motion") === "off" ||
  (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
if (noMotion) body.classList.add("no-motion");

const pace = { queue: [], running: false, skip: null, shown: null };

// -- the artifact windows (issue 18) ---------------------------------------------------------
// The server says which windows need not be asked (claim.text.artifact_prompts: the artifact
// could not change anything, or the player said not to ask again); the page then passes for the
// player, as they would have. Their choices are kept per game and seat, and sent on each
// connection.

const askKey = `claim-ask:${gameId}:${seat}`;

function loadAsk() {
  try {
    const saved = JSON.parse(localStorage.getItem(askKey) || "{}");
    const never = Array.isArray(saved.never) ? saved.never.filter((n) => typeof n === "string") : [];
    return { never, all: saved.all === true };
  } catch {
    return { never: [], all: false };
  }
}

const ask = loadAsk();

function sendAsk() {
  const ws = live.ws;
  if (seat === null || !ws || ws.readyState !== WebSocket.OPEN) return;
  ws.send(JSON.stringify({ type: "ask", never: ask.never, all: ask.all }));
}

function setAsk(never, all) {
  ask.never = never;
  ask.all = all;
  try {
    localStorage.setItem(askKey, JSON.stringify(ask));
  } catch {
    // private browsing: the choice holds for this page only
  }
  const box = document.getElementById("ask-all");
  if (box) box.checked = all;
  sendAsk(); // the server answers with the state as asked now
}

/** "Don't ask again this game" about an artifact of the window shown. */
function neverAsk(name) {
  if (!ask.never.includes(name)) setAsk([...ask.never, name], false);
  notice(say("never_notice", { artifact: ARTIFACTS[name] || name }), "info");
}

document.getElementById("ask-all").addEventListener("change", (event) => {
  const all = event.target.checked;
  setAsk(all ? [] : ask.never, all);
});

/** Wait `ms`, or less when the reader clicks or presses a key (body.dataset.pausing is set
 * meanwhile, for the tests). */
function pause(ms) {
  if (noMotion || ms <= 0) return Promise.resolve();
  body.dataset.pausing = "1";
  body.classList.add("pausing");
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pace.skip = null;
      delete body.dataset.pausing;
      body.classList.remove("pausing");
      resolve();
    };
    const timer = setTimeout(done, ms);
    pace.skip = done;
  });
}

function skipPause(event) {
  if (!pace.skip) return;
  if (event.type === "keydown" && ["Shift", "Control", "Alt", "Meta", "Tab"].includes(event.key)) return;
  event.preventDefault();
  event.stopPropagation();
  pace.skip();
}
document.addEventListener("click", skipPause, true);
document.addEventListener("keydown", skipPause, true);

const playKey = (p) => `${p.player}:${p.card}`;

/** What changed from the message shown to the next: the plays that arrived (animated), the
 * cards drawn into the seat's hand, a trick that was finished. */
function changes(before, after) {
  const played = new Set();
  const drawn = new Set();
  let finished = null;
  if (!before || noMotion) return { played, drawn, finished };
  const oldTricks = (before.view.tricks || []).length;
  const newTricks = (after.view.tricks || []).length;
  if (newTricks > oldTricks) finished = after.view.tricks[newTricks - 1];
  const oldCurrent = newTricks > oldTricks ? null : before.view.current;
  const known = new Set(((oldCurrent || {}).plays || []).map(playKey));
  const sameTrick = newTricks > oldTricks ? before.view.current : null;
  const wasOnTable = new Set(((sameTrick || {}).plays || []).map(playKey));
  for (const p of ((after.view.current || {}).plays || [])) if (!known.has(playKey(p))) played.add(playKey(p));
  if (finished) for (const p of finished.plays) if (!wasOnTable.has(playKey(p))) played.add(playKey(p));
  if (seat !== null) {
    const had = new Set(before.view.players[seat].hand);
    const now = after.view.players[seat].hand;
    if (now.length > before.view.players[seat].hand.length) {
      for (const name of now) if (name !== "?" && !had.has(name)) drawn.add(name);
    }
  }
  return { played, drawn, finished };
}

async function runQueue() {
  if (pace.running) return;
  pace.running = true;
  try {
    while (pace.queue.length) {
      const msg = pace.queue.shift();
      const change = changes(pace.shown, msg);
      live.message = msg;
      pace.shown = msg;
      takeLog(msg);
      if (change.finished && change.finished.plays.length) {
        // the finished trick, with the card that ended it, and who won it
        drawLive({ hold: change.finished, fresh: { played: change.played, drawn: new Set() } });
        await pause(PAUSE_MS);
        const plays = document.getElementById("plays");
        if (plays && !noMotion) {
          const w = change.finished.winner;
          const mineSide = seat === null ? 0 : seat;
          const where = w === null || w === undefined ? "none" : w === mineSide ? "bottom" : "top";
          plays.classList.add(`collect-${where}`);
          await new Promise((resolve) => setTimeout(resolve, COLLECT_MS));
        }
        const ended = new Set(change.finished.plays.map(playKey));
        const fresh = { played: new Set([...change.played].filter((k) => !ended.has(k))), drawn: change.drawn };
        drawLive({ fresh, settled: pace.queue.length === 0 });
      } else {
        drawLive({ fresh: change, settled: pace.queue.length === 0 });
      }
      // the other player's card (a bot's reply) stays in sight before the next change
      const theirs = [...change.played].some((key) => seat === null || !key.startsWith(`${seat}:`));
      if (pace.queue.length && theirs && !change.finished) await pause(PAUSE_MS);
    }
  } finally {
    pace.running = false;
    // the last message drawn already offers its moves unless something cut the queue short
    if (!pace.settled) drawLive();
  }
}

/** Show every message still queued at once (the socket closed: the next connection starts
 * from a fresh message, after these). */
function drainQueue() {
  if (pace.skip) pace.skip();
  while (pace.queue.length) {
    const msg = pace.queue.shift();
    live.message = msg;
    pace.shown = msg;
    takeLog(msg);
  }
  drawLive();
}

function drawLive(extra = {}) {
  const msg = live.message;
  if (!msg) return;
  const view = msg.view;
  // nothing can be sent while the socket is down, or while later messages wait to be shown:
  // only the latest message's moves are offered
  const waiting = pace.queue.length > 0 || Boolean(extra.hold) || (pace.running && !extra.settled);
  const offered = msg.seat === seat && live.connected && !waiting ? msg.legal || [] : [];
  // a window the player need not be asked: the page passes for them (below), nothing to click
  const unasked = offered.includes("pass") && Array.isArray(msg.unasked) && msg.unasked.length > 0;
  const legal = unasked ? [] : offered;
  const focus = rememberFocus();
  renderTable({
    view,
    seat,
    names: live.names,
    labels: live.labels,
    legal,
    window: unasked ? [] : msg.window || [],
    onNever: neverAsk,
    words: msg.words || [],
    decision: msg.decision || null,
    prompt: msg.prompt || null,
    facts: msg.facts || null,
    factions: live.factions,
    busy: live.busy,
    chosenCard: live.chosenCard,
    onMove: choose,
    links: links(msg.status === "finished"),
    hold: extra.hold || null,
    fresh: extra.fresh || null,
  });
  pace.settled = !waiting;
  restoreFocus(focus);
  const who = seat === null ? say("watching") : say("you_are_player", { n: seat });
  setTitle(say("title_live", { heading: heading(view), who }));
  const busy = live.busy || waiting;
  body.dataset.status = msg.status;
  body.dataset.version = String(msg.version);
  body.dataset.busy = busy ? "1" : "0";
  body.dataset.legal = String(legal.length);
  body.classList.toggle("busy", live.busy);
  const askBox = document.getElementById("ask-all-box");
  askBox.hidden = seat === null || !view.artifacts || msg.status === "finished";
  document.getElementById("ask-all").checked = ask.all;
  drawHint();
  if (unasked && live.passedAt !== msg.version && send("pass")) {
    live.passedAt = msg.version;
    body.dataset.passed = String(Number(body.dataset.passed || 0) + 1); // how many, for the tests
    notice(msg.unasked_line || say("unasked"), "info");
  }
}

// -- the keyboard and the focus ----------------------------------------------------------------
// Every clickable card is a button: Tab reaches it, Enter or Space plays it; the arrow keys move
// between the clickable cards and buttons of your move. A redraw keeps the focus on the same
// card (or on the first card to play, when the focused one has gone).

// set while the player uses the keyboard: a card (or button) of their move keeps the focus
// across redraws, also once the one they played has left the hand
let keyboardFocus = false;
document.addEventListener("keydown", (event) => {
  if (["Tab", "Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) keyboardFocus = true;
}, true);
document.addEventListener("pointerdown", () => {
  keyboardFocus = false;
}, true);

function rememberFocus() {
  const el = document.activeElement;
  if (!el || el === body || !el.closest("#felt")) return keyboardFocus ? { zone: null, card: null, move: null } : null;
  const zone = el.closest("#mine, #other, #centre");
  return { zone: zone ? zone.id : null, card: el.dataset.card || null, move: el.dataset.move || null };
}

function restoreFocus(focus) {
  if (!focus) return;
  const scope = (focus.zone && document.getElementById(focus.zone)) || document;
  let target = null;
  if (focus.card) target = scope.querySelector(`button.card[data-card="${CSS.escape(focus.card)}"]`);
  if (!target && focus.move) target = scope.querySelector(`button[data-move="${CSS.escape(focus.move)}"]`);
  if (!target) target = document.querySelector("#mine button.card.legal, #decision button");
  if (target) target.focus({ preventScroll: true });
}

document.addEventListener("keydown", (event) => {
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
  if (replayAt !== null) return; // the replay's arrows step through the moves
  const all = [...document.querySelectorAll("#decision button, #mine .hand button.card")];
  if (!all.length) return;
  const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
  const i = all.indexOf(document.activeElement);
  const next = i < 0 ? all[forward ? 0 : all.length - 1] : all[(i + (forward ? 1 : -1) + all.length) % all.length];
  event.preventDefault();
  next.focus();
});

// -- the rules text of a card: hover, keyboard focus or a long press ---------------------------

const tip = document.getElementById("tip");
let tipTimer = null;
let pressed = false;

function showTip(el) {
  const name = el.dataset.card;
  if (!name || el.classList.contains("ghost")) return;
  tip.replaceChildren(h("strong", {}, cardWords(name)), cardRules(name));
  tip.hidden = false;
  const box = el.getBoundingClientRect();
  const w = tip.offsetWidth;
  const ht = tip.offsetHeight;
  const left = Math.min(Math.max(8, box.left + box.width / 2 - w / 2), innerWidth - w - 8);
  let top = box.top - ht - 8;
  if (top < 8) top = Math.min(box.bottom + 8, innerHeight - ht - 8);
  tip.style.setProperty("left", `${left}px`);
  tip.style.setProperty("top", `${top}px`);
}

function hideTip() {
  clearTimeout(tipTimer);
  if (tip) tip.hidden = true;
}

document.addEventListener("pointerover", (event) => {
  if (event.pointerType !== "mouse") return;
  const el = event.target.closest && event.target.closest(".card[data-card]");
  clearTimeout(tipTimer);
  if (!el) {
    hideTip();
    return;
  }
  tipTimer = setTimeout(() => showTip(el), 350);
});
document.addEventListener("pointerout", (event) => {
  const to = event.relatedTarget;
  if (event.pointerType === "mouse" && !(to && to.closest && to.closest(".card[data-card]"))) hideTip();
});
document.addEventListener("focusin", (event) => {
  const el = event.target.closest && event.target.closest(".card[data-card]");
  if (el && event.target.matches(":focus-visible")) showTip(el);
  else hideTip();
});
document.addEventListener("pointerdown", (event) => {
  hideTip();
  pressed = false;
  if (event.pointerType === "mouse") return;
  const el = event.target.closest && event.target.closest(".card[data-card]");
  if (!el) return;
  tipTimer = setTimeout(() => {
    pressed = true; // a long press shows the rules text and does not play the card
    showTip(el);
  }, 500);
});
for (const type of ["pointerup", "pointercancel", "pointermove"]) {
  document.addEventListener(type, (event) => {
    if (type === "pointermove" && event.pointerType === "mouse") return;
    clearTimeout(tipTimer);
  });
}
document.addEventListener(
  "click",
  (event) => {
    if (!pressed) return;
    pressed = false;
    event.preventDefault();
    event.stopPropagation();
  },
  true,
);
document.addEventListener("contextmenu", (event) => {
  if (event.target.closest && event.target.closest(".card[data-card]")) event.preventDefault();
});
addEventListener("resize", () => {
  hideTip();
  layoutFans();
});
addEventListener("scroll", hideTip, { passive: true });

function takeLog(msg) {
  const incoming = Array.isArray(msg.log) ? msg.log : [];
  if (live.fresh) {
    // First message of a connection: after a reload the server may send the whole story or
    // only what is new; keep what this tab already showed and add only what it lacks.
    live.fresh = false;
    const known = live.log.lines.length ? live.log : loadLog();
    let lines;
    if (known.version > msg.version || samePrefix(known.lines, incoming)) {
      lines = incoming; // the whole story (or another game than the one remembered)
    } else if (known.version === msg.version) {
      lines = known.lines; // nothing new since: keep what was shown
    } else {
      lines = [...known.lines, ...incoming];
    }
    live.log = { version: msg.version, lines };
  } else {
    live.log = { version: msg.version, lines: [...live.log.lines, ...incoming] };
  }
  saveLog(live.log);
  drawLog(live.log.lines);
}

// -- the coach's hint (issue 39) ----------------------------------------------------------------
// Off by default: the "Hints" switch (kept by the browser) shows a Hint button while it is your
// move; the server weighs the hint from what you know, in its workers, and answers this socket
// alone with {"type": "hint", "version", "text", ...} (docs/web.md). The line shows the server's
// words until the next move.

const hintKey = "claim-hints";

function loadHints() {
  try {
    return localStorage.getItem(hintKey) === "1";
  } catch {
    return false;
  }
}

const hints = { on: loadHints(), askedAt: null };

document.getElementById("hints").addEventListener("change", (event) => {
  hints.on = event.target.checked;
  try {
    localStorage.setItem(hintKey, hints.on ? "1" : "0");
  } catch {
    // private browsing: the choice holds for this page only
  }
  drawHint();
});

document.getElementById("hint-button").addEventListener("click", () => {
  const ws = live.ws;
  const msg = live.message;
  if (!msg || !ws || ws.readyState !== WebSocket.OPEN) return;
  hints.askedAt = msg.version;
  ws.send(JSON.stringify({ type: "hint" }));
  drawHint();
});

function drawHint() {
  const msg = live.message;
  const playing = seat !== null && Boolean(msg) && msg.status !== "finished";
  const mine = playing && msg.seat === seat && (msg.legal || []).length > 0;
  document.getElementById("hints-box").hidden = !playing;
  document.getElementById("hints").checked = hints.on;
  const button = document.getElementById("hint-button");
  button.hidden = !(hints.on && playing);
  button.disabled = !mine || hints.askedAt === msg.version;
  const line = document.getElementById("hint-line");
  if (!hints.on || !msg || (line.dataset.version && line.dataset.version !== String(msg.version))) {
    line.hidden = true;
    line.textContent = "";
    delete line.dataset.version;
  }
}

function showHint(msg) {
  const now = live.message;
  if (!hints.on || !now || msg.version !== now.version) return; // a hint for a move gone by
  const line = document.getElementById("hint-line");
  line.textContent = msg.text;
  line.dataset.version = String(msg.version);
  line.dataset.best = msg.best;
  line.hidden = false;
}

function onMessage(event) {
  let msg;
  try {
    msg = JSON.parse(event.data);
  } catch {
    return;
  }
  if (msg.type === "state") {
    const old = live.message;
    if (!old || msg.version !== old.version) live.chosenCard = null;
    live.busy = false;
    pace.queue.push(msg);
    runQueue();
  } else if (msg.type === "rematch") {
    rematchBox(
      say("rematch_asked"),
      h("a", { href: msg.url, id: "rematch-seat", class: "primary" }, say("take_your_seat")),
    );
  } else if (msg.type === "hint") {
    showHint(msg);
  } else if (msg.type === "error") {
    hints.askedAt = null; // a refused hint may be asked again
    live.lastError = msg.message || say("error");
    live.busy = false;
    notice(live.lastError);
    drawLive();
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let url = `${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}`;
  if (seat !== null) url += `?seat=${seat}&token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(url);
  live.ws = ws;
  live.fresh = true;
  // a retry keeps saying "reconnecting…" until it is through (the first attempt: "connecting…")
  setConn(live.retries ? say("reconnecting") : say("connecting"), false);
  ws.addEventListener("open", () => {
    live.retries = 0;
    live.connected = true;
    setConn(seat === null ? say("watching") : say("connected"), true);
    if (ask.never.length || ask.all) sendAsk();
  });
  ws.addEventListener("message", onMessage);
  ws.addEventListener("close", (event) => {
    if (live.ws !== ws) return;
    live.busy = false;
    live.connected = false;
    drainQueue();
    if (event.code === 4003 || event.code === 4004) {
      live.stopped = true;
      setConn(say("closed"), false);
      const fallback = event.code === 4003 ? say("wrong_seat") : say("unknown_game", { id: gameId });
      notice(event.reason || live.lastError || fallback);
      body.dataset.status = live.message ? live.message.status : "closed";
      body.dataset.busy = "0";
      return;
    }
    if (live.message && live.message.status === "finished") {
      setConn(say("game_over_conn"), false);
      return;
    }
    // a dropped connection or a server restart: the server keeps the game, so try again
    const delay = Math.min(5000, 300 * 2 ** live.retries);
    live.retries += 1;
    setConn(say("reconnecting"), false);
    setTimeout(connect, delay);
  });
}

/** Send a move; false when it cannot be sent now (no socket, a move already on its way). */
function send(move) {
  const ws = live.ws;
  if (!live.message || !ws || ws.readyState !== WebSocket.OPEN || live.busy) return false;
  live.busy = true;
  live.chosenCard = null;
  notice("");
  ws.send(JSON.stringify({ type: "move", move, version: live.message.version }));
  drawLive();
  return true;
}

/** A click: one move is sent; a card with several moves (a declaration) asks which. */
function choose(moves, cardName) {
  if (moves.length === 1) {
    send(moves[0]);
  } else {
    live.chosenCard = moves.length ? cardName : null;
    drawLive();
  }
}

async function startLive() {
  try {
    const summary = await getJSON(api(""));
    live.labels = seatLabels(summary.labels, summary.names || undefined);
    live.names = namesFor(summary.seats, summary.names || undefined);
    live.factions = factionsOf(summary);
  } catch (error) {
    live.names = namesFor(null);
    notice(error.message);
    if (/unknown|not found|404/i.test(error.message)) {
      body.dataset.status = "closed";
      body.dataset.busy = "0";
      setTitle(say("no_such_game"));
      return;
    }
  }
  live.log = loadLog();
  drawLog(live.log.lines);
  connect();
}

// -- the replay ------------------------------------------------------------------------------

const VIEWS = {
  all: say("view_all"),
  0: say("view_player", { n: 0 }),
  1: say("view_player", { n: 1 }),
  spectator: say("view_spectator"),
};
const replay = {
  record: null, total: 0, index: 0, history: [], words: [], loading: false, wanted: null,
  view: VIEWS[params.get("view")] ? params.get("view") : "all",
};

function replayBar() {
  const bar = document.getElementById("replay-bar");
  const { index, total, record } = replay;
  const go = (n) => () => showStep(n);
  const button = (label, target, id, name) =>
    h("button", { type: "button", id, title: name, "aria-label": name, disabled: target < 0 || target > total || target === index, onclick: go(target) }, label);
  // each move in the server's words ("Play Gnome 7"), its code where they are not in yet
  const next = index < total ? replay.words[index] || record.moves[index] : null;
  // the scrubber: drag to any move (the position is fetched once the thumb rests)
  const scrubber = h("input", {
    type: "range", id: "replay-scrubber", min: 0, max: total, step: 1, value: index,
    "aria-label": say("move"), "aria-valuetext": say("move_of", { index, total }),
  });
  scrubber.addEventListener("input", () => {
    document.getElementById("replay-where").textContent = say("move_of", { index: scrubber.value, total });
  });
  scrubber.addEventListener("change", () => showStep(Number(scrubber.value)));
  const viewer = h(
    "select", { id: "replay-view", "aria-label": say("whose_view") },
    ...Object.entries(VIEWS).map(([value, label]) => h("option", { value, selected: value === replay.view }, label)),
  );
  viewer.addEventListener("change", () => {
    replay.view = viewer.value;
    showStep(replay.index, true);
  });
  bar.replaceChildren(
    button(say("to_start"), 0, "replay-start", say("the_start")),
    button("−10", Math.max(0, index - 10), "replay-back10", say("ten_back")),
    button("◀", index - 1, "replay-back", say("one_back")),
    scrubber,
    h("span", { class: "where", id: "replay-where" }, say("move_of", { index, total })),
    button("▶", index + 1, "replay-forward", say("one_forward")),
    button("+10", Math.min(total, index + 10), "replay-forward10", say("ten_forward")),
    button(say("to_end"), total, "replay-end", say("the_end")),
    viewer,
    h("span", { class: "next", id: "replay-next" }, next ? say("next_move", { move: next }) : say("replay_over")),
    h("a", { href: api("/record"), download: `claim-${gameId}.json`, id: "record-link" }, say("download_record_small")),
  );
  bar.hidden = false;
}

// the story so far, as the chosen viewer was told it: the server's lines of every move up to
// this one (a replay opened at move 40 tells moves 1 to 40, not only the 40th)
function replayLog() {
  const lines = [];
  replay.history.forEach((told, n) => {
    const move = n > 0 ? replay.words[n - 1] || replay.record.moves[n - 1] : null;
    lines.push({ mark: n === 0 ? say("the_deal") : say("move_n", { n, move }) });
    lines.push(...told);
  });
  drawLog(lines);
}

async function showStep(n, again = false) {
  n = Math.max(0, Math.min(replay.total, n));
  if (replay.loading) {
    replay.wanted = n; // shown once the move being fetched is in (a fast scrub or key repeat)
    return;
  }
  if (n === replay.index && !again && replay.history.length) return;
  replay.loading = true;
  body.dataset.busy = "1";
  try {
    const view = encodeURIComponent(replay.view);
    const data = await getJSON(api(`/replay/${n}?view=${view}`));
    replay.index = n;
    replay.history = Array.isArray(data.history) ? data.history : [];
    if (Array.isArray(data.moves_words)) replay.words = data.moves_words;
    const seat = replay.view === "0" ? 0 : replay.view === "1" ? 1 : null;
    renderTable({
      view: data,
      seat,
      names: new Names([0, 1].map((p) => say("player_n", { n: p }))),
      labels: seatLabels(replay.labels, replay.shown),
      facts: data.facts || null,
      factions: replay.factions,
      legal: [],
      onMove: () => {},
      links: links().slice(1),
    });
    replayBar();
    replayLog();
    setTitle(say("replay_title", { heading: heading(data), n, total: replay.total }));
    body.dataset.status = data.status;
    body.dataset.version = String(n);
    body.dataset.view = replay.view;
    const url = new URL(location.href);
    url.searchParams.set("replay", String(n));
    if (replay.view === "all") url.searchParams.delete("view");
    else url.searchParams.set("view", replay.view);
    history.replaceState(null, "", url);
  } catch (error) {
    notice(error.message);
  } finally {
    replay.loading = false;
    body.dataset.busy = "0";
  }
  if (replay.wanted !== null) {
    const wanted = replay.wanted;
    replay.wanted = null;
    if (wanted !== replay.index) showStep(wanted);
  }
}

async function startReplay() {
  setConn("replay", true);
  try {
    const [summary, record] = await Promise.all([getJSON(api("")), getJSON(api("/record"))]);
    replay.labels = summary.labels;
    replay.shown = summary.names || [null, null];
    replay.factions = factionsOf(summary);
    replay.record = record;
    replay.total = (record.moves || []).length;
  } catch (error) {
    notice(error.message);
    setTitle(say("no_replay"));
    body.dataset.status = "closed";
    body.dataset.busy = "0";
    return;
  }
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (event.key in moves) showStep(replay.index + moves[event.key]);
    else if (event.key === "Home") showStep(0);
    else if (event.key === "End") showStep(replay.total);
  });
  const start = /^\d+$/.test(replayAt || "") ? Number(replayAt) : 0;
  await showStep(start);
}

if (!gameId) {
  notice(say("no_game_given"));
} else if (replayAt !== null) {
  startReplay();
} else {
  startLive();
}
