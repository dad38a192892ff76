// The analysis page (/analysis/{id}): starts the analysis of a finished game, shows its
// progress, then the chances of winning over the game and every decision with the better move.
// The numbers are the server's (claim.analysis, docs/analysis.md); this page only draws them.

import { h, say } from "./cards.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const api = `/api/games/${encodeURIComponent(gameId)}/analysis`;
const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };
// the verdicts (codes in the analysis) as the page words them
const VERDICT = { inaccuracy: say("verdict_inaccuracy"), mistake: say("verdict_mistake"), blunder: say("verdict_blunder") };
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

// the players as the table names them: the display names chosen when the game was made, else
// the bot's kind, else "player N" (filled from the game's summary before the analysis is drawn)
let names = [0, 1].map((n) => say("player_n", { n }));

async function loadNames() {
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(gameId)}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const summary = await response.json();
    const shown = summary.names || [null, null];
    // the bots as the server names them (claim.text.bots.seat_label); a human seat by its name
    const bots = (summary.seats || []).map((kind, p) => (kind.startsWith("bot:") ? (summary.labels || [])[p] : ""));
    const same = bots[0] && bots[0] === bots[1];
    names = [0, 1].map((p) => shown[p] || (bots[p] ? (same ? `${bots[p]} ${p}` : bots[p]) : say("player_n", { n: p })));
  } catch {
    /* the numbers do not need the names: "player N" stays */
  }
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function percent(chance) {
  return `${Math.round(100 * chance)}%`;
}

function showProgress(status) {
  const total = status.total || 0;
  $("progress").max = Math.max(total, 1);
  $("progress").value = status.done || 0;
  // queued: the server's words for its place in the queue of the worker processes
  $("progress-text").textContent =
    status.state === "queued" ? ` ${status.message}` : ` ${say("decisions_done", { done: status.done || 0, total })}`;
}

function resultText(a) {
  if (!a.finished) return say("not_finished");
  if (a.winner === null) return say("was_draw");
  const [v0, v1] = a.votes;
  const w = a.winner;
  const mine = w === 0 ? v0 : v1;
  const theirs = w === 0 ? v1 : v0;
  const who = cap(names[w]);
  if (a.reason === "votes") return say("won_votes", { who, mine, theirs });
  if (a.reason === "cards") return say("won_cards", { who, mine });
  return say("won_other", { who, reason: a.reason });
}

