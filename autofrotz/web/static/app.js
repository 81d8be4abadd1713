// AutoFrotz monitor: live view and replay of recorded games.
// Game text and model text are only ever inserted with textContent / text nodes (see h()).
"use strict";

const TRANSCRIPT_WINDOW = 120;  // turns of transcript kept in the page around the shown turn
const DETAIL_CACHE = 80;

const S = {
  gameId: null, game: null, turns: [], byN: new Map(), first: 0, last: -1, current: null,
  following: true, cache: new Map(), fetching: new Map(), layout: null, metrics: null, knowledge: null,
  ws: null, wsRetry: 0,
  playTimer: null, playing: false, seq: 0, nodes: new Map(), lastDetail: null, liveRender: null,
  listTimer: null, listSeen: null, waitTimer: null, liveBusy: false, ended: false, serverGone: false,
  window: TRANSCRIPT_WINDOW,
};

const $ = (id) => document.getElementById(id);

// Build an element; string children become text nodes, so no markup is ever parsed.
function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    node.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

async function api(path) {
  let res;
  try { res = await fetch(path, { headers: { Accept: "application/json" } }); } catch (err) { serverGone(); throw err; }
  if (S.serverGone) serverBack();
  if (!res.ok) {
    let msg = `${res.status}`;
    try { msg = (await res.json()).error || msg; } catch (_) { /* not JSON */ }
    const err = new Error(msg);
    err.status = res.status;
    throw err;
  }
  return res.json();
}

function toast(message) { if (!S.serverGone) notice(message, "error"); }

// The server stopped (the play command ends once no page has been open for a while): say it once,
// keep what the page shows, and stop the error notices every click would bring.
function serverGone() {
  if (S.serverGone) return;
  S.serverGone = true;
  $("server-gone").hidden = false;
}

function serverBack() { S.serverGone = false; $("server-gone").hidden = true; }

// ---------- routing ----------

