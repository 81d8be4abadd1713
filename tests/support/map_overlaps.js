// Geometry in the map's own coordinates: rooms are translated groups, lines are "M x,y L x,y ..." paths.
// Evaluated by tests/test_browser_map.py in the page; returns what overlaps what.
() => {
  const svg = document.querySelector('#map svg.map-svg');
  const rooms = [...svg.querySelectorAll('g.node:not(.gone)')].map((g) => {
    const m = g.transform.baseVal.consolidate().matrix, r = g.querySelector('rect');
    return { id: g.dataset.room, x: m.e, y: m.f, w: r.width.baseVal.value, h: r.height.baseVal.value, g };
  });
  const segments = [];
  for (const p of svg.querySelectorAll('path.edge:not(.gone)')) {
    const pts = p.getAttribute('d').match(/-?[0-9.]+,-?[0-9.]+/g).map((s) => s.split(',').map(Number));
    for (let i = 1; i < pts.length; i++) segments.push({ from: p.dataset.from, to: p.dataset.to, a: pts[i - 1], b: pts[i] });
  }
  // Liang-Barsky: does the segment enter the room's box (shrunk by a pixel, so touching is not crossing)?
  const enters = (s, r) => {
    const [x0, y0] = s.a, dx = s.b[0] - x0, dy = s.b[1] - y0;
    let lo = 0, hi = 1;
    for (const [p, q] of [[-dx, x0 - (r.x + 1)], [dx, r.x + r.w - 1 - x0], [-dy, y0 - (r.y + 1)], [dy, r.y + r.h - 1 - y0]]) {
      if (p === 0) { if (q < 0) return false; continue; }
      const t = q / p;
      if (p < 0) lo = Math.max(lo, t); else hi = Math.min(hi, t);
      if (lo > hi) return false;
    }
    return true;
  };
  const through = [];
  for (const s of segments) for (const r of rooms) if (r.id !== s.from && r.id !== s.to && enters(s, r)) through.push(`${s.from}-${s.to} through ${r.id}`);
  const boxes = [...svg.querySelectorAll('text.edge-label:not(.gone)')].map((t) => ({ kind: 'direction', b: t.getBBox() }));
  for (const r of rooms) {
    const b = r.g.querySelector('text.node-label').getBBox();
    boxes.push({ kind: 'name', room: r.id, b: { x: b.x + r.x, y: b.y + r.y, width: b.width, height: b.height } });
  }
  const overlap = (a, b) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1
    && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
  let labels = 0, labelOnRoom = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (overlap(boxes[i].b, boxes[j].b)) labels++;
  for (const l of boxes) if (l.kind === 'direction') for (const r of rooms) if (overlap(l.b, { x: r.x, y: r.y, width: r.w, height: r.h })) labelOnRoom++;
  const names = rooms.map((r) => [...r.g.querySelectorAll('text.node-label tspan')].map((t) => t.textContent).join(' '));
  return { rooms: rooms.length, segments: segments.length, through, labels, labelOnRoom, names,
           directions: boxes.filter((b) => b.kind === 'direction').length };
}
