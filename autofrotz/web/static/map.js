// The map: rooms and the ways between them, laid out by ELK (elkjs, served from /static/vendor/, run in
// a web worker) with orthogonal lines that go around rooms, drawn as SVG. Every label is set with
// textContent; nothing from the game is ever parsed as markup.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const FONT = 12, LINE_H = 15, CHAR_W = 7.1, PAD_X = 10, PAD_Y = 7, MAX_CHARS = 18;
  const DIR_FONT = 10, DIR_CHAR_W = 6.2;
  const ELK_OPTIONS = {
    "elk.algorithm": "layered", "elk.direction": "DOWN", "elk.edgeRouting": "ORTHOGONAL",
    "elk.spacing.nodeNode": "26", "elk.layered.spacing.nodeNodeBetweenLayers": "34",
    "elk.spacing.edgeNode": "14", "elk.spacing.edgeEdge": "8", "elk.spacing.edgeLabel": "2",
    "elk.layered.spacing.edgeNodeBetweenLayers": "14", "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
    "elk.layered.thoroughness": "4", "elk.separateConnectedComponents": "true", "elk.aspectRatio": "1.4",
  };

  const ABBREV = { n: "north", s: "south", e: "east", w: "west", ne: "northeast", nw: "northwest",
    se: "southeast", sw: "southwest", u: "up", d: "down" };
  const SHORT = Object.fromEntries(Object.entries(ABBREV).map(([k, v]) => [v, k]));
  const REVERSE = { north: "south", south: "north", east: "west", west: "east", northeast: "southwest",
    southwest: "northeast", northwest: "southeast", southeast: "northwest", up: "down", down: "up", in: "out", out: "in" };

  // A direction as the record says it, tidied; words stay words ("enter colonial house").
  function normDir(direction) {
    const d = String(direction || "").toLowerCase().trim().replace(/^(go|walk|run)\s+/, "").replace(/\s+/g, " ");
    return ABBREV[d] || d;
  }

  function shortDir(direction) { const d = normDir(direction); return SHORT[d] || d; }

  function el(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A room's name in lines of whole words (a word longer than a line keeps its own line, whole).
  function wrapName(name) {
    const lines = [];
    for (const word of String(name).split(/\s+/).filter(Boolean)) {
      const last = lines.length ? lines[lines.length - 1] : null;
      if (last != null && last.length + 1 + word.length <= MAX_CHARS) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines.length ? lines : [""];
  }

  // Exits as the world model knows them: its exit_states when the record has them, else the room's exits.
  function exitStates(r) {
    if (r.exit_states && typeof r.exit_states === "object" && Object.keys(r.exit_states).length) {
      return Object.entries(r.exit_states).map(([dir, s]) => ({ dir: normDir(dir), state: (s && s.state) || "untried",
        to: s && s.to != null ? String(s.to) : null, reason: (s && s.reason) || "" }));
    }
    return (r.exits || []).map((dir) => ({ dir: normDir(dir), state: "untried", to: null, reason: "" }));
  }

  // Accept both WorldSnapshot-shaped data (rooms/connections) and /map-shaped data (nodes/edges).
  function normalize(data) {
    data = data || {};
    const rooms = (data.rooms || data.nodes || []).map((r) => ({
      id: String(r.room_id ?? r.id), name: r.name ?? r.label ?? String(r.room_id ?? r.id),
      dark: !!(r.is_dark ?? r.dark), maze: r.maze_group ?? null, marker: r.maze_marker_item ?? null,
      exits: exitStates(r), first: r.first_visited_turn ?? Infinity, visits: r.visit_count ?? 0,
    }));
    const edges = (data.connections || data.edges || []).map((c) => ({
      from: String(c.from_room_id ?? c.from ?? c.source), to: String(c.to_room_id ?? c.to ?? c.target),
      dir: normDir(c.direction), both: c.bidirectional !== false, blocked: !!c.blocked,
      reason: c.blocked_reason || "", teleport: !!c.teleport, random: !!c.random,
    }));
    const mazes = (data.maze_groups || []).map((g) => ({
      id: String(g.group_id ?? g.id), rooms: (g.room_ids || []).map(String), markers: g.markers || {},
    }));
    rooms.sort((a, b) => a.first - b.first);
    markLeading(rooms, edges);
    return { rooms, edges, mazes, current: data.current_room == null ? null : String(data.current_room) };
  }

  // Without the record's exit states, an exit a known line leaves by (or comes back along) leads somewhere.
  function markLeading(rooms, edges) {
    const used = new Set();
    for (const e of edges) {
      used.add(`${e.from}|${e.dir}`);
      if (e.both && REVERSE[e.dir]) used.add(`${e.to}|${REVERSE[e.dir]}`);
    }
    for (const r of rooms) for (const x of r.exits) if (x.state === "untried" && used.has(`${r.id}|${x.dir}`)) x.state = "leads";
  }

  function pairKey(a, b) { return a < b ? `${a}|${b}` : `${b}|${a}`; }

  // One line per pair of rooms: the direction from each end (a way back known makes it two-way).
  function mergeEdges(edges, known) {
    const merged = new Map();
    for (const e of edges) {
      if (e.from === e.to || !known.has(e.from) || !known.has(e.to)) continue;
      const key = pairKey(e.from, e.to);
      const prev = merged.get(key);
      if (!prev) { merged.set(key, { key, from: e.from, to: e.to, tail: e.dir, head: "", back: false, ...flags(e) }); continue; }
      if (prev.from !== e.from) { prev.back = true; prev.head = prev.head || e.dir; } else if (!prev.tail) prev.tail = e.dir;
      prev.blocked = prev.blocked || e.blocked;
      prev.reason = prev.reason || e.reason;
      prev.both = prev.both || e.both;
    }
    // A two-way line whose way back was never walked: the world model holds it two-way, so the opposite
    // compass direction is the label at that end.
    for (const e of merged.values()) if (e.both && !e.head && REVERSE[e.tail]) e.head = REVERSE[e.tail];
    return [...merged.values()];
  }

  function flags(e) { return { both: e.both, blocked: e.blocked, reason: e.reason, teleport: e.teleport || e.random }; }

  function nodeSize(room) {
    const lines = wrapName((room.dark ? "☾ " : "") + room.name);
    const widest = Math.max(...lines.map((l) => l.length), 6);
    const chips = room.exits.filter((x) => x.state !== "leads").length ? 1 : 0;
    return { lines, width: Math.round(widest * CHAR_W + 2 * PAD_X), height: (lines.length + chips) * LINE_H + 2 * PAD_Y };
  }

  function dirLabel(text, placement) {
    return { text, width: Math.round(text.length * DIR_CHAR_W + 4), height: DIR_FONT + 3,
      layoutOptions: { "elk.edgeLabels.placement": placement } };
  }

  // The layout of every room and line seen so far in this game. Earlier turns draw the rooms they knew
  // at the places the latest layout gave them, so stepping through a replay moves nothing.
  class Layout {
    constructor() {
      this.rooms = new Map(); this.edges = new Map(); this.pos = new Map(); this.routes = new Map();
      this.key = ""; this.laidKey = null; this.running = null; this.view = null; this.user = false; this.box = null;
      this.onChange = null; this.error = null; this.version = 0; this.source = null;
    }

    // Learn the rooms and lines of a map; render() lays them out again (in the worker) when anything is new.
    place(rooms, edges) {
      for (const r of rooms) this.rooms.set(r.id, r);
      const known = new Set(this.rooms.keys());
      for (const e of mergeEdges(edges, known)) {
        const had = this.edges.get(e.key);
        this.edges.set(e.key, had ? { ...had, head: had.head || e.head, tail: had.tail || e.tail, back: had.back || e.back } : e);
      }
      this.key = `${[...this.rooms.keys()].join(",")}#${[...this.edges.values()].map((e) => `${e.key}:${e.tail}:${e.head}`).join(",")}`;
    }

    ready() { return this.laidKey === this.key; }

    ensure() {
      if (this.ready() || !this.rooms.size) return Promise.resolve(false);
      if (this.running) return this.running.then(() => this.ensure());
      const key = this.key, graph = this.graph();
      this.running = layOut(graph).then((laid) => { this.take(laid); this.laidKey = key; this.error = null; return true; })
        .catch((err) => { this.error = String(err && err.message || err); this.laidKey = key; return false; })
        .finally(() => { this.running = null; });
      return this.running.then((changed) => { if (this.onChange) this.onChange(); return this.ensure().then((more) => changed || more); });
    }

    graph() {
      const children = [...this.rooms.values()].map((r) => { const s = nodeSize(r); return { id: r.id, width: s.width, height: s.height }; });
      const edges = [...this.edges.values()].map((e) => ({ id: e.key, sources: [e.from], targets: [e.to],
        labels: [e.tail ? dirLabel(shortDir(e.tail), "TAIL") : null, e.head ? dirLabel(shortDir(e.head), "HEAD") : null].filter(Boolean) }));
      // At most about √n rooms a layer: a map of many rooms in a row would be wide and flat.
      const bound = String(Math.ceil(Math.sqrt(children.length)) + 1);
      const options = { ...ELK_OPTIONS, "elk.layered.layering.strategy": "COFFMAN_GRAHAM", "elk.layered.layering.coffmanGraham.layerBound": bound };
      return { id: "map", layoutOptions: options, children, edges };
    }

    take(laid) {
      this.version += 1;
      this.source = laid.source;
      this.laidAt = performance.now();  // ms since the page was opened (bench web reads it)
      this.pos = new Map(laid.pos);
      this.routes = new Map(laid.routes);
    }
  }

  // ELK's answer as the places of rooms and the routes of lines: [id, {x, y, w, h}] and [id, {points, labels}].
  function placesOf(g) {
    const pos = (g.children || []).map((c) => [c.id, { x: c.x, y: c.y, w: c.width, h: c.height }]);
    const routes = (g.edges || []).map((e) => {
      const s = (e.sections || [])[0];
      const points = s ? [s.startPoint, ...(s.bendPoints || []), s.endPoint].map((p) => [p.x, p.y]) : [];
      const labels = (e.labels || []).map((l) => ({ text: l.text, x: l.x, y: l.y, w: l.width, h: l.height,
        end: l.layoutOptions["elk.edgeLabels.placement"] }));
      return [e.id, { points, labels }];
    });
    return { pos, routes };
  }

  // A graph laid out before in this browser is not laid out again: the places ELK gave it are kept in
  // localStorage under a hash of ELK's whole input (rooms, their sizes, lines, labels, options), so
  // reopening or reloading a game starts no worker at all.
  const CACHE_PREFIX = "autofrotz.map-layout.", CACHE_KEEP = 12;

  function hashText(text) {  // cyrb53: 53 bits, enough to tell graphs apart
    let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
  }

  function cached(id) {
    try {
      const text = window.localStorage.getItem(CACHE_PREFIX + id);
      return text ? JSON.parse(text) : null;
    } catch (_) { return null; }  // storage off or full, or a damaged entry: lay out again
  }

  function keep(id, laid) {
    try {
      const store = window.localStorage;
      const ids = JSON.parse(store.getItem(`${CACHE_PREFIX}index`) || "[]").filter((x) => x !== id);
      ids.push(id);
      while (ids.length > CACHE_KEEP) store.removeItem(CACHE_PREFIX + ids.shift());
      store.setItem(CACHE_PREFIX + id, JSON.stringify(laid));
      store.setItem(`${CACHE_PREFIX}index`, JSON.stringify(ids));
    } catch (_) { /* not kept: the next visit lays it out again */ }
  }

  let elk = null;
  function layOut(graph) {
    const id = hashText(JSON.stringify(graph));
    const known = cached(id);
    if (known && Array.isArray(known.pos) && Array.isArray(known.routes)) return Promise.resolve({ ...known, source: "cache" });
    if (!window.ELK) return Promise.reject(new Error("the map's layout library is missing: run make setup"));
    if (!elk) elk = new window.ELK({ workerUrl: "/static/vendor/elk-worker.min.js" });
    return elk.layout(graph).then((g) => { const laid = placesOf(g); keep(id, laid); return { ...laid, source: "elk" }; });
  }

  function defs() {
    const d = el("defs");
    const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.appendChild(el("path", { d: "M0,0 L10,5 L0,10 z", class: "arrowhead" }));
    d.appendChild(marker);
    return d;
  }

  // ----- the scene: every room and line of the layout built once, then shown as at each turn -----
  // Stepping through a replay only switches classes and hides what the turn did not know yet, so a
  // turn of a 150-room map costs no more than a small one.

  function buildScene(layout) {
    const svg = el("svg", { class: "map-svg", role: "img", "aria-label": "map" });
    svg.appendChild(defs());
    const g = el("g", { class: "map-view" }), mazes = el("g", { class: "mazes" }), lines = el("g"), rooms = el("g");
    g.append(mazes, lines, rooms);
    svg.appendChild(g);
    svg._view = g;
    const edges = new Map(), nodes = new Map();
    for (const [key, laid] of layout.edges) {
      const route = layout.routes.get(key);
      if (route && route.points.length) edges.set(key, buildEdge(lines, laid, route));
    }
    for (const [id, room] of layout.rooms) {
      const box = layout.pos.get(id);
      if (box) nodes.set(id, buildNode(rooms, room, box));
    }
    return { layout, version: layout.version, svg, mazes, edges, nodes };
  }

  function buildEdge(g, laid, route) {
    const d = route.points.map((p, i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" ");
    const path = el("path", { d, class: "edge", "data-from": laid.from, "data-to": laid.to });
    const title = el("title", {}, "");
    path.appendChild(title);
    g.appendChild(path);
    const parts = [path];
    for (const l of route.labels) {
      parts.push(g.appendChild(el("text", { x: l.x + l.w / 2, y: l.y + l.h - 3, class: `edge-label ${l.end === "HEAD" ? "head" : "tail"}`,
        "data-edge": laid.key }, l.text)));
    }
    const mid = Math.floor((route.points.length - 1) / 2), [ax, ay] = route.points[mid], [bx, by] = route.points[mid + 1] || route.points[mid];
    const cross = g.appendChild(el("text", { x: (ax + bx) / 2, y: (ay + by) / 2 + 4, class: "blocked-mark" }, "✕"));
    return { laid, path, title, parts, cross, sig: null };
  }

  function buildNode(g, room, box) {
    const node = el("g", { class: "node", "data-room": room.id, transform: `translate(${box.x},${box.y})` });
    node.appendChild(el("rect", { x: 0, y: 0, width: box.w, height: box.h, rx: 8 }));
    const label = el("text", { x: box.w / 2, y: PAD_Y + FONT - 1, class: "node-label" });
    const title = el("title", {}, "");
    node.append(label, title);
    g.appendChild(node);
    return { node, label, title, box, extra: null, sig: null };
  }

  // Show the scene as at one turn: rooms and lines it knew, each with the turn's state.
  function showTurnIn(scene, map, walked) {
    const rooms = new Map(map.rooms.filter((r) => scene.nodes.has(r.id)).map((r) => [r.id, r]));
    const markerOf = new Map();
    for (const m of map.mazes) for (const [roomId, item] of Object.entries(m.markers)) markerOf.set(String(roomId), item);
    for (const [id, n] of scene.nodes) {
      const room = rooms.get(id);
      n.node.classList.toggle("gone", !room);
      if (room) showNode(n, room, id === map.current, room.marker || markerOf.get(id));
      else if (n.extra) { n.extra.remove(); n.extra = null; n.sig = null; }  // a room not known yet has no marks
    }
    const lines = new Map(mergeEdges(map.edges, new Set(rooms.keys())).map((e) => [e.key, e]));
    for (const [key, x] of scene.edges) {
      const e = lines.get(key);
      for (const part of x.parts) part.classList.toggle("gone", !e);
      x.cross.classList.toggle("gone", !(e && e.blocked));
      if (e) showEdge(x, e, walked.has(key));
    }
    scene.mazes.replaceChildren();
    drawMazes(scene.mazes, map.mazes, scene.layout);
    return new Set(rooms.keys());
  }

  function showNode(n, room, current, marker) {
    n.node.classList.toggle("current", current);
    n.node.classList.toggle("dark", room.dark);
    n.node.classList.toggle("in-maze", !!room.maze);
    const open = room.exits.filter((x) => x.state !== "leads");
    const sig = `${room.name}|${room.dark}|${marker || ""}|${open.map((x) => `${x.state}:${x.dir}`).join(",")}`;
    if (sig === n.sig) return;  // unchanged since the last turn shown: nothing to redraw
    n.sig = sig;
    const lines = wrapName((room.dark ? "☾ " : "") + room.name);
    n.label.replaceChildren(...lines.map((line, i) => el("tspan", { x: n.box.w / 2, dy: i ? LINE_H : 0 }, line)));
    n.title.textContent = `${room.name}${room.dark ? " (dark)" : ""}`;
    if (n.extra) n.extra.remove();
    n.extra = el("g");
    if (open.length) {
      const chips = el("text", { x: n.box.w / 2, y: PAD_Y + FONT - 1 + lines.length * LINE_H, class: "exit-chips",
        "data-room": room.id, "data-dirs": open.map((x) => x.dir).join(",") });
      open.forEach((x, i) => chips.appendChild(el("tspan", { class: `chip ${x.state}`, "data-dir": x.dir },
        `${i ? " " : ""}${CHIP_MARK[x.state] || "?"}${shortDir(x.dir)}`)));
      n.extra.appendChild(chips);
    }
    if (marker) n.extra.appendChild(el("text", { x: n.box.w / 2, y: n.box.h + 12, class: "marker-label" }, `⚑ ${marker}`));
    n.node.appendChild(n.extra);
  }

  // A line as at this turn: its classes, and an arrow at the end it leads to when it is one-way.
  function showEdge(x, e, walked) {
    const oneWay = !e.both && !e.back;
    const forward = e.from === x.laid.from;
    const sig = `${e.from}|${e.blocked}|${oneWay}|${e.teleport}|${walked}|${e.reason}`;
    if (sig === x.sig) return;
    x.sig = sig;
    x.path.setAttribute("class", ["edge", e.blocked && "blocked", oneWay && "oneway", e.teleport && "teleport", walked && "walked"]
      .filter(Boolean).join(" "));
    x.path.setAttribute("data-from", e.from);
    x.path.setAttribute("data-to", e.to);
    x.path.removeAttribute("marker-end");
    x.path.removeAttribute("marker-start");
    if (oneWay) x.path.setAttribute(forward ? "marker-end" : "marker-start", "url(#arrow)");
    x.title.textContent = `${[x.laid.tail, x.laid.head].filter(Boolean).join(" / ")}${e.blocked ? ` — blocked: ${e.reason}` : ""}`;
  }

  function drawMazes(g, mazes, layout) {
    for (const m of mazes) {
      const boxes = m.rooms.map((id) => layout.pos.get(id)).filter(Boolean);
      if (!boxes.length) continue;
      const x = Math.min(...boxes.map((b) => b.x)) - 10, y = Math.min(...boxes.map((b) => b.y)) - 22;
      const w = Math.max(...boxes.map((b) => b.x + b.w)) - x + 10, h = Math.max(...boxes.map((b) => b.y + b.h)) - y + 10;
      const box = el("g", { class: "maze-cluster", "data-maze": m.id });
      box.appendChild(el("rect", { x, y, width: w, height: h, rx: 12 }));
      box.appendChild(el("text", { x: x + 8, y: y + 14, class: "maze-label" }, `maze ${m.id}`));
      g.appendChild(box);
    }
  }

  // The exits not yet known to lead anywhere are chips under a room's name (untried "?", blocked "✕",
  // one-way "→"), so no line is invented for them.
  const CHIP_MARK = { untried: "?", blocked: "✕", one_way: "→" };

  // Draw the map as at one turn: its rooms at the layout's places, the lines between them, the lines
  // walked so far (pairs of rooms in `walked`) marked. Lays out again first when the map has grown.
  function render(container, data, layout, walked) {
    const map = normalize(data);
    layout.place(map.rooms, map.edges);
    layout.onChange = () => { if (container._last) draw(container, container._last.map, layout, container._last.walked); };
    container._last = { map, walked: walked || new Set() };
    draw(container, map, layout, container._last.walked);
    // Laid out (again) after this drawing is on screen: the worker's start-up never delays a turn.
    if (!layout.ready() && !layout.running) requestAnimationFrame(() => setTimeout(() => layout.ensure(), 0));
    return map;
  }

  function draw(container, map, layout, walked) {
    container.dataset.layout = layout.ready() ? "ready" : "pending";
    if (layout.source) container.dataset.laidOutBy = layout.source;  // "elk" or "cache" (tests read it)
    let scene = container._scene;
    if (!scene || scene.layout !== layout || scene.version !== layout.version) {
      scene = container._scene = buildScene(layout);
      container._layout = layout;
      bindViewControls(container);
      container.replaceChildren(scene.svg);
    }
    const svg = scene.svg;
    svg._size = [svg.clientWidth || 0, svg.clientHeight || 0];  // read before the changes: no forced layout after
    const known = showTurnIn(scene, map, walked);
    layout.box = bounds(known, layout);
    if (!layout.user || !layout.view) layout.view = opening(layout, svg, map.current);
    else keepInView(layout, map.current);
    applyView(svg, layout);
    const note = layout.error || (!map.rooms.length ? "No rooms mapped yet." : null);
    const shown = container.querySelector(".map-note");
    if (shown) shown.remove();
    if (note) container.appendChild(Object.assign(document.createElement("p"), { className: "empty map-note", textContent: note }));
  }

  // ----- the view: the part of the map shown, kept on the layout (one per game) -----
  // Until the user zooms or pans, each drawing shows the whole map when its labels stay readable at that
  // size, else the current room's neighbourhood at a readable size (Fit or a double-click shows all).
  // The view is a box in the map's coordinates, shown as a transform of the map's group, not as the
  // svg's viewBox: Chromium lays every label out again when a viewBox is set (tens of ms on a 150-room
  // map), but only moves them when a group is translated at an unchanged scale, as a replay step does.
  const READABLE_SCALE = 0.95, PAD = 30;

  function bounds(ids, layout) {
    const boxes = [...ids].map((id) => layout.pos.get(id)).filter(Boolean);
    if (!boxes.length) return { x: -200, y: -100, w: 400, h: 200 };
    const x = Math.min(...boxes.map((b) => b.x)) - PAD, y = Math.min(...boxes.map((b) => b.y)) - PAD;
    return { x, y, w: Math.max(...boxes.map((b) => b.x + b.w)) - x + PAD, h: Math.max(...boxes.map((b) => b.y + b.h)) - y + PAD + 14 };
  }

  function panelSize(svg) { return svg._size || [svg.clientWidth || 0, svg.clientHeight || 0]; }

  function scaleOf(box, svg) { const [cw, ch] = panelSize(svg); return cw && ch ? Math.min(cw / box.w, ch / box.h, 1.25) : 1; }

  function around(box, svg, scale) {
    const [cw, ch] = panelSize(svg);
    const w = (cw || box.w) / scale, h = (ch || box.h) / scale;
    return { x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - h / 2, w, h };
  }

  function opening(layout, svg, current) {
    const scale = scaleOf(layout.box, svg);
    const here = current && layout.pos.get(current);
    if (scale >= READABLE_SCALE || !here) return around(layout.box, svg, scale);
    return around({ x: here.x, y: here.y, w: here.w, h: here.h }, svg, READABLE_SCALE);
  }

  function keepInView(layout, current) {
    const here = current && layout.pos.get(current), v = layout.view;
    if (!here || !v) return;
    const cx = here.x + here.w / 2, cy = here.y + here.h / 2;
    if (cx - here.w < v.x || cx + here.w > v.x + v.w || cy - here.h < v.y || cy + here.h > v.y + v.h) {
      layout.view = { ...v, x: cx - v.w / 2, y: cy - v.h / 2 };
    }
  }

  // The view box centred in the panel at the largest scale that shows all of it (as a viewBox would).
  function applyView(svg, layout) {
    if (!layout.view || !svg._view) return;
    const v = layout.view;
    const [cw, ch] = panelSize(svg);
    const scale = cw && ch ? Math.min(cw / v.w, ch / v.h) : 1;
    const tx = ((cw || v.w) - v.w * scale) / 2 - v.x * scale, ty = ((ch || v.h) - v.h * scale) / 2 - v.y * scale;
    const transform = `translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${scale.toFixed(5)})`;
    if (svg._view.getAttribute("transform") !== transform) svg._view.setAttribute("transform", transform);
    svg.classList.toggle("dense", !!(cw && ch) && scale < 0.45);
  }

  function fit(container) {
    const layout = container._layout, svg = container.querySelector("svg.map-svg");
    if (!layout || !svg) return;
    layout.user = true;  // the whole map stays in view until the user zooms or pans
    layout.view = around(layout.box, svg, scaleOf(layout.box, svg));
    applyView(svg, layout);
  }

  // The panel changed size (or was shown): the opening view again, unless the user zoomed or panned.
  function settle(container) {
    const layout = container._layout, svg = container.querySelector("svg.map-svg");
    if (!layout || !svg || !layout.box) return;
    svg._size = [svg.clientWidth || 0, svg.clientHeight || 0];
    if (!layout.user) layout.view = opening(layout, svg, container._last && container._last.map.current);
    applyView(svg, layout);
  }

  function pointIn(svg, ev) {
    const ctm = (svg._view || svg).getScreenCTM();
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
      const f = Math.min(Math.max(ev.deltaY > 0 ? 1.15 : 1 / 1.15, 60 / v.w), 40000 / v.w);
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
    if (window.ResizeObserver) new ResizeObserver(() => settle(container)).observe(container);
  }

  window.FrotzMap = { render, Layout, normalize, normDir, shortDir, wrapName, fit, settle, onRoomClick: null };
})();
