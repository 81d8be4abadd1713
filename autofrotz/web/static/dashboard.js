// The games list as a dashboard (per game: models per role, score of max, turns, spend, time taken,
// status) and two runs side by side (score and spend over turns, commands aligned by turn).
// Uses h(), $(), api() and S from app.js; like there, data is only ever inserted as text.
"use strict";

// The list refreshes itself, so a game started after the page opened appears without a reload; when
// the list was empty, the first live game that appears is opened.
const LIST_REFRESH_MS = 1500;
const ROLES = [["game_agent", "game"], ["puzzle_agent", "puzzle"], ["map_parser", "map"], ["item_parser", "items"]];
const picked = new Set();  // game ids ticked for comparing

async function showGames() {
  showOnly("games");
  clearTimeout(S.listTimer);
  $("game-title").textContent = ""; $("mode-badge").hidden = true;
  $("score-stat").textContent = ""; $("cost-stat").textContent = "";
  const games = await api("/api/games").catch(() => []);
  if (parseHash() || compareHash()) return;  // the user opened something while the list was loading
  const wasEmpty = S.listSeen === 0;
  S.listSeen = games.length;
  const fresh = wasEmpty && games.find((g) => g.status === "playing");
  if (fresh) { location.hash = `#/game/${fresh.game_id}`; return; }
  S.listTimer = setTimeout(() => { if (!parseHash() && !compareHash()) showGames(); }, LIST_REFRESH_MS);
  $("games-body").replaceChildren(...games.map(gameRow));
  $("games-empty").hidden = games.length > 0;
  updateCompareButton();
}

function gameRow(g) {
  const href = `#/game/${g.game_id}`;
  const box = h("input", { type: "checkbox", "aria-label": `compare game ${g.game_id}`, checked: picked.has(g.game_id),
    onclick: (ev) => { ev.stopPropagation(); togglePick(g.game_id, ev.target.checked); } });
  return h("tr", { dataset: { game: g.game_id }, onclick: () => { location.hash = href; } },
    h("td", {}, box), h("td", {}, h("a", { href }, String(g.game_id))), h("td", {}, gameName(g)),
    h("td", {}, h("span", { class: `pill ${g.status}` }, g.status === "playing" ? "● playing" : statusLabel(g))),
    h("td", { class: "num" }, scoreText(g.final_score, g.max_score)), h("td", { class: "num" }, String(g.total_turns ?? "")),
    h("td", { class: "num" }, `$${Number(g.cost || 0).toFixed(4)}`), h("td", { class: "num" }, duration(g)),
    h("td", { class: "models" }, modelsText(g)), h("td", {}, (g.start_time || "").replace("T", " ").slice(0, 16)));
}

// The model each role called. A game agent that called none was the built-in agent; a parser that
// called none read every reply by its rules.
function modelsText(g) {
  const models = g.models || {};
  return ROLES.map(([role, label]) => `${label}: ${models[role] || (role === "game_agent" ? "built-in" : "rules")}`).join(" · ");
}

