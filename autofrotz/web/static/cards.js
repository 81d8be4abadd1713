// The room card, a room's card from the map (its visits and exits), the walked trail, inventory and puzzles.
// Uses h(), $() and S from app.js; like there, game text is only ever inserted as text.
"use strict";

// ---------- rooms ----------

// A room's card, opened by a click on the map: what the record knew of it at the viewed turn.
function showRoomInfo(id) {
  const st = (S.lastDetail && S.lastDetail.state) || {};
  const room = roomOf(st, id);
  const box = $("room-info");
  if (!room) { box.hidden = true; return; }
  const items = (st.items || []).filter((i) => i.location === id).map((i) => i.name);
  const ways = (st.connections || []).filter((c) => c.from_room_id === id).map((c) => {
    const to = roomOf(st, c.to_room_id);
    return `${c.direction} → ${to ? to.name : c.to_room_id}${c.blocked ? " (blocked)" : ""}`;
  });
  const visits = room.visit_count ? `visited ${room.visit_count}× (first turn ${room.first_visited_turn ?? "?"}, last ${room.last_visited_turn ?? "?"})` : "not visited";
  const entered = visitsTo(String(id), S.current ?? S.last);
  const visitLinks = entered.slice(-40).map((t) => h("a", { class: "visit", href: `#/game/${S.gameId}/turn/${t}` }, String(t)));
  box.hidden = false;
  box.dataset.room = id;
  box.replaceChildren(
    h("button", { class: "close", title: "Close", onclick: () => { box.hidden = true; } }, "×"),
    h("h3", {}, room.name), h("p", { class: "muted small" }, visits, room.is_dark ? " · dark" : ""),
    h("p", { class: "room-desc" }, room.description || "(no description recorded)"),
    h("div", { class: "card-label" }, `Visits (${entered.length})`),
    h("p", { class: "small visits" }, visitLinks.length ? visitLinks : "none yet"),
    h("div", { class: "card-label" }, "Exits"),
    h("p", { class: "small" }, ways.length ? ways.join(" · ") : "no way walked yet"),
    h("div", { class: "exits" }, exitChips(room, st)),
    h("div", { class: "card-label" }, "Items seen here"),
    h("p", { class: "small" }, items.length ? items.join(", ") : "none"));
}

// The rooms the player stood in, turn by turn up to turn n (the room a turn ended in).
function roomTrail(n) {
  const trail = [];
  for (const t of S.turns) {
    if (t.turn_number > n) break;
    const id = t.current_room ?? t.room_id;
    if (id != null && trail[trail.length - 1] !== String(id)) trail.push(String(id));
  }
  return trail;
}

// The pairs of rooms walked between up to turn n, keyed as the map keys its lines.
function walkedPairs(n) {
  const trail = roomTrail(n), pairs = new Set();
  for (let i = 1; i < trail.length; i++) pairs.add(trail[i - 1] < trail[i] ? `${trail[i - 1]}|${trail[i]}` : `${trail[i]}|${trail[i - 1]}`);
  return pairs;
}

// The turns that ended in a room, up to the viewed one: its visits, each a link to that turn.
function visitsTo(id, n) {
  const turns = [];
  let before = null;
  for (const t of S.turns) {
    if (t.turn_number > n) break;
    const here = String(t.current_room ?? t.room_id) === id;
    if (here && !before) turns.push(t.turn_number);
    before = here;
  }
  return turns;
}

// A room's exits as the world model knows them; without its exit states, an exit a known line leaves by
// leads somewhere and the others are untried.
function exitChips(room, st) {
  const walked = new Set((st.connections || []).filter((c) => room && c.from_room_id === room.room_id).map((c) => FrotzMap.normDir(c.direction)));
  const states = room && room.exit_states && typeof room.exit_states === "object" ? Object.entries(room.exit_states)
    : ((room && room.exits) || []).map((dir) => [dir, { state: walked.has(FrotzMap.normDir(dir)) ? "leads" : "untried" }]);
  return states.map(([dir, s]) => h("span", { class: `exit ${(s && s.state) || "untried"}`, title: (s && s.reason) || (s && s.state) || "" }, dir));
}

function roomOf(st, id) { return (st.rooms || []).find((r) => r.room_id === id) || null; }

