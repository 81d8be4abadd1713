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
  // more: other series drawn on the same scales ([{ points, color }]), e.g. a second run compared.
  function lineChart(title, points, color, marker, more) {
    more = more || [];
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
    const every = points.concat(...more.map((m) => m.points));
    const xs = every.map((p) => p[0]), ys = every.map((p) => p[1]);
    const x0 = Math.min(0, ...xs), x1 = Math.max(1, ...xs), y1 = Math.max(...ys, 0) || 1, y0 = Math.min(0, ...ys);
    const sx = (x) => PAD_L + ((x - x0) / (x1 - x0)) * (W - PAD_L - PAD_R);
    const sy = (y) => H - PAD_B - ((y - y0) / (y1 - y0 || 1)) * (H - PAD_T - PAD_B);
    for (const t of [y0, (y0 + y1) / 2, y1]) {
      svg.appendChild(el("line", { x1: PAD_L, x2: W - PAD_R, y1: sy(t), y2: sy(t), class: "grid" }));
      svg.appendChild(el("text", { x: PAD_L - 5, y: sy(t) + 3, class: "axis", "text-anchor": "end" }, fmt(t)));
    }
    svg.appendChild(el("text", { x: PAD_L, y: H - 6, class: "axis" }, String(x0)));
    svg.appendChild(el("text", { x: W - PAD_R, y: H - 6, class: "axis", "text-anchor": "end" }, `turn ${x1}`));
    for (const [i, series] of [{ points, color }, ...more].entries()) {
      const pts = series.points;
      if (!pts.length) continue;
      let d = `M${sx(pts[0][0])},${sy(pts[0][1])}`;
      for (let k = 1; k < pts.length; k++) d += ` H${sx(pts[k][0])} V${sy(pts[k][1])}`;
      if (i === 0) svg.appendChild(el("path", { d: `${d} V${sy(y0)} H${sx(pts[0][0])} Z`, fill: series.color, class: "area" }));
      svg.appendChild(el("path", { d, stroke: series.color, class: "line", "data-series": i }));
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
