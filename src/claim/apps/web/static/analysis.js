// The analysis page (/analysis/{id}): starts the analysis of a finished game, shows its
// progress, then the chances of winning over the game and every decision with the better move.
// The numbers are the server's (claim.analysis, docs/analysis.md); this page only draws them.

import { h } from "./cards.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const api = `/api/games/${encodeURIComponent(gameId)}/analysis`;
const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const POLL_MS = 1000;
const SVG = "http://www.w3.org/2000/svg";

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

async function call(method) {
  const init = { method, headers: { Accept: "application/json" } };
  if (method === "POST") {
    init.headers["Content-Type"] = "application/json";
    init.body = "{}";
  }
  const response = await fetch(api, init);
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

function percent(chance) {
  return `${Math.round(100 * chance)}%`;
}

function showProgress(status) {
  const total = status.total || 0;
  $("progress").max = Math.max(total, 1);
  $("progress").value = status.done || 0;
  // queued: the server's words for its place in the queue of the worker processes
  $("progress-text").textContent =
    status.state === "queued" ? ` ${status.message}` : ` ${status.done || 0} of ${total} decisions`;
}

function resultText(a) {
  if (!a.finished) return "The game is not finished.";
  if (a.winner === null) return "The game was a draw.";
  const [v0, v1] = a.votes;
  const w = a.winner;
  const mine = w === 0 ? v0 : v1;
  const theirs = w === 0 ? v1 : v0;
  if (a.reason === "votes") return `Player ${w} won, ${mine} votes to ${theirs}.`;
  if (a.reason === "cards") return `Player ${w} won on cards, ${mine} votes each.`;
  return `Player ${w} won: ${a.reason} decided the game.`;
}

function drawSummary(a) {
  $("result").textContent = resultText(a);
  $("players").replaceChildren(
    ...a.players.map((p, seat) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, `Player ${seat}`),
        h("td", {}, p.decisions),
        h("td", {}, p.inaccuracies),
        h("td", {}, p.mistakes),
        h("td", {}, p.blunders),
        h("td", {}, `${(100 * p.average_drop).toFixed(1)} points`),
      ),
    ),
  );
  $("summary").hidden = false;
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

function drawChart(a) {
  const points = a.chances;
  const W = 900;
  const H = 240;
  const pad = 28;
  const x = (i) => pad + (points.length > 1 ? (i * (W - 2 * pad)) / (points.length - 1) : 0);
  const y = (c) => pad + (1 - c) * (H - 2 * pad);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.player0).toFixed(1)}`);
  const area = `${line.join(" ")} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0)},${y(0)} Z`;
  const byPly = new Map(a.decisions.map((d) => [d.ply, d]));
  const dots = points.flatMap((p, i) => {
    const d = byPly.get(p.ply);
    if (!d || !d.verdict) return [];
    const title = svg("title");
    title.textContent = `move ${d.ply + 1}, player ${d.player}: ${d.move}, ${d.verdict}`;
    return [svg("circle", { class: `dot ${d.verdict}`, cx: x(i), cy: y(p.player0), r: 5 }, title)];
  });
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Player 0's chance of winning over the game" },
    svg("line", { class: "half", x1: pad, x2: W - pad, y1: y(0.5), y2: y(0.5) }),
    svg("path", { class: "area", d: area }),
    svg("path", { class: "line", d: line.join(" ") }),
    ...dots,
  );
  for (const [c, label] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
    const text = svg("text", { class: "axis", x: 2, y: y(c) + 4 });
    text.textContent = label;
    chart.append(text);
  }
  $("chart").replaceChildren(chart);
  $("chart-box").hidden = false;
}

function decisionItem(d) {
  const phase = d.phase === 2 ? "II" : "I";
  const mark = d.verdict ? h("span", { class: `mark ${d.verdict}` }, ` ${SYMBOL[d.verdict]} ${d.verdict}`) : "";
  const better =
    d.best !== d.move
      ? h("span", { class: "better" }, "Better: ", h("strong", { title: d.best }, d.best_text || d.best), ` (${percent(d.best_chance)}), `,
          `−${Math.round(100 * d.drop)} ± ${Math.round(100 * d.noise)} points`)
      : h("span", { class: "better" }, "The search's choice too.");
  return h(
    "li",
    { class: d.verdict ? "marked" : "unmarked", dataset: { ply: String(d.ply), verdict: d.verdict || "" } },
    h("span", { class: "where" }, `Move ${d.ply + 1} · phase ${phase}, trick ${d.trick} · player ${d.player} `),
    h("a", { href: `/play/${encodeURIComponent(gameId)}?replay=${d.ply}`, title: "The position before this move, in the replay" }, "position"),
    h("br"),
    h("strong", { title: d.move }, d.move_text || d.move),
    ` (${percent(d.chance)})`,
    mark,
    better,
  );
}

function drawMoves(a) {
  const all = $("show-all").checked;
  const shown = a.decisions.filter((d) => all || d.verdict);
  $("moves").replaceChildren(
    ...(shown.length ? shown.map(decisionItem) : [h("li", {}, "No move lost a clear chance of winning.")]),
  );
  const t = a.thresholds;
  $("method").textContent =
    `${a.budget.toLocaleString("en")} simulations a decision (seed ${a.seed}). A drop of ` +
    `${100 * t.inaccuracy}, ${100 * t.mistake} or ${100 * t.blunder} points of winning chance ` +
    "is an inaccuracy, a mistake or a blunder when it is larger than its margin of error.";
  $("moves-box").hidden = false;
}

function draw(a) {
  $("progress-box").hidden = true;
  $("title").textContent = `Analysis · ${a.decisions.length} decisions in ${a.moves} moves`;
  drawSummary(a);
  drawChart(a);
  drawMoves(a);
  $("show-all").addEventListener("change", () => drawMoves(a));
  document.body.dataset.state = "done";
}

async function run() {
  try {
    let status = await call("POST");
    while (status.state === "running" || status.state === "queued") {
      document.body.dataset.state = status.state;
      showProgress(status);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      status = await call("GET");
      // several server processes without sticky routing (docs/web.md): another process
      // answered, which has no job for the game; asking it to start one gives the same
      // (seeded) analysis
      if (status.state === "none") status = await call("POST");
    }
    if (status.state === "done") draw(status.analysis);
    else throw new Error(status.error || "the analysis did not start");
  } catch (err) {
    notice(String(err.message || err));
    $("progress-box").hidden = true;
    document.body.dataset.state = "error";
  }
}

run();