function renderRoom(d, st) {
  const id = st.current_room ?? d.room_id;
  const room = roomOf(st, id);
  $("room-name").textContent = room ? room.name : id || "—";
  $("room-desc").textContent = room ? room.description || "" : "";
  const tags = [];
  if (room && room.is_dark) tags.push(h("span", { class: "tag dark" }, "dark"));
  if (room && room.maze_group) tags.push(h("span", { class: "tag maze" }, `maze ${room.maze_group}`));
  $("room-exits").replaceChildren(...tags, ...exitChips(room, st));
}

function renderInventory(d, st) {
  const names = new Map((st.items || []).map((i) => [i.item_id, i.name]));
  const inv = st.inventory && st.inventory.length ? st.inventory : d.inventory || [];
  $("inventory").replaceChildren(...(inv.length ? inv.map((id) => h("li", { dataset: { item: id } }, names.get(id) || id))
    : [h("li", { class: "empty" }, "empty-handed")]));
  $("inv-count").textContent = inv.length ? String(inv.length) : "";
}

function puzzleSuggestions(d) {
  for (const call of d.llm_calls || []) {
    const p = call.parsed_result;
    if (String(call.agent).includes("puzzle") && p && typeof p === "object") {
      const s = p.suggestions || p.actions || p.commands;
      if (Array.isArray(s)) return s.map((x) => (typeof x === "string" ? x : x.command || x.action || JSON.stringify(x)));
    }
  }
  return [];
}

// One card per puzzle: the record may hold the same puzzle more than once (noted again in another room
// or turn); the most advanced copy wins. Darkness is shown on the map and the room card, not here.
function distinctPuzzles(puzzles) {
  const rank = { solved: 0, in_progress: 1, open: 2, abandoned: 3 };
  const best = new Map();
  for (const p of puzzles) {
    if (p.kind === "dark") continue;
    const key = String(p.description || "").trim().toLowerCase().replace(/\s+/g, " ");
    const prev = best.get(key);
    if (!prev || (rank[p.status] ?? 9) < (rank[prev.status] ?? 9)) best.set(key, p);
  }
  return [...best.values()];
}

// A parser's refusal noted as a puzzle is no puzzle: general Inform and Infocom phrasings.
const REFUSAL = /^(i don't know the word|that's not a verb i recogni[sz]e|you can't see any such thing|i didn't understand that|you can't go that way|i beg your pardon)/i;

function renderPuzzles(d, st) {
  const order = { in_progress: 0, open: 1, solved: 2, abandoned: 3 };
  const all = distinctPuzzles(st.puzzles || []).filter((p) => !REFUSAL.test(String(p.description || "").trim()))
    .sort((a, b) => (order[a.status] ?? 9) - (order[b.status] ?? 9));
  const puzzles = all.filter((p) => p.status !== "solved"), solved = all.filter((p) => p.status === "solved");
  const cards = puzzles.map(puzzleCard);
  if (solved.length) cards.push(h("details", { class: "solved-puzzles" }, h("summary", {}, `Solved (${solved.length})`), solved.map(puzzleCard)));
  const agent = puzzleSuggestions(d);
  if (agent.length) cards.unshift(h("div", { class: "suggest-box" }, h("div", { class: "card-label" }, "Puzzle agent suggests"), suggestionList(agent)));
  $("puzzles").replaceChildren(...(cards.length ? cards : [h("p", { class: "empty" }, "No puzzles noted yet.")]));
}

function puzzleCard(p) {
  return h("div", { class: `puzzle ${p.status}`, dataset: { puzzle: p.puzzle_id } },
    h("div", { class: "puzzle-head" }, h("span", { class: `pill ${p.status}` }, p.status.replace("_", " ")),
      p.solved_turn != null ? h("span", { class: "muted" }, ` turn ${p.solved_turn}`) : null),
    h("div", { class: "puzzle-desc" }, p.description),
    (p.related_items || []).length ? h("div", { class: "muted small" }, `items: ${p.related_items.join(", ")}`) : null,
    (p.attempts || []).length ? h("div", { class: "muted small" }, `tried: ${p.attempts.slice(-4).join(" · ")}`) : null,
    suggestionList(p.suggestions || (p.properties && p.properties.suggestions)));
}

function suggestionList(items) {
  if (!Array.isArray(items) || !items.length) return null;
  return h("ul", { class: "suggestions" }, items.map((s) => h("li", {}, String(s))));
}
