// Turn detail (reasoning, every LLM call's prompt, raw response and parse) and the metrics panel.
// Uses h() and $() from app.js; like there, data is only ever inserted as text.
"use strict";

// ---------- turn detail ----------

function pre(text, cls) { return h("pre", { class: cls || "code" }, text == null ? "" : String(text)); }

function asText(v) { return typeof v === "string" ? v : JSON.stringify(v, null, 2); }

function renderCall(call, i) {
  const tokens = `${call.input_tokens ?? 0} in · ${call.output_tokens ?? 0} out · ${call.cached_tokens ?? 0} cached`;
  const summary = h("summary", {}, h("span", { class: "agent" }, call.agent || "llm"),
    h("span", { class: "muted" }, ` ${call.provider || ""}/${call.model || ""}`),
    h("span", { class: "call-meta" }, `${tokens} · ${Math.round(call.latency_ms || 0)} ms · $${Number(call.cost_estimate || 0).toFixed(4)}`),
    call.error ? h("span", { class: "pill lost" }, "error") : null);
  const messages = (call.messages || []).map((m) => h("div", { class: "msg" },
    h("div", { class: "role" }, m.role || "message"), pre(asText(m.content ?? m))));
  return h("details", { class: "call", dataset: { call: i } }, summary,
    h("h4", {}, "System prompt"), pre(call.system_prompt, "code prompt"),
    h("h4", {}, "Messages"), ...messages,
    h("h4", {}, "Raw response"), pre(call.raw_response, "code raw"),
    h("h4", {}, "Parsed result"), pre(call.parsed_result == null ? "—" : asText(call.parsed_result), "code parsed"),
    call.error ? h("div", { class: "error" }, call.error) : null);
}

function stateChanges(d, prev) {
  if (!prev || !prev.state || !d.state) return null;
  const ids = (xs, k) => new Set((xs || []).map((x) => x[k]));
  const newRooms = (d.state.rooms || []).filter((r) => !ids(prev.state.rooms, "room_id").has(r.room_id)).map((r) => r.name);
  const newItems = (d.state.items || []).filter((i) => !ids(prev.state.items, "item_id").has(i.item_id)).map((i) => i.name);
  const parts = [];
  if (newRooms.length) parts.push(`new rooms: ${newRooms.join(", ")}`);
  if (newItems.length) parts.push(`new items: ${newItems.join(", ")}`);
  if (prev.state.current_room !== d.state.current_room) {
    const room = roomOf(d.state, d.state.current_room);
    parts.push(`moved to ${room ? room.name : d.state.current_room}`);
  }
  const had = new Set(prev.state.inventory || []), has = new Set(d.state.inventory || []);
  const names = new Map((d.state.items || []).map((i) => [i.item_id, i.name]));
  const taken = [...has].filter((i) => !had.has(i)).map((i) => names.get(i) || i);
  const dropped = [...had].filter((i) => !has.has(i)).map((i) => names.get(i) || i);
  if (taken.length) parts.push(`took ${taken.join(", ")}`);
  if (dropped.length) parts.push(`no longer carrying ${dropped.join(", ")}`);
  const solved = (d.state.puzzles || []).filter((p) => p.solved_turn === d.turn_number).map((p) => p.description);
  if (solved.length) parts.push(`solved: ${solved.join("; ")}`);
  return parts.length ? h("p", { class: "changes" }, parts.join(" · ")) : null;
}

// The agent's rule that chose the command and the rules that vetoed others (turns.agent_rule, agent_vetoes).
function ruleLine(d) {
  const vetoes = d.vetoes || [];
  if (!d.rule && !vetoes.length) return null;
  const parts = [d.rule ? `Command decided by rule: ${d.rule}` : "", vetoes.length ? `vetoed by: ${vetoes.join("; ")}` : ""];
  return h("p", { class: "decided-by agent-rule" }, parts.filter(Boolean).join(" · "));
}

function renderDetail(d) {
  const calls = d.llm_calls || [];
  $("detail").replaceChildren(...[
    h("div", { class: "detail-head" }, h("span", { class: "turn-no" }, `Turn ${d.turn_number}`),
      h("span", { class: "cmd" }, d.command ? `> ${d.command}` : "(start)"),
      d.event ? h("span", { class: `pill ${d.event}` }, d.event) : null,
      d.agent === "human" ? h("span", { class: "pill human" }, "typed by a human") : null),
    d.decided_by ? h("p", { class: "decided-by" }, `Room decided by rule: ${d.decided_by}`) : null,  // map_rules.RULES
    h("div", { id: "changes" }, stateChanges(d, S.cache.get(d.turn_number - 1))),
    h("h3", {}, "Agent reasoning"), pre(d.reasoning || d.agent_reasoning || "—", "reasoning"),
    ruleLine(d),
    h("h3", {}, `LLM calls (${calls.length})`),
    ...(calls.length ? calls.map(renderCall) : [h("p", { class: "empty" }, "No model calls this turn.")])].filter(Boolean));
}

// ---------- metrics ----------

function rowsOf(v) {
  if (Array.isArray(v)) return v;
  if (v && typeof v === "object") return Object.entries(v).map(([name, o]) => ({ name, ...(typeof o === "object" ? o : { value: o }) }));
  return [];
}