function parseHash() {
  const m = location.hash.match(/^#\/game\/(\d+)(?:\/turn\/(\d+))?/);
  return m ? { gameId: Number(m[1]), turn: m[2] == null ? null : Number(m[2]) } : null;
}

async function route() {
  const r = parseHash();
  clearTimeout(S.waitTimer);
  const pair = compareHash();
  if (pair) { closeGame(); await showCompare(pair[0], pair[1]); return; }
  if (!r) { closeGame(); await showGames(); return; }
  try {
    if (r.gameId !== S.gameId) await openGame(r.gameId);
  } catch (err) {
    if (err.status === 404) { waitForGame(r.gameId); return; }
    closeGame(); await showGames(); toast(`Cannot open game ${r.gameId}: ${err.message}`); return;
  }
  $("waiting").hidden = true;
  if (r.turn == null) { setFollowing(true); await showTurn(S.last); } else { setFollowing(false); await showTurn(r.turn); }
}

function setHash(turn) {
  const want = turn == null ? `#/game/${S.gameId}` : `#/game/${S.gameId}/turn/${turn}`;
  if (location.hash !== want) history.replaceState(null, "", want);
}

// A link to a game whose row is not written yet (the page opened before the game started): wait for it.
function waitForGame(id) {
  closeGame(); showOnly("waiting");
  $("waiting").textContent = `Waiting for game ${id} to start…`;
  S.waitTimer = setTimeout(() => { const r = parseHash(); if (r && r.gameId === id) route(); }, 1000);
}

function showOnly(view) {
  $("game-view").hidden = view !== "game"; $("controls").hidden = view !== "game"; $("panes").hidden = view !== "game";
  $("games-view").hidden = view !== "games"; $("waiting").hidden = view !== "waiting";
  $("compare-view").hidden = view !== "compare";
  $("exports").hidden = view !== "game";
  if (view !== "game") { $("live-controls").hidden = true; document.body.classList.remove("controllable"); }
}

// ---------- game ----------

function closeGame() {
  stopPlay();
  clearTimeout(S.listTimer);
  if (S.ws) { S.ws.onclose = null; S.ws.close(); S.ws = null; delete document.body.dataset.live; }
  S.gameId = null;
}

async function openGame(id) {
  closeGame();
  const [game, turns, latestMap] = await Promise.all([
    api(`/api/games/${id}`), api(`/api/games/${id}/turns`), api(`/api/games/${id}/map`).catch(() => null)]);
  Object.assign(S, { gameId: id, game, turns: [], byN: new Map(), first: 0, last: -1, current: null, ended: false,
    window: TRANSCRIPT_WINDOW, cache: new Map(), fetching: new Map(),
    layout: new FrotzMap.Layout(), metrics: null, knowledge: null, nodes: new Map(), lastDetail: null });
  if (latestMap) { const m = FrotzMap.normalize(latestMap); S.layout.place(m.rooms, m.edges); }
  clearNotices();
  onControl({ controllable: false });
  addTurns(turns, false);
  showOnly("game");
  $("dl-transcript").href = `/api/games/${id}/transcript.txt`;
  $("dl-record").href = `/api/games/${id}/record.json`;
  $("game-title").replaceChildren(h("span", { class: "gname" }, gameName(game)), h("span", { class: "gid" }, ` game #${id}`));
  updateBadge();
  loadMetrics();
  if (game.status === "playing") { connectLive(); loadControl(); }
}

function addTurns(rows, live) {
  let grew = false;
  for (const row of rows) {
    const n = Number(row.turn_number);
    if (S.byN.has(n)) continue;
    S.byN.set(n, row); S.turns.push(row);
    if (n > S.last) { S.last = n; grew = true; }
  }
  S.turns.sort((a, b) => a.turn_number - b.turn_number);
  S.first = S.turns.length ? Number(S.turns[0].turn_number) : 0;
  updateControls();
  renderMarks();
  if ($("search").value) runSearch();
  if (live && grew && S.following) scheduleLiveRender();
}

// Live turns are shown one by one, every one of them: the game's own pace (set from the page) decides
// how fast they come. A page that fell behind (opened late, or an unpaced game) catches up quickly,
// still turn by turn, so nothing is skipped.
const LIVE_MIN_MS = 60;

function scheduleLiveRender() {
  if (!S.liveRender && !S.liveBusy) S.liveRender = setTimeout(stepLive, 0);
}

// One loop draws the live turns: while a turn is being drawn, newly arrived turns only wait their go.
async function stepLive() {
  S.liveRender = null;
  if (!S.following || S.current === S.last || S.liveBusy) return;
  const t0 = performance.now();
  S.liveBusy = true;
  try { await showTurn(S.current == null ? S.first : S.current + 1); } finally { S.liveBusy = false; }
  if (S.following && S.current < S.last && !S.liveRender) {
    const behind = S.last - S.current;
    const wait = behind > 3 ? 0 : LIVE_MIN_MS / speed();
    S.liveRender = setTimeout(stepLive, Math.max(0, wait - (performance.now() - t0)));
  }
}

// ---------- live ----------

function connectLive() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/live/${S.gameId}?after=${S.last}`);
  S.ws = ws;
  delete document.body.dataset.live;
  ws.onmessage = (ev) => onLiveMessage(JSON.parse(ev.data));
  ws.onopen = () => { S.wsRetry = 0; updateBadge(); };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    S.ws = null; delete document.body.dataset.live; updateBadge();
    if (S.game && S.game.status === "playing") {
      // Reconnect with the last turn we hold: the server resumes right after it, so nothing is lost.
      S.wsRetry = Math.min(S.wsRetry + 1, 6);
      setTimeout(() => { if (!S.ws && S.gameId === S.game.game_id) connectLive(); }, 300 * S.wsRetry);
    } else {
      api("/api/games").catch(() => { /* api() tells the page the server stopped */ });
    }
  };
}

function onLiveMessage(msg) {
  if (msg.type === "turns") addTurns(msg.turns, true);
  else if (msg.type === "turn") { addTurns([msg], true); showLiveSpending(msg); }
  else if (msg.type === "game_end") onGameEnd(msg);
  else if (msg.type === "event") onHookEvent(msg);
  else if (msg.type === "control") onControl(msg);
  else if (msg.type === "caught_up") {
    document.body.dataset.live = "caught-up";  // from here on every turn comes live (tests wait for it)
    if (msg.game) { S.game = msg.game; updateBadge(); renderControl(); }
  }
}

// The game ended: the page goes on drawing every turn it has not shown yet, then says the game is over.
async function onGameEnd(msg) {
  S.ended = true;
  S.game = { ...S.game, status: msg.status || "finished" };
  updateBadge(); renderControl();
  if (S.current != null && S.current === S.last) renderTranscript(S.current);  // the last turn was drawn first
  try { S.game = await api(`/api/games/${S.gameId}`); updateBadge(); } catch (_) { /* keep what we have */ }
  marksKey = "";
  renderMarks();
  loadMetrics();
}

function onHookEvent(msg) {
  queueNotice(msg);
  if (msg.name === "turn_end" || msg.name === "puzzle_solved") loadMetricsSoon();
}

let metricsTimer = null;
function loadMetricsSoon() { if (!metricsTimer) metricsTimer = setTimeout(() => { metricsTimer = null; loadMetrics(); }, 2000); }

async function loadMetrics() {
  const id = S.gameId;
  try { const m = await api(`/api/games/${id}/metrics`); if (id === S.gameId) { S.metrics = m; renderCosts(); } } catch (_) { /* shown empty */ }
  try { const k = await api(`/api/games/${id}/knowledge`); if (id === S.gameId) { S.knowledge = k; renderMetrics(); } } catch (_) { /* no knowledge panel */ }
}

// ---------- showing a turn ----------

// A turn's detail, fetched once: a step to a turn whose prefetch is under way waits for that request.
function turnDetail(n) {
  const { cache, fetching } = S;  // this game's: a game opened meanwhile has its own
  if (cache.has(n)) return Promise.resolve(cache.get(n));
  if (!fetching.has(n)) fetching.set(n, fetchTurn(S.gameId, n, cache).finally(() => fetching.delete(n)));
  return fetching.get(n);
}

async function fetchTurn(game, n, cache) {
  let lastErr = null;
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const d = await api(`/api/games/${game}/turns/${n}`);
      cache.set(n, d);
      if (cache.size > DETAIL_CACHE) cache.delete(cache.keys().next().value);
      return d;
    } catch (err) {
      lastErr = err;
      if (err.status !== 404 || !S.following) break;
      await new Promise((r) => setTimeout(r, 250));  // live: the turn may not be committed yet
    }
  }
  throw lastErr;
}

async function showTurn(n) {
  if (S.last < 0) { renderEmpty(); return; }
  n = Math.max(S.first, Math.min(S.last, Number(n)));
  const t0 = performance.now();
  const seq = ++S.seq;
  S.current = n;
  setHash(S.following ? null : n);
  updateControls();
  renderTranscript(n);
  let d;
  try { d = await turnDetail(n); } catch (err) { toast(`Turn ${n}: ${err.message}`); return; }
  if (seq !== S.seq) return;  // a newer step superseded this one
  renderState(d);
  flushNotices(n);
  setTimeout(() => prefetchAround(d), PREFETCH_AFTER_MS);
  const cur = S.nodes.get(n), box = $("transcript");
  // Scroll the transcript only: scrollIntoView would also scroll the page (on a phone, past the header).
  const end = n === S.last ? $("game-end") : null;  // the last turn shows the line that says the game is over
  const bottom = end || cur;
  if (bottom && bottom.isConnected) box.scrollTop = Math.max(0, bottom.offsetTop + bottom.offsetHeight - box.clientHeight);
  await new Promise((r) => requestAnimationFrame(() => r()));
  const ms = performance.now() - t0;
  const shown = (window.__autofrotz && window.__autofrotz.shown) || [];  // for tests: every turn drawn, in order
  shown.push(n);
  if (shown.length > 5000) shown.shift();
  window.__autofrotz = { renderedTurn: n, renderMs: ms, sinceNavigationMs: performance.now(), shown };
  document.body.dataset.renderedTurn = String(n);
}

// Fetch the neighbours in the background: stepping becomes instant, and the previous turn gives
// the "what changed" line of the detail view. Only for a turn still shown a moment after it was drawn:
// while the user scrubs or steps quickly, the turns left behind fetch nothing that would slow the next.
const PREFETCH_AFTER_MS = 150;

async function prefetchAround(d) {
  const n = d.turn_number, game = S.gameId;
  const shown = () => game === S.gameId && S.current === n;
  try {
    if (shown() && n - 1 >= S.first && !S.cache.has(n - 1)) {
      const prev = await turnDetail(n - 1);
      const box = $("changes");
      if (shown() && box) box.replaceChildren(...[stateChanges(d, prev)].filter(Boolean));
    }
    if (shown() && n + 1 <= S.last && !S.following) await turnDetail(n + 1);
  } catch (_) { /* a prefetch failure costs nothing */ }
}

function renderEmpty() {
  $("transcript").replaceChildren(h("p", { class: "empty" }, "Waiting for the first turn…"));
}

function renderState(d) {
  const st = d.state || {};
  S.lastDetail = d;
  renderRoom(d, st);
  renderInventory(d, st);
  renderPuzzles(d, st);
  FrotzMap.render($("map"), { ...st, current_room: st.current_room ?? d.room_id }, S.layout, walkedPairs(d.turn_number));
  renderDetail(d);
  renderDeathNote(d);
  if (!$("room-info").hidden) showRoomInfo($("room-info").dataset.room);
  if (S.metrics) renderCosts();
  renderHeader(d);
}

// The header shows the game as at the viewed turn: its score (after a restore, the restored one) and
// the model spend up to that turn.
function renderHeader(d) {
  const score = d.event === "death" && d.restored_score != null ? d.restored_score : d.score;
  $("score-stat").textContent = `Score ${scoreText(score ?? "–", S.game.max_score)} · game's moves ${d.moves ?? "–"}`;
  $("score-stat").title = "The game's own move counter. It can be below the turn number: every command sent is a turn, "
    + "but most games do not count commands they refuse, nor looking, inventory or waiting.";
  showSpending(costAt(d.turn_number));
}