function duration(g) {
  const t0 = Date.parse(g.start_time || ""), t1 = g.end_time ? Date.parse(g.end_time) : Date.now();
  if (!Number.isFinite(t0) || !Number.isFinite(t1)) return "";
  const s = Math.max(0, Math.round((t1 - t0) / 1000));
  return s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

function togglePick(id, on) {
  if (on) picked.add(id); else picked.delete(id);
  while (picked.size > 2) picked.delete(picked.values().next().value);  // the two last ticked
  for (const input of document.querySelectorAll("#games-body input[type=checkbox]")) {
    input.checked = picked.has(Number(input.closest("tr").dataset.game));
  }
  updateCompareButton();
}

function updateCompareButton() {
  const btn = $("compare-btn");
  btn.disabled = picked.size !== 2;
  btn.textContent = picked.size === 2 ? `Compare games ${[...picked].join(" and ")}` : "Tick two games to compare them";
  btn.onclick = () => { const [a, b] = [...picked].sort((x, y) => x - y); location.hash = `#/compare/${a}/${b}`; };
}

// The record's own status word, as the terminal and the transcript file say it; for "abandoned" the
// page adds why when the record shows it (the --max-turns limit reached).
function statusLabel(g) {
  const status = g.status || "";
  if (status !== "abandoned") return status;
  let max = null;
  try { max = JSON.parse(g.config_json || "{}").max_turns; } catch (_) { /* old record */ }
  return max && g.total_turns >= max ? `abandoned at --max-turns ${max}` : "abandoned";
}

function gameName(g) { return String(g.game_file || "").split("/").pop().replace(/\.z\d$/, ""); }
function scoreText(score, max) { return score == null ? "" : max ? `${score} / ${max}` : String(score); }

// ---------- two runs side by side ----------

const COMPARE_ROWS = 400;

function compareHash() {
  const m = location.hash.match(/^#\/compare\/(\d+)\/(\d+)/);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

async function loadRun(id) {
  const [game, turns, metrics] = await Promise.all([api(`/api/games/${id}`), api(`/api/games/${id}/turns`),
    api(`/api/games/${id}/metrics`).catch(() => ({ series: {} }))]);
  return { id, game, turns, series: metrics.series || {} };
}

async function showCompare(a, b) {
  showOnly("compare");
  $("game-title").textContent = `Games ${a} and ${b} side by side`;
  let runs;
  try { runs = await Promise.all([loadRun(a), loadRun(b)]); } catch (err) { toast(`Cannot compare: ${err.message}`); return; }
  const [x, y] = runs;
  const label = (r) => `#${r.id} ${gameName(r.game)} · ${statusLabel(r.game)}`;
  const legend = h("p", { class: "compare-legend" }, h("span", { class: "run-a" }, `■ ${label(x)}`), "  ",
    h("span", { class: "run-b" }, `■ ${label(y)}`));
  const charts = h("div", { class: "charts" },
    FrotzCharts.lineChart("Score", scorePoints(x), RUN_COLORS[0], null, [{ points: scorePoints(y), color: RUN_COLORS[1] }]),
    FrotzCharts.lineChart("Spend ($)", seriesPoints(x.series, "cost"), RUN_COLORS[0], null,
      [{ points: seriesPoints(y.series, "cost"), color: RUN_COLORS[1] }]));
  $("compare-body").replaceChildren(legend, charts, alignedCommands(x, y));
}

const RUN_COLORS = ["#f5b942", "#5ac8fa"];

// Score over turns from the turn rows (the metrics series only has turns with model calls).
function scorePoints(run) { return run.turns.filter((t) => t.score != null).map((t) => [Number(t.turn_number), Number(t.score)]); }

function alignedCommands(x, y) {
  const byA = new Map(x.turns.map((t) => [t.turn_number, t])), byB = new Map(y.turns.map((t) => [t.turn_number, t]));
  const last = Math.max(x.turns.length ? x.turns[x.turns.length - 1].turn_number : 0, y.turns.length ? y.turns[y.turns.length - 1].turn_number : 0);
  const rows = [];
  for (let n = 1; n <= Math.min(last, COMPARE_ROWS); n++) {
    const ta = byA.get(n), tb = byB.get(n);
    const same = ta && tb && ta.command === tb.command;
    rows.push(h("tr", { class: same ? "same" : "differ" }, h("td", { class: "num" }, String(n)),
      cell(x.id, ta), cell(y.id, tb)));
  }
  const more = last > COMPARE_ROWS ? h("p", { class: "muted small" }, `the first ${COMPARE_ROWS} of ${last} turns`) : null;
  return h("div", { class: "aligned" }, h("table", { class: "games-table compare-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "Turn"), h("th", {}, `#${x.id}`), h("th", {}, `#${y.id}`))),
    h("tbody", {}, rows)), more);
}

function cell(id, t) {
  if (!t) return h("td", { class: "muted" }, "—");
  const score = t.score != null ? ` (${t.score})` : "";
  return h("td", {}, h("a", { href: `#/game/${id}/turn/${t.turn_number}` }, `> ${t.command || "(start)"}`), h("span", { class: "muted" }, score));
}
