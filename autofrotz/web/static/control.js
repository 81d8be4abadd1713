// Control of a live game: pause, resume, step, pace, and taking over with typed commands.
// The server queues each request for the game, which reads them between turns; the game's status
// comes back on the live socket ("control" messages), so every open page shows the same state.
"use strict";

// Beyond loopback the terminal prints the URL with a per-run token; without it the page is read-only.
const CONTROL_TOKEN = (() => {
  const given = new URLSearchParams(location.search).get("token");
  try {
    if (given) sessionStorage.setItem("autofrotz-token", given);
    return given || sessionStorage.getItem("autofrotz-token") || "";
  } catch (_) { return given || ""; }
})();

const C = { status: null, allowed: false };

async function sendControl(action, extra) {
  $("ctl-error").textContent = "";
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (CONTROL_TOKEN) headers["X-AutoFrotz-Token"] = CONTROL_TOKEN;
  const res = await fetch(`/api/games/${S.gameId}/control`, { method: "POST", headers,
    body: JSON.stringify({ action, ...(extra || {}) }) });
  let body = {};
  try { body = await res.json(); } catch (_) { /* not JSON */ }
  if (!res.ok) { $("ctl-error").textContent = body.error || `error ${res.status}`; return false; }
  onControl(body);
  return true;
}

async function loadControl() {
  const id = S.gameId;
  try {
    const body = await api(`/api/games/${id}/control`);
    if (id === S.gameId) onControl(body);
  } catch (_) { onControl({ controllable: false }); }
}

// A status from the server (REST answer or live message). A request is only queued when the POST
// answers, so its answer may be older than a live message that already told the change: keep the newest.
function onControl(msg) {
  if (msg.allowed != null) C.allowed = msg.allowed;
  const older = msg.controllable && C.status && C.status.game_id === msg.game_id && msg.version < C.status.version;
  if (!older) C.status = msg.controllable ? { ...msg, game_id: msg.game_id ?? S.gameId } : null;
  renderControl();
}

function renderControl() {
  const s = C.status;
  const live = !!(s && S.game && S.game.status === "playing");
  $("live-controls").hidden = !live;
  document.body.classList.toggle("controllable", live);
  if (!live) return;
  const readOnly = !C.allowed;
  for (const id of ["ctl-pause", "ctl-step", "ctl-pace", "ctl-takeover", "ctl-command"]) $(id).disabled = readOnly;
  $("ctl-pause").textContent = s.paused ? "▶ Resume" : "❚❚ Pause";
  $("ctl-takeover").textContent = s.human ? "Hand back" : "Take over";
  $("ctl-form").hidden = !s.human;
  $("ctl-step").hidden = s.human;
  const pace = String(s.pace_s);
  const select = $("ctl-pace");
  if (![...select.options].some((o) => o.value === pace)) select.appendChild(h("option", { value: pace }, `${pace} s`));
  if (document.activeElement !== select) select.value = pace;
  const typed = (s.typed || []).length ? ` · waiting: ${s.typed.join(", ")}` : "";
  $("live-status").textContent = readOnly ? "read-only (open the URL the terminal printed to control)"
    : s.human ? `you are playing: type a command${typed}` : s.paused ? "paused" : `agent playing · ${s.pace_s} s a turn`;
  $("live-status").className = `live-status ${s.human ? "human" : s.paused ? "paused" : "playing"}`;
}

function bindControl() {
  $("ctl-pause").onclick = () => sendControl(C.status && C.status.paused ? "resume" : "pause");
  $("ctl-step").onclick = () => { followLive(); sendControl("step"); };
  $("ctl-pace").onchange = () => sendControl("pace", { pace_s: Number($("ctl-pace").value) });
  $("ctl-takeover").onclick = async () => {
    const human = C.status && C.status.human;
    if (await sendControl(human ? "hand_back" : "take_over") && !human) { followLive(); $("ctl-command").focus(); }
  };
  $("ctl-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const command = $("ctl-command").value.trim();
    if (!command) return;
    if (await sendControl("command", { command })) { $("ctl-command").value = ""; followLive(); }
  };
}

window.addEventListener("DOMContentLoaded", bindControl);