function costAt(n) {
  const s = (S.metrics && S.metrics.series) || {};
  const turns = s.turn || [], cost = s.cost || [];
  let spent = 0;
  for (let i = 0; i < turns.length && Number(turns[i]) <= n; i++) spent = Number(cost[i] || 0);
  return spent;
}

// ---------- controls ----------

function updateControls() {
  $("slider").min = String(S.first); $("slider").max = String(Math.max(S.last, S.first));
  if (S.current != null) { $("slider").value = String(S.current); $("turn-input").value = String(S.current); }
  $("turn-max").textContent = `/ ${Math.max(S.last, 0)}`;
  updateBadge();
}

function updateBadge() {
  const b = $("mode-badge");
  if (!S.game) { b.hidden = true; return; }
  b.hidden = false;
  const live = S.game.status === "playing";
  const drawing = S.ended && S.following && S.current != null && S.current < S.last;
  b.className = `badge ${(live || drawing) && S.following ? "live" : live ? "paused" : S.ended ? "over" : "replay"}`;
  b.textContent = drawing ? `● LIVE · game over, drawing turn ${S.current} of ${S.last}`
    : live ? (S.following ? "● LIVE" : "REPLAY · live game")
      : `${S.ended && S.following ? "GAME OVER" : "REPLAY"} · ${statusLabel(S.game)}`;
  $("btn-live").hidden = !(live && !S.following);
}