function drawSummary(a) {
  $("result").textContent = resultText(a);
  $("players").replaceChildren(
    ...a.players.map((p, seat) =>
      h(
        "tr",
        {},
        h("th", { scope: "row", class: "name" }, cap(names[seat])),
        h("td", {}, p.decisions),
        h("td", {}, p.inaccuracies),
        h("td", {}, p.mistakes),
        h("td", {}, p.blunders),
        h("td", {}, say("points", { n: (100 * p.average_drop).toFixed(1) })),
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

/** The chart, drawn at the width it has (so its text keeps its size on a phone): player 0's
 * chance over the moves, the 0/50/100% axis, a move axis and a dot on each marked move. */
let chartWidth = 0;

function drawChart(a) {
  $("chart-box").hidden = false; // measured, so shown first
  const points = a.chances;
  chartWidth = $("chart").clientWidth;
  const W = Math.max(260, Math.round(chartWidth || 900));
  const H = Math.round(Math.min(260, Math.max(170, W * 0.3)));
  const left = 40;
  const right = 10;
  const top = 10;
  const bottom = 36;
  const last = points.length ? points[points.length - 1].ply + 1 : 1;
  // x: the move number (ply + 1), from 1 to the last decision's move
  const x = (move) => left + (last > 1 ? ((move - 1) * (W - left - right)) / (last - 1) : 0);
  const y = (c) => top + (1 - c) * (H - top - bottom);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(p.ply + 1).toFixed(1)},${y(p.player0).toFixed(1)}`);
  const first = points.length ? x(points[0].ply + 1) : left;
  const end = points.length ? x(points[points.length - 1].ply + 1) : left;
  const area = `${line.join(" ")} L${end.toFixed(1)},${y(0)} L${first.toFixed(1)},${y(0)} Z`;
  const byPly = new Map(a.decisions.map((d) => [d.ply, d]));
  const dots = points.flatMap((p) => {
    const d = byPly.get(p.ply);
    if (!d || !d.verdict) return [];
    const title = svg("title");
    title.textContent = say("dot_title", { move: d.ply + 1, name: names[d.player], text: d.move_text || d.move, verdict: VERDICT[d.verdict] || d.verdict });
    return [svg("circle", { class: `dot ${d.verdict}`, cx: x(p.ply + 1), cy: y(p.player0), r: 5 }, title)];
  });
  const label = say("chance_chart", { name: cap(names[0]) });
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": label },
    svg("line", { class: "half", x1: left, x2: W - right, y1: y(0.5), y2: y(0.5) }),
    svg("line", { class: "frame", x1: left, x2: W - right, y1: y(0), y2: y(0) }),
    svg("path", { class: "area", d: area }),
    svg("path", { class: "line", d: line.join(" ") }),
    ...dots,
  );
  for (const [c, text] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
    const el = svg("text", { class: "axis", x: left - 4, y: y(c) + 4, "text-anchor": "end" });
    el.textContent = text;
    chart.append(el);
  }
  // the move axis: a tick every 5, 10, 20... moves, as many as the width holds
  const room = Math.max(1, Math.floor((W - left - right) / 44));
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200].find((s) => last / s <= room) || 500;
  const axis = svg("g", { class: "move-axis", "data-step": step });
  for (let move = 1; move <= last; move += move === 1 && step > 1 ? step - 1 : step) {
    axis.append(svg("line", { class: "tick", x1: x(move), x2: x(move), y1: y(0), y2: y(0) + 4 }));
    const el = svg("text", { class: "axis tick-label", x: x(move), y: y(0) + 16, "text-anchor": "middle" });
    el.textContent = String(move);
    axis.append(el);
  }
  const title = svg("text", { class: "axis axis-title", x: left + (W - left - right) / 2, y: H - 3, "text-anchor": "middle" });
  title.textContent = say("axis_move");
  axis.append(title);
  chart.append(axis);
  $("chart").replaceChildren(chart);
  $("chart-box").hidden = false;
  $("chart-legend-who").textContent = say("chance_legend", { name: cap(names[0]), other: names[1] });
}

function decisionItem(d) {
  const phase = d.phase === 2 ? "II" : "I";
  const mark = d.verdict ? h("span", { class: `mark ${d.verdict}` }, ` ${SYMBOL[d.verdict]} ${VERDICT[d.verdict] || d.verdict}`) : "";
  // issue 39: the player had asked for a hint before this move (the server's words)
  const hinted = d.hinted ? h("span", { class: "mark hinted" }, ` · ${d.hinted_text}`) : "";
  const better =
    d.best !== d.move
      ? h("span", { class: "better" }, say("better"), h("strong", { title: d.best }, d.best_text || d.best), ` (${percent(d.best_chance)}), `,
          // the server's words for the drop: its verdict was decided on these same figures
          d.loss || say("drop", { drop: Math.round(100 * d.drop), noise: Math.round(100 * d.noise) }))
      : h("span", { class: "better" }, say("search_choice"));
  return h(
    "li",
    { class: d.verdict ? "marked" : "unmarked", dataset: { ply: String(d.ply), verdict: d.verdict || "", hinted: d.hinted ? "1" : "" } },
    h("span", { class: "where" }, say("decision_where", { move: d.ply + 1, phase, trick: d.trick }), h("span", { class: "name" }, names[d.player]), " "),
    h("a", { href: `/play/${encodeURIComponent(gameId)}?replay=${d.ply}`, title: say("position_tip") }, say("position")),
    h("br"),
    h("strong", { title: d.move }, d.move_text || d.move),
    ` (${percent(d.chance)})`,
    mark,
    hinted,
    better,
  );
}

function drawMoves(a) {
  const all = $("show-all").checked;
  const shown = a.decisions.filter((d) => all || d.verdict || d.hinted);
  $("moves").replaceChildren(
    ...(shown.length ? shown.map(decisionItem) : [h("li", {}, say("no_lost_move"))]),
  );
  const t = a.thresholds;
  $("method").textContent = say("method", {
    budget: a.budget.toLocaleString("en"),
    seed: a.seed,
    inaccuracy: 100 * t.inaccuracy,
    mistake: 100 * t.mistake,
    blunder: 100 * t.blunder,
  });
  $("moves-box").hidden = false;
}

function draw(a) {
  $("progress-box").hidden = true;
  // the chart is drawn at its width: again when the page is turned or resized
  window.addEventListener("resize", () => {
    if ($("chart").clientWidth !== chartWidth) drawChart(a);
  });
  $("title").textContent = say("analysis_heading", { decisions: a.decisions.length, moves: a.moves });
  drawSummary(a);
  drawChart(a);
  drawMoves(a);
  $("show-all").addEventListener("change", () => drawMoves(a));
  document.body.dataset.state = "done";
}

async function run() {
  const names_ = loadNames();
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
    if (status.state === "done") {
      await names_;
      draw(status.analysis);
    }
    else throw new Error(status.error || say("analysis_failed"));
  } catch (err) {
    notice(String(err.message || err));
    $("progress-box").hidden = true;
    document.body.dataset.state = "error";
  }
}

run();
