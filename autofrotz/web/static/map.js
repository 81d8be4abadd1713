// Map drawing: a compass-grid layout (rooms placed by the direction that led to them) rendered as SVG.
// Every label is set with textContent; nothing from the game is ever parsed as markup.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const CELL_W = 170, CELL_H = 92, NODE_W = 132, NODE_H = 42;

  // Direction words to grid offsets. Up/down/in/out get diagonal-ish slots; collisions are resolved below.
  const OFFSETS = {
    north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0],
    northeast: [1, -1], northwest: [-1, -1], southeast: [1, 1], southwest: [-1, 1],
    up: [1, -1], down: [-1, 1], in: [1, 0], out: [-1, 0], enter: [1, 0], exit: [-1, 0],
  };
  const ABBREV = { n: "north", s: "south", e: "east", w: "west", ne: "northeast", nw: "northwest",
    se: "southeast", sw: "southwest", u: "up", d: "down" };

  const REVERSE = { north: "south", south: "north", east: "west", west: "east", northeast: "southwest",
    southwest: "northeast", northwest: "southeast", southeast: "northwest", up: "down", down: "up", in: "out", out: "in" };
  const SHORT = Object.fromEntries(Object.entries(ABBREV).map(([k, v]) => [v, k]));

  function normDir(direction) {
    let d = String(direction || "").toLowerCase().trim().replace(/^(go|walk|run|climb)\s+/, "");
    d = d.replace(/\s+/g, "");
    return ABBREV[d] || d;
  }

  function el(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Accept both WorldSnapshot-shaped data (rooms/connections) and /map-shaped data (nodes/edges).
  function normalize(data) {
    data = data || {};
    const rooms = (data.rooms || data.nodes || []).map((r) => ({
      id: String(r.room_id ?? r.id), name: r.name ?? r.label ?? String(r.room_id ?? r.id),
      dark: !!(r.is_dark ?? r.dark), maze: r.maze_group ?? null, marker: r.maze_marker_item ?? null,
      exits: r.exits || [], first: r.first_visited_turn ?? Infinity, visits: r.visit_count ?? 0,
    }));
    const edges = (data.connections || data.edges || []).map((c) => ({
      from: String(c.from_room_id ?? c.from ?? c.source), to: String(c.to_room_id ?? c.to ?? c.target),
      dir: c.direction || "", both: c.bidirectional !== false, blocked: !!c.blocked,
      reason: c.blocked_reason || "", teleport: !!c.teleport, random: !!c.random,
    }));
    const mazes = (data.maze_groups || []).map((g) => ({
      id: String(g.group_id ?? g.id), rooms: (g.room_ids || []).map(String), markers: g.markers || {},
    }));
    rooms.sort((a, b) => a.first - b.first);
    return { rooms, edges, mazes, current: data.current_room == null ? null : String(data.current_room) };
  }

  // Keeps grid positions between renders so rooms do not jump around while stepping through a replay.
  class Layout {
    constructor() { this.pos = new Map(); this.taken = new Set(); this.view = null; this.user = false; this.box = null; }

    place(rooms, edges) {
      const pending = rooms.filter((r) => !this.pos.has(r.id));
      let guard = pending.length + 1;
      while (pending.length && guard-- > 0) {
        for (let i = 0; i < pending.length; i++) {
          if (this.placeNear(pending[i], edges)) { pending.splice(i, 1); i--; }
        }
        if (pending.length) this.put(pending.shift().id, this.freeCell(this.rightEdge(), 0));
      }
    }

    placeNear(room, edges) {
      if (this.pos.size === 0) { this.put(room.id, [0, 0]); return true; }
      for (const e of edges) {
        const fwd = e.to === room.id && this.pos.has(e.from);
        const back = e.from === room.id && this.pos.has(e.to);
        if (!fwd && !back) continue;
        const off = OFFSETS[normDir(e.dir)] || [1, 1];
        const [bx, by] = this.pos.get(fwd ? e.from : e.to);
        const sign = fwd ? 1 : -1;
        this.put(room.id, this.freeCell(bx + sign * off[0], by + sign * off[1]));
        return true;
      }
      return false;
    }

    put(id, cell) { this.pos.set(id, cell); this.taken.add(cell.join(",")); }

    rightEdge() { let m = 0; for (const [x] of this.pos.values()) m = Math.max(m, x + 2); return m; }

    freeCell(x, y) {
      for (let r = 0; r < 30; r++) {
        for (let dx = -r; dx <= r; dx++) {
          for (let dy = -r; dy <= r; dy++) {
            if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
            const key = `${x + dx},${y + dy}`;
            if (!this.taken.has(key)) return [x + dx, y + dy];
          }
        }
      }
      return [x, y + 31];
    }

    xy(id) { const [gx, gy] = this.pos.get(id); return [gx * CELL_W, gy * CELL_H]; }
  }

  function edgeKey(a, b) { return a < b ? `${a}|${b}` : `${b}|${a}`; }

  function mergeEdges(edges, known) {
    const merged = new Map();
    for (const e of edges) {
      if (e.from === e.to || !known.has(e.from) || !known.has(e.to)) continue;
      const key = edgeKey(e.from, e.to);
      const prev = merged.get(key);
      if (!prev) { merged.set(key, { ...e, dirs: [`${e.dir}`], reverse: false }); continue; }
      if (prev.from !== e.from) prev.reverse = true;  // seen both ways: two-way passage
      prev.blocked = prev.blocked || e.blocked;
      prev.reason = prev.reason || e.reason;
      prev.dirs.push(e.dir);
    }
    return [...merged.values()];
  }

  function defs() {
    const d = el("defs");
    const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.appendChild(el("path", { d: "M0,0 L10,5 L0,10 z", class: "arrowhead" }));
    d.appendChild(marker);
    const glow = el("filter", { id: "glow", x: "-40%", y: "-40%", width: "180%", height: "180%" });
    glow.appendChild(el("feGaussianBlur", { stdDeviation: 5, result: "b" }));
    const merge = el("feMerge");
    merge.appendChild(el("feMergeNode", { in: "b" }));
    merge.appendChild(el("feMergeNode", { in: "SourceGraphic" }));
    glow.appendChild(merge);
    d.appendChild(glow);
    return d;
  }

  function trimToBox(x1, y1, x2, y2) {
    // Stop lines at the node rectangles so arrowheads stay visible.
    const dx = x2 - x1, dy = y2 - y1;
    const tx = dx === 0 ? Infinity : (NODE_W / 2 + 4) / Math.abs(dx);
    const ty = dy === 0 ? Infinity : (NODE_H / 2 + 4) / Math.abs(dy);
    const t = Math.min(tx, ty, 0.45);
    return [x1 + dx * t, y1 + dy * t, x2 - dx * t, y2 - dy * t];
  }

  function drawEdge(g, e, layout) {
    const [ax, ay] = layout.xy(e.from), [bx, by] = layout.xy(e.to);
    const [x1, y1, x2, y2] = trimToBox(ax, ay, bx, by);
    const oneWay = !e.both && !e.reverse;
    let cls = "edge";
    if (e.blocked) cls += " blocked";
    if (oneWay) cls += " oneway";
    if (e.teleport || e.random) cls += " teleport";
    const line = el("line", { x1, y1, x2, y2, class: cls, "data-from": e.from, "data-to": e.to });
    if (oneWay) line.setAttribute("marker-end", "url(#arrow)");
    line.appendChild(el("title", {}, `${e.dirs.join(" / ")}${e.blocked ? ` — blocked: ${e.reason}` : ""}`));
    g.appendChild(line);
    if (e.blocked) g.appendChild(el("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2 + 4, class: "blocked-mark" }, "✕"));
    // The direction taken from the first room, written near that room's end of the line.
    const label = SHORT[normDir(e.dirs[0])] || normDir(e.dirs[0]);
    if (label) g.appendChild(el("text", { x: x1 + (x2 - x1) * 0.22, y: y1 + (y2 - y1) * 0.22 - 4, class: "edge-label" }, label));
  }

  function drawMazes(g, mazes, layout) {
    for (const m of mazes) {
      const cells = m.rooms.filter((id) => layout.pos.has(id)).map((id) => layout.xy(id));
      if (!cells.length) continue;
      const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
      const x = Math.min(...xs) - NODE_W / 2 - 16, y = Math.min(...ys) - NODE_H / 2 - 26;
      const w = Math.max(...xs) - Math.min(...xs) + NODE_W + 32, h = Math.max(...ys) - Math.min(...ys) + NODE_H + 52;
      const box = el("g", { class: "maze-cluster", "data-maze": m.id });
      box.appendChild(el("rect", { x, y, width: w, height: h, rx: 14 }));
      box.appendChild(el("text", { x: x + 10, y: y + 16, class: "maze-label" }, `maze ${m.id}`));
      g.appendChild(box);
    }
  }

  // Exits the room mentions that no known connection uses yet: short dashed stubs (unexplored).
  function drawStubs(g, rooms, edges, layout) {
    const used = new Set(edges.map((e) => `${e.from}|${normDir(e.dir)}`));
    for (const e of edges) if (e.both) used.add(`${e.to}|${normDir(REVERSE[normDir(e.dir)] || "")}`);
    for (const room of rooms) {
      const [x, y] = layout.xy(room.id);
      for (const exit of room.exits) {
        const dir = normDir(exit), off = OFFSETS[dir];
        if (!off || used.has(`${room.id}|${dir}`)) continue;
        const len = Math.hypot(off[0] * CELL_W, off[1] * CELL_H);
        const ux = (off[0] * CELL_W) / len, uy = (off[1] * CELL_H) / len;
        const [sx, sy] = edgePoint(ux, uy);
        const stub = el("line", { x1: x + sx, y1: y + sy, x2: x + sx + ux * 22, y2: y + sy + uy * 22, class: "stub", "data-room": room.id, "data-dir": dir });
        stub.appendChild(el("title", {}, `${dir}: not explored yet`));
        g.appendChild(stub);
      }
    }
  }

  function edgePoint(ux, uy) {
    const t = Math.min(ux === 0 ? Infinity : NODE_W / 2 / Math.abs(ux), uy === 0 ? Infinity : NODE_H / 2 / Math.abs(uy));
    return [ux * t, uy * t];
  }

  function truncate(s, n) { s = String(s); return s.length > n ? `${s.slice(0, n - 1)}…` : s; }

  function drawNode(g, room, layout, current, markerOf) {
    const [x, y] = layout.xy(room.id);
    let cls = "node";
    if (room.id === current) cls += " current";
    if (room.dark) cls += " dark";
    if (room.maze) cls += " in-maze";
    const node = el("g", { class: cls, "data-room": room.id, transform: `translate(${x},${y})` });
    node.appendChild(el("rect", { x: -NODE_W / 2, y: -NODE_H / 2, width: NODE_W, height: NODE_H, rx: 9,
      filter: room.id === current ? "url(#glow)" : "" }));
    const label = el("text", { x: 0, y: 0, "dominant-baseline": "central", class: "node-label" }, (room.dark ? "☾ " : "") + truncate(room.name, 17));
    label.dataset.full = (room.dark ? "☾ " : "") + room.name;
    node.appendChild(label);
    const marker = room.marker || markerOf.get(room.id);
    if (marker) node.appendChild(el("text", { x: 0, y: NODE_H / 2 + 14, class: "marker-label" }, `⚑ ${truncate(marker, 16)}`));
    node.appendChild(el("title", {}, `${room.name}${room.dark ? " (dark)" : ""}${room.visits ? ` — visited ${room.visits}×` : ""}`));
    g.appendChild(node);
  }

  function render(container, data, layout) {
    const map = normalize(data);
    layout.place(map.rooms, map.edges);
    const known = new Set(map.rooms.map((r) => r.id));
    const markerOf = new Map();
    for (const m of map.mazes) for (const [roomId, item] of Object.entries(m.markers)) markerOf.set(String(roomId), item);
    const svg = el("svg", { class: "map-svg", role: "img", "aria-label": "map" });
    svg.appendChild(defs());
    const g = el("g");
    drawMazes(g, map.mazes, layout);
    drawStubs(g, map.rooms, map.edges, layout);
    for (const e of mergeEdges(map.edges, known)) drawEdge(g, e, layout);
    for (const r of map.rooms) drawNode(g, r, layout, map.current, markerOf);
    svg.appendChild(g);
    container._layout = layout;
    bindViewControls(container);
    container.replaceChildren(svg);
    layout.box = bounds(map.rooms, layout);
    if (!layout.user || !layout.view) layout.view = fitted(layout.box, svg);
    else keepInView(layout, map.current);
    applyView(svg, layout);
    if (!map.rooms.length) container.appendChild(Object.assign(document.createElement("p"), { className: "empty", textContent: "No rooms mapped yet." }));
    return map;
  }

  // The view is an explicit viewBox kept on the layout (one per game). Until the user zooms or pans,
  // every render fits the whole map to the panel; after that the view stays where the user put it,
  // moving only to keep the current room in sight. The fit button and a double-click fit again.
  const MIN_LABEL_PX = 11.5, EDGE_LABEL_PX = 10, PAD = 40;  // 11.5: at least 11 px after rounding

  function bounds(rooms, layout) {
    if (!rooms.length) return { x: -200, y: -100, w: 400, h: 200 };
    const pts = rooms.map((r) => layout.xy(r.id));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x = Math.min(...xs) - NODE_W / 2 - PAD, y = Math.min(...ys) - NODE_H / 2 - PAD - 6;
    return { x, y, w: Math.max(...xs) - Math.min(...xs) + NODE_W + 2 * PAD, h: Math.max(...ys) - Math.min(...ys) + NODE_H + 2 * PAD + 18 };
  }

  function panelSize(svg) { return [svg.clientWidth || 0, svg.clientHeight || 0]; }

  // The box grown to the panel's aspect, so the view is what "meet" shows and zoom maths stay simple.
  function fitted(box, svg) {
    const [cw, ch] = panelSize(svg);
    if (!cw || !ch) return { ...box };
    const scale = Math.min(cw / box.w, ch / box.h, 1);  // a small map is not blown up past its natural size
    const w = cw / scale, h = ch / scale;
    return { x: box.x - (w - box.w) / 2, y: box.y - (h - box.h) / 2, w, h };
  }

  function keepInView(layout, current) {
    if (!current || !layout.pos.has(current) || !layout.view) return;
    const [x, y] = layout.xy(current), v = layout.view;
    const mx = Math.min(NODE_W, v.w / 4), my = Math.min(NODE_H * 2, v.h / 4);
    if (x - mx < v.x || x + mx > v.x + v.w || y - my < v.y || y + my > v.y + v.h) {
      layout.view = { ...v, x: x - v.w / 2, y: y - v.h / 2 };
    }
  }

  function applyView(svg, layout) {
    if (!layout.view) return;
    const v = layout.view;
    svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    sizeLabels(svg, v);
  }

  // Labels stay readable whatever the zoom: at least MIN_LABEL_PX on screen, shortened to fit the cell
  // (the full name is in the tooltip and in the room card a click opens). Direction labels are drawn
  // at EDGE_LABEL_PX when there is room for them, and left out on a dense view.
  function sizeLabels(svg, v) {
    const [cw, ch] = panelSize(svg);
    if (!cw || !ch) return;
    const scale = Math.min(cw / v.w, ch / v.h);
    const labelUnits = Math.max(12, MIN_LABEL_PX / scale);
    svg.style.setProperty("--map-label", `${labelUnits}px`);
    svg.style.setProperty("--map-edge", `${Math.max(10, EDGE_LABEL_PX / scale)}px`);
    svg.classList.toggle("dense", scale < 0.55);
    const chars = Math.max(4, Math.min(17, Math.floor((CELL_W - 14) / (0.6 * labelUnits))));
    if (svg.dataset.chars === String(chars)) return;
    svg.dataset.chars = String(chars);
    for (const t of svg.querySelectorAll("text.node-label")) t.textContent = truncate(t.dataset.full, chars);
  }

  function fit(container) {
    const layout = container._layout, svg = container.querySelector("svg.map-svg");
    if (!layout || !svg) return;
    layout.user = false;
    layout.view = fitted(layout.box || bounds([], layout), svg);
    applyView(svg, layout);
  }

  function pointIn(svg, ev) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  // Wheel zooms around the pointer, drag pans, a click on a room opens its card, double-click fits.
  function bindViewControls(container) {
    if (container.dataset.viewBound) return;
    container.dataset.viewBound = "1";
    const svgOf = () => container.querySelector("svg.map-svg");
    let drag = null;
    container.addEventListener("wheel", (ev) => {
      const layout = container._layout, svg = svgOf();
      if (!layout || !svg || !layout.view) return;
      ev.preventDefault();
      const p = pointIn(svg, ev);
      if (!p) return;
      const v = layout.view;
      const f = Math.min(Math.max(ev.deltaY > 0 ? 1.15 : 1 / 1.15, 60 / v.w), 20000 / v.w);
      layout.view = { x: p[0] - (p[0] - v.x) * f, y: p[1] - (p[1] - v.y) * f, w: v.w * f, h: v.h * f };
      layout.user = true;
      applyView(svg, layout);
    }, { passive: false });
    container.addEventListener("mousedown", (ev) => { drag = { x: ev.clientX, y: ev.clientY, moved: 0 }; });
    window.addEventListener("mouseup", (ev) => {
      const was = drag;
      drag = null;
      if (!was || was.moved > 4 || !container.contains(ev.target)) return;
      const node = ev.target.closest && ev.target.closest("g.node");
      if (node && FrotzMap.onRoomClick) FrotzMap.onRoomClick(node.dataset.room);
    });
    container.addEventListener("mousemove", (ev) => {
      const layout = container._layout, svg = svgOf();
      if (!drag || !layout || !svg || !layout.view) return;
      const [cw, ch] = panelSize(svg);
      const scale = Math.max(layout.view.w / (cw || 1), layout.view.h / (ch || 1));
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      drag.moved += Math.abs(dx) + Math.abs(dy);
      if (drag.moved <= 4) return;
      layout.view = { ...layout.view, x: layout.view.x - dx * scale, y: layout.view.y - dy * scale };
      layout.user = true;
      drag.x = ev.clientX; drag.y = ev.clientY;
      applyView(svg, layout);
    });
    container.addEventListener("dblclick", () => fit(container));
    if (window.ResizeObserver) {
      new ResizeObserver(() => {
        const layout = container._layout, svg = svgOf();
        if (!layout || !svg) return;
        if (!layout.user) fit(container); else applyView(svg, layout);
      }).observe(container);
    }
  }

  window.FrotzMap = { render, Layout, normalize, normDir, fit, onRoomClick: null };
})();