function setFollowing(on) { S.following = on; updateBadge(); }

function followLive() { stopPlay(); setFollowing(true); showTurn(S.last); }

function step(delta) { setFollowing(false); stopPlay(); showTurn((S.current ?? S.last) + delta); }
function jump(n) { setFollowing(false); showTurn(n); }

function speed() { return Number($("speed").value) || 1; }

// Each step waits for the previous one to be drawn, so slow answers never skip turns.
async function startPlay() {
  stopPlay();
  setFollowing(false);
  S.playing = true;
  $("btn-play").textContent = "Pause";
  if (S.current >= S.last) await showTurn(S.first);
  const tick = async () => {
    if (!S.playing) return;
    if (S.current >= S.last) { stopPlay(); return; }
    const t0 = performance.now();
    await showTurn(S.current + 1);
    if (S.playing) S.playTimer = setTimeout(tick, Math.max(0, 1000 / speed() - (performance.now() - t0)));
  };
  S.playTimer = setTimeout(tick, 1000 / speed());
}

function stopPlay() {
  S.playing = false;
  if (S.playTimer) clearTimeout(S.playTimer);
  S.playTimer = null;
  $("btn-play").textContent = "▶ Play";
}

function bindControls() {
  $("btn-first").onclick = () => jump(S.first);
  $("btn-last").onclick = () => jump(S.last);
  $("btn-prev").onclick = () => step(-1);
  $("btn-next").onclick = () => step(1);
  $("btn-play").onclick = () => (S.playing ? stopPlay() : startPlay());
  $("btn-live").onclick = followLive;
  $("btn-prev-event").onclick = () => jumpToEvent(-1);
  $("btn-next-event").onclick = () => jumpToEvent(1);
  $("search").oninput = runSearch;
  $("map-fit").onclick = () => FrotzMap.fit($("map"));
  for (const pane of document.querySelectorAll(".pane-btn")) pane.onclick = () => selectPane(pane.dataset.pane);
  $("slider").oninput = () => jump(Number($("slider").value));
  $("turn-input").onchange = () => jump(Number($("turn-input").value));
  $("turn-input").onkeydown = (ev) => { if (ev.key === "Enter") ev.target.blur(); };  // arrows step again
  for (const tab of document.querySelectorAll(".tab")) tab.onclick = () => selectTab(tab.dataset.tab);
  document.addEventListener("keydown", onKey);
}