function fmtCell(v) {
  if (typeof v === "number") return Number.isInteger(v) ? v.toLocaleString() : v < 1 ? v.toFixed(4) : v.toFixed(1);
  return v == null ? "" : String(v);
}

const USAGE_COLUMNS = [
  ["calls", "calls", fmtCell], ["input_tokens", "input", fmtCell], ["output_tokens", "output", fmtCell],
  ["cached_tokens", "cached", fmtCell], ["cache_hit_rate", "cache hit", (v) => `${Number(v || 0).toFixed(1)}%`],
  ["cost", "cost", (v) => `$${Number(v || 0).toFixed(4)}`], ["mean_latency_ms", "latency", (v) => `${Math.round(v || 0)} ms`],
  ["errors", "errors", fmtCell],
];

function table(title, key, rows) {
  if (!rows.length) return null;
  return h("div", { class: "mtable" }, h("h3", {}, title), h("table", {},
    h("thead", {}, h("tr", {}, h("th", {}, key), USAGE_COLUMNS.map(([, label]) => h("th", {}, label)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, String(r[key] ?? r.name ?? "")),
      USAGE_COLUMNS.map(([col, , fmt]) => h("td", {}, fmt(r[col]))))))));
}

function seriesPoints(series, key) {
  const xs = series.turn || [], ys = series[key] || [];
  return xs.map((t, i) => [Number(t), Number(ys[i] ?? 0)]);
}

function renderMetrics() {
  const m = S.metrics || {};
  const totals = m.totals || {};
  const card = (label, value) => h("div", { class: "kpi" }, h("div", { class: "kpi-value" }, value), h("div", { class: "kpi-label" }, label));
  const cost = Number(totals.cost || 0);
  const s = m.series || {};
  const charts = [["Score", seriesPoints(s, "score"), "#f5b942"], ["Rooms", seriesPoints(s, "rooms_known"), "#5ac8fa"],
    ["Items", seriesPoints(s, "items_known"), "#7ee081"], ["Puzzles solved", seriesPoints(s, "puzzles_solved"), "#c38cff"],
    ["Tokens per turn", seriesPoints(s, "tokens"), "#ff8a65"], ["Cost so far ($)", seriesPoints(s, "cost"), "#e0e0e0"]];
  const perTurn = S.last > 0 ? Math.round(((totals.input_tokens || 0) + (totals.output_tokens || 0)) / S.last) : 0;
  // replaceChildren would print a null as the text "null": leave the absent parts out.
  $("metrics").replaceChildren(...[
    h("div", { class: "kpis" }, card("tokens", fmtCell((totals.input_tokens || 0) + (totals.output_tokens || 0))),
      card("tokens / turn", fmtCell(perTurn)), card("cost", `$${cost.toFixed(4)}`),
      card("cache hit rate", `${Number(totals.cache_hit_rate || 0).toFixed(1)}%`),
      card("mean latency", `${Math.round(totals.mean_latency_ms || 0)} ms`),
      card("LLM calls", fmtCell(totals.calls || 0)), card("errors", fmtCell(totals.errors || 0))),
    h("div", { class: "charts" }, charts.map(([t, pts, c]) => FrotzCharts.lineChart(t, pts, c, S.current))),
    table("By agent", "agent", rowsOf(m.by_agent)), table("By provider", "provider", rowsOf(m.by_provider)),
    table("By model", "model", rowsOf(m.by_model)), renderKnowledge(S.knowledge),
    totals.calls ? null : h("p", { class: "empty" }, "No model was called in this game (built-in agent and rules)."),
  ].filter(Boolean));
}

// ---------- learning across runs ----------

const KNOWN_COUNTS = [["rooms", "rooms"], ["exits", "exits"], ["items", "things found"],
  ["scoring_actions", "scoring actions"], ["deaths", "deaths"], ["refusals", "refusals"], ["mazes", "mazes"],
  ["dead_ends", "dead ends"], ["walls", "walls"], ["ways_on", "ways on"], ["own_verbs", "verbs of its own"]];

function renderKnowledge(k) {
  if (!k || !k.knew) return null;
  const knew = k.knew;
  const head = knew.fresh ? `Run ${knew.run}: started blank (--fresh)`
    : knew.runs ? `Run ${knew.run}: started knowing what ${knew.runs} earlier run(s) taught`
      : `Run ${knew.run}: the first run of this story`;
  const counts = KNOWN_COUNTS.filter(([key]) => knew[key]).map(([key, label]) => `${knew[key]} ${label}`);
  const turns = (k.turns || []).map((t) => h("li", {},
    h("a", { href: `#/game/${S.gameId}/turn/${t.turn_number}` }, `turn ${t.turn_number}`),
    ` > ${t.command} — ${t.reasoning}`));
  return h("div", { class: "mtable knowledge", id: "knowledge" }, h("h3", {}, "Knowledge from earlier runs"),
    h("p", {}, head + (counts.length ? `: ${counts.join(", ")}` : "") + (knew.guide ? "; a strategy guide" : "")),
    h("h4", {}, `Turns that used it (${turns.length})`),
    turns.length ? h("ul", { class: "knowledge-turns" }, turns.slice(0, 200)) : h("p", { class: "empty" }, "None yet."),
    k.guide ? h("h4", {}, "Guide written after this run") : null, k.guide ? pre(k.guide, "code guide") : null);
}
