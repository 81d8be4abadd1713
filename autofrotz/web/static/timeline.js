// Timeline marks (deaths with their restore, score changes, the end), event stepping, search within a
// game, and notices that wait until the view reaches their turn. Uses h(), $() and S from app.js.
"use strict";

// ---------- marks on the slider ----------

// Events worth a mark, from the turn rows the page holds: each death, each score change, the end.
function timelineEvents() {
  const events = [];
  let score = null;
  for (const t of S.turns) {
    const n = Number(t.turn_number);
    if (t.event === "death") {
      events.push({ turn: n, kind: "death", label: deathLabel(t) });
      if (t.restored_score != null) { score = t.restored_score; continue; }
    }
    if (t.event === "victory") events.push({ turn: n, kind: "victory", label: `won at turn ${n}` });
    const s = t.score;
    if (s != null && score != null && s !== score && t.event !== "death") {
      events.push({ turn: n, kind: "score", label: `score ${score} → ${s} at turn ${n}` });
    }
    if (s != null) score = s;
  }
  if (S.game && S.game.status !== "playing" && S.last >= 0 && !events.some((e) => e.turn === S.last && e.kind === "victory")) {
    events.push({ turn: S.last, kind: "end", label: `${statusLabel(S.game)} at turn ${S.last}` });
  }
  return events;
}

function deathLabel(t) {
  let text = `died at turn ${t.turn_number}`;
  if (t.restored_from != null) text += `; restored the save of turn ${t.restored_from}`;
  if (t.restored_score != null) text += `; score ${t.restored_score}`;
  else if (t.restored_from == null) text += "; no save to restore";
  return text;
}

let marksKey = "";
function renderMarks() {
  const events = timelineEvents();
  const key = `${S.gameId}:${S.first}:${S.last}:${events.length}:${S.game && S.game.status}`;
  if (key === marksKey) return;
  marksKey = key;
  const span = Math.max(1, S.last - S.first);
  $("marks").replaceChildren(...events.map((e) => {
    const mark = h("button", { class: `mark ${e.kind}`, title: e.label, "aria-label": e.label,
      dataset: { turn: e.turn, kind: e.kind }, onclick: () => jump(e.turn) });
    mark.style.left = `calc(${((e.turn - S.first) / span) * 100}% - 4px)`;  // CSSOM: the CSP refuses style attributes
    return mark;
  }));
}

function jumpToEvent(direction) {
  const events = timelineEvents().map((e) => e.turn);
  const at = S.current ?? S.last;
  const target = direction > 0 ? events.find((t) => t > at) : [...events].reverse().find((t) => t < at);
  if (target != null) jump(target);
  else toast(direction > 0 ? "No later event." : "No earlier event.");
}

// ---------- a death and its restore, on the room card ----------

function renderDeathNote(d) {
  const box = $("death-note");
  if (d.event !== "death") { box.hidden = true; return; }
  box.hidden = false;
  const where = d.state && roomOf(d.state, d.state.current_room);
  box.replaceChildren(h("strong", {}, "☠ You died. "),
    d.restored_from != null
      ? `The save of turn ${d.restored_from} was restored${where ? `: back in ${where.name}` : ""}` +
        `${d.restored_score != null ? `, score ${d.restored_score}` : ""}. The map and this card show the restored game.`
      : "No save could be restored.");
}

// ---------- search within the game ----------

function runSearch() {
  const q = $("search").value.trim().toLowerCase();
  const box = $("search-results");
  if (!q) { box.hidden = true; box.replaceChildren(); return; }
  const hits = S.turns.filter((t) => `${t.command || ""}\n${t.output || ""}`.toLowerCase().includes(q));
  box.hidden = false;
  const rows = hits.slice(0, 50).map((t) => h("button", { class: "hit", dataset: { turn: t.turn_number },
    onclick: () => jump(t.turn_number) }, h("span", { class: "tn" }, String(t.turn_number)),
  ` ${t.command ? `> ${t.command} · ` : ""}${snippet(t.output || "", q)}`));
  box.replaceChildren(h("div", { class: "muted small" }, `${hits.length} turn${hits.length === 1 ? "" : "s"} match`), ...rows);
}

function snippet(text, q) {
  const flat = String(text).replace(/\s+/g, " ");
  const at = flat.toLowerCase().indexOf(q);
  if (at < 0) return flat.slice(0, 60);
  return `${at > 20 ? "…" : ""}${flat.slice(Math.max(0, at - 20), at + q.length + 40)}`;
}

// ---------- notices ----------

// Hook events come before their turn's record; each waits until the view has shown that turn, so a
// notice never announces something the page has not reached. Only the newest few stay on screen.
const NOTICE_LABELS = { puzzle_solved: "Puzzle solved", puzzle_found: "New puzzle", maze_detected: "Maze detected",
  maze_completed: "Maze mapped", item_taken: "Taken" };
const MAX_NOTICES = 3;
const pendingNotices = [];

function queueNotice(msg) {
  const label = NOTICE_LABELS[msg.name];
  if (!label) return;
  pendingNotices.push({ turn: S.last + 1, text: `${label}: ${msg.description || msg.item_name || msg.maze_group_id || ""}` });
  if (pendingNotices.length > 50) pendingNotices.shift();
}

function flushNotices(shownTurn) {
  while (pendingNotices.length && pendingNotices[0].turn <= shownTurn) {
    const n = pendingNotices.shift();
    if (S.following) notice(`turn ${n.turn} · ${n.text}`);
  }
}

function clearNotices() { pendingNotices.length = 0; $("notices").replaceChildren(); }

function notice(message, kind) {
  const box = $("notices");
  const t = h("div", { class: `notice ${kind || ""}` }, message);
  box.appendChild(t);
  while (box.children.length > MAX_NOTICES) box.firstChild.remove();
  setTimeout(() => t.remove(), 5000);
}