// Under 700 px the three columns become panes, one at a time.
function selectPane(name) {
  for (const b of document.querySelectorAll(".pane-btn")) b.classList.toggle("active", b.dataset.pane === name);
  $("game-view").dataset.pane = name;
  if (name === "center") FrotzMap.settle($("map"));
}

function selectTab(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.tab === name);
  for (const panel of document.querySelectorAll(".tab-panel")) panel.hidden = panel.id !== `tab-${name}`;
  if (name === "map") FrotzMap.settle($("map"));
}

function onKey(ev) {
  if (S.gameId == null || ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => jump(S.first), End: () => jump(S.last),
    " ": spaceKey };
  if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
}

// Space plays and pauses a replay; on a live game it pauses and resumes the game itself (when this page
// may control it), and never jumps back to the first turn.
function spaceKey() {
  if (!(S.game && S.game.status === "playing")) { if (S.playing) stopPlay(); else startPlay(); return; }
  if (C.status && C.allowed && !C.status.human) sendControl(C.status.paused ? "resume" : "pause");
}

window.addEventListener("hashchange", () => {
  const r = parseHash();
  // Our own replaceState calls do not fire hashchange; this is a pasted or clicked link.
  if (!r || r.gameId !== S.gameId || r.turn !== S.current || (r.turn == null) !== S.following) route();
});
window.addEventListener("DOMContentLoaded", () => { FrotzMap.onRoomClick = showRoomInfo; bindControls(); watchBars(); route(); });

// On a phone both control bars are fixed at the bottom of the screen: the page keeps room for them.
function watchBars() {
  const measure = () => {
    const bar = $("controls").hidden ? 0 : $("controls").offsetHeight;
    const live = $("live-controls").hidden ? 0 : $("live-controls").offsetHeight;
    document.body.style.setProperty("--controls-h", `${bar}px`);
    document.body.style.setProperty("--bars-h", `${bar + live}px`);
  };
  if (window.ResizeObserver) { const ro = new ResizeObserver(measure); ro.observe($("controls")); ro.observe($("live-controls")); }
}

// ---------- spending and budget ----------
// The cost stat reads "$0.0123 of $0.50" when the game has a budget_usd: the one the live turns carry
// (a game resumed with a higher budget has a new one), else the one in the game's recorded config.
const LIVE_BUDGET = new Map();  // game id -> budget_usd of its latest live turn

function renderCosts() {
  renderMetrics();
  if (S.lastDetail) renderHeader(S.lastDetail);  // the spend at the viewed turn
  else showSpending((S.metrics.totals || {}).cost);
}

function gameBudget() {
  if (LIVE_BUDGET.has(S.gameId)) return LIVE_BUDGET.get(S.gameId);
  try { return JSON.parse((S.game && S.game.config_json) || "{}").budget_usd ?? null; } catch (_) { return null; }
}

function showSpending(cost) {
  const budget = gameBudget();
  $("cost-stat").textContent = `$${Number(cost || 0).toFixed(4)}` + (budget ? ` of $${Number(budget).toFixed(2)}` : "");
  $("cost-stat").title = budget ? "spent so far of the game's budget (budget_usd)" : "spent so far";
}

function showLiveSpending(msg) {
  if (msg.cost_so_far == null) return;
  LIVE_BUDGET.set(S.gameId, msg.budget_usd ?? null);
  showSpending(msg.cost_so_far);
}
