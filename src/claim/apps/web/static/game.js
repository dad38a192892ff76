// The table page: /play/ID?seat=S&token=T plays seat S, /play/ID watches as a spectator,
// /play/ID?replay=N steps through a finished game from move N. The server holds the game; this
// page only draws what it is sent and sends the moves clicked.

import { FACTIONS, PRESETS, h } from "./cards.js";
import { Names, heading, renderTable } from "./table.js";

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
  body.dataset.notice = text;
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
  document.title = `Claim · ${text}`;
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

function botLabel(kind) {
  if (!kind || kind === "human") return "human";
  const [, name, strength] = kind.split(":");
  return strength ? `${name} bot (${strength})` : `${name} bot`;
}

/** The five factions when the game's options name them (a preset or five names). */
function factionsOf(summary) {
  const text = summary && summary.options ? String(summary.options.factions || "claim") : "";
  if (PRESETS[text]) return PRESETS[text];
  const names = text.split(",").map((n) => n.trim().toLowerCase()).filter(Boolean);
  if (names.length !== 5 || !names.every((n) => FACTIONS.includes(n))) return null;
  return FACTIONS.filter((f) => names.includes(f));
}

/** What the table says beside each player's name: who plays the seat (and which seat it is
 * when the name does not say it). */
function seatLabels(kinds) {
  return [0, 1].map((p) => {
    const kind = kinds ? botLabel(kinds[p]) : "";
    return seat === null ? kind : `player ${p}${kind ? ` · ${kind}` : ""}`;
  });
}

