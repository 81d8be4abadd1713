// Small SVG step charts for series over turns (score, rooms, items, puzzles).
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const W = 300, H = 120, PAD_L = 34, PAD_R = 10, PAD_T = 12, PAD_B = 22;

  function el(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // points: [[turn, value], ...] sorted by turn; marker: the turn to mark (replay position) or null.
  function lineChart(title, points, color, marker) {
    const wrap = document.createElement("figure");
    wrap.className = "chart";
    const cap = document.createElement("figcaption");
    const last = points.length ? points[points.length - 1][1] : 0;
    cap.textContent = `${title}`;
    const val = document.createElement("span");
    val.className = "chart-value";
    val.textContent = fmt(last);
    cap.appendChild(val);
    wrap.appendChild(cap);
    const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart-svg", role: "img", "aria-label": title });
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const x0 = Math.min(0, ...xs), x1 = Math.max(1, ...xs), y1 = Math.max(...ys, 0) || 1, y0 = Math.min(0, ...ys);
    const sx = (x) => PAD_L + ((x - x0) / (x1 - x0)) * (W - PAD_L - PAD_R);
    const sy = (y) => H - PAD_B - ((y - y0) / (y1 - y0 || 1)) * (H - PAD_T - PAD_B);
    for (const t of [y0, (y0 + y1) / 2, y1]) {
      svg.appendChild(el("line", { x1: PAD_L, x2: W - PAD_R, y1: sy(t), y2: sy(t), class: "grid" }));
      svg.appendChild(el("text", { x: PAD_L - 5, y: sy(t) + 3, class: "axis", "text-anchor": "end" }, fmt(t)));
    }
    svg.appendChild(el("text", { x: PAD_L, y: H - 6, class: "axis" }, String(x0)));
    svg.appendChild(el("text", { x: W - PAD_R, y: H - 6, class: "axis", "text-anchor": "end" }, `turn ${x1}`));
    if (points.length) {
      let d = `M${sx(points[0][0])},${sy(points[0][1])}`;
      for (let i = 1; i < points.length; i++) d += ` H${sx(points[i][0])} V${sy(points[i][1])}`;
      const area = `${d} V${sy(y0)} H${sx(points[0][0])} Z`;
      svg.appendChild(el("path", { d: area, fill: color, class: "area" }));
      svg.appendChild(el("path", { d, stroke: color, class: "line" }));
    }
    if (marker != null) svg.appendChild(el("line", { x1: sx(marker), x2: sx(marker), y1: PAD_T, y2: H - PAD_B, class: "marker" }));
    wrap.appendChild(svg);
    return wrap;
  }

  function fmt(v) {
    if (Math.abs(v) >= 100) return String(Math.round(v));
    return Math.abs(v) >= 1 || v === 0 ? String(Math.round(v * 10) / 10) : v.toPrecision(2);
  }

  window.FrotzCharts = { lineChart };
})();