function links() {
  return [
    h("a", { href: `/play/${encodeURIComponent(gameId)}?replay=0`, id: "replay-link" }, "Replay move by move"),
    h("a", { href: api("/record"), download: `claim-${gameId}.json`, id: "record-link" }, "Download the record"),
    h("a", { href: "/" }, "Back to the lobby"),
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
  fresh: true, // the next state message is the first of this connection
  connected: false,
  log: { version: -1, lines: [] },
  names: null,
  labels: seatLabels(null),
  factions: null,
};

function namesFor(kinds) {
  if (seat === null) return new Names(["player 0", "player 1"]);
  const names = ["", ""];
  names[seat] = "you";
  const other = kinds ? kinds[1 - seat] : "human";
  names[1 - seat] = other && other.startsWith("bot") ? "the bot" : "your opponent";
  return new Names(names);
}

function drawLive() {
  const msg = live.message;
  if (!msg) return;
  const view = msg.view;
  // nothing can be sent while the socket is down: no move is offered until it is back
  const legal = msg.seat === seat && live.connected ? msg.legal || [] : [];
  renderTable({
    view,
    seat,
    names: live.names,
    labels: live.labels,
    legal,
    decision: msg.decision || null,
    prompt: msg.prompt || null,
    factions: live.factions,
    busy: live.busy,
    chosenCard: live.chosenCard,
    onMove: choose,
    links: links(),
  });
  const who = seat === null ? "watching" : `you are player ${seat}`;
  setTitle(`${heading(view)} · ${who}`);
  body.dataset.status = msg.status;
  body.dataset.version = String(msg.version);
  body.dataset.busy = live.busy ? "1" : "0";
  body.dataset.legal = String(legal.length);
  body.classList.toggle("busy", live.busy);
}

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

function onMessage(event) {
  let msg;
  try {
    msg = JSON.parse(event.data);
  } catch {
    return;
  }
  if (msg.type === "state") {
    const old = live.message;
    live.message = msg;
    if (!old || msg.version !== old.version) live.chosenCard = null;
    live.busy = false;
    takeLog(msg);
    drawLive();
  } else if (msg.type === "error") {
    live.lastError = msg.message || "error";
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
  setConn(live.retries ? "reconnecting…" : "connecting…", false);
  ws.addEventListener("open", () => {
    live.retries = 0;
    live.connected = true;
    setConn(seat === null ? "watching" : "connected", true);
  });
  ws.addEventListener("message", onMessage);
  ws.addEventListener("close", (event) => {
    if (live.ws !== ws) return;
    live.busy = false;
    live.connected = false;
    drawLive();
    if (event.code === 4003 || event.code === 4004) {
      live.stopped = true;
      setConn("closed", false);
      const fallback = event.code === 4003 ? "wrong seat or token" : `unknown game ${gameId}`;
      notice(event.reason || live.lastError || fallback);
      body.dataset.status = live.message ? live.message.status : "closed";
      body.dataset.busy = "0";
      return;
    }
    if (live.message && live.message.status === "finished") {
      setConn("game over", false);
      return;
    }
    // a dropped connection or a server restart: the server keeps the game, so try again
    const delay = Math.min(5000, 300 * 2 ** live.retries);
    live.retries += 1;
    setConn("reconnecting…", false);
    setTimeout(connect, delay);
  });
}

function send(move) {
  const ws = live.ws;
  if (!live.message || !ws || ws.readyState !== WebSocket.OPEN || live.busy) return;
  live.busy = true;
  live.chosenCard = null;
  notice("");
  ws.send(JSON.stringify({ type: "move", move, version: live.message.version }));
  drawLive();
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
    live.labels = seatLabels(summary.seats);
    live.names = namesFor(summary.seats);
    live.factions = factionsOf(summary);
  } catch (error) {
    live.names = namesFor(null);
    notice(error.message);
    if (/unknown|not found|404/i.test(error.message)) {
      body.dataset.status = "closed";
      body.dataset.busy = "0";
      setTitle("no such game");
      return;
    }
  }
  live.log = loadLog();
  drawLog(live.log.lines);
  connect();
}

// -- the replay ------------------------------------------------------------------------------

const replay = { record: null, total: 0, index: 0, told: new Map(), loading: false };

function replayBar() {
  const bar = document.getElementById("replay-bar");
  const { index, total, record } = replay;
  const go = (n) => () => showStep(n);
  const button = (label, target, id, name) =>
    h("button", { type: "button", id, title: name, "aria-label": name, disabled: target < 0 || target > total || target === index, onclick: go(target) }, label);
  const next = index < total ? record.moves[index] : null;
  bar.replaceChildren(
    button("« start", 0, "replay-start", "the start"),
    button("−10", Math.max(0, index - 10), "replay-back10", "ten moves back"),
    button("◀", index - 1, "replay-back", "one move back"),
    h("span", { class: "where", id: "replay-where" }, `move ${index} of ${total}`),
    button("▶", index + 1, "replay-forward", "one move forward"),
    button("+10", Math.min(total, index + 10), "replay-forward10", "ten moves forward"),
    button("end »", total, "replay-end", "the end"),
    h("span", { class: "next", id: "replay-next" }, next ? `next: ${next}` : "the game is over"),
    h("a", { href: api("/record"), download: `claim-${gameId}.json`, id: "record-link" }, "download the record"),
  );
  bar.hidden = false;
}

function replayLog() {
  const lines = [];
  for (let n = 0; n <= replay.index; n++) {
    const told = replay.told.get(n);
    if (!told) continue;
    const move = n > 0 ? replay.record.moves[n - 1] : null;
    lines.push({ mark: n === 0 ? "The deal" : `Move ${n}: ${move}` });
    lines.push(...told);
  }
  drawLog(lines);
}

async function showStep(n) {
  n = Math.max(0, Math.min(replay.total, n));
  if (replay.loading) return;
  replay.loading = true;
  body.dataset.busy = "1";
  try {
    const data = await getJSON(api(`/replay/${n}`));
    replay.index = n;
    replay.told.set(n, Array.isArray(data.log) ? data.log : []);
    const kinds = replay.kinds;
    renderTable({
      view: data,
      seat: null,
      names: new Names(["player 0", "player 1"]),
      labels: seatLabels(kinds),
      factions: replay.factions,
      legal: [],
      onMove: () => {},
      links: links().slice(1),
    });
    replayBar();
    replayLog();
    setTitle(`Replay · ${heading(data)} · move ${n} of ${replay.total}`);
    body.dataset.status = data.status;
    body.dataset.version = String(n);
    const url = new URL(location.href);
    url.searchParams.set("replay", String(n));
    history.replaceState(null, "", url);
  } catch (error) {
    notice(error.message);
  } finally {
    replay.loading = false;
    body.dataset.busy = "0";
  }
}

async function startReplay() {
  setConn("replay", true);
  try {
    const [summary, record] = await Promise.all([getJSON(api("")), getJSON(api("/record"))]);
    replay.kinds = summary.seats;
    replay.factions = factionsOf(summary);
    replay.record = record;
    replay.total = (record.moves || []).length;
  } catch (error) {
    notice(error.message);
    setTitle("no replay");
    body.dataset.status = "closed";
    body.dataset.busy = "0";
    return;
  }
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (event.key in moves) showStep(replay.index + moves[event.key]);
    else if (event.key === "Home") showStep(0);
    else if (event.key === "End") showStep(replay.total);
  });
  const start = /^\d+$/.test(replayAt || "") ? Number(replayAt) : 0;
  await showStep(start);
}

if (!gameId) {
  notice("no game given");
} else if (replayAt !== null) {
  startReplay();
} else {
  startLive();
}
