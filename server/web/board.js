// The board renderer: any board drawn from a view's geometry (its points,
// with their names and places, and its edges), with stones and marks. It
// knows nothing of games: the game view, and later rules diagrams and
// reviews, tell it what to draw and what a click does.

import { el, SYMBOL } from "./api.js";

// drawBoard draws board into the SVG element svg, replacing what it held.
//
// board is a view's geometry: {kind: "rect"|"torus"|"hex"|…, width,
// height, points: [{name, x, y}], edges: [[a, b]]}. opts, all optional:
//   stones   a symbol a point (". X O R U"), as a view's stones
//   last     the point of the last stone played, ringed (-1: none)
//   dead     a Set of points whose stones are drawn dead and crossed
//   owners   a symbol a point: the empty points' owners, drawn as squares
//   pending  a point ringed as chosen but not yet played
//   heat     an ownership estimate a point (-1 white … 1 black), drawn as
//            squares on empty points and on stones that look dead
//   labels   a Map of point to a short text drawn on it
//   hover    point => the colour index of a ghost stone to show while the
//            pointer is on that point (0: none)
//   onClick  point => …, called on a click on a point
export function drawBoard(svg, board, opts = {}) {
  const pts = board.points;
  const stones = opts.stones || ".".repeat(pts.length);
  const dead = opts.dead || new Set();
  const xs = pts.map(p => p.x), ys = pts.map(p => -p.y);
  const pad = 1;
  const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad, minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
  svg.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
  const layers = [el("svg:rect", { class: "bg", x: minX, y: minY, width: maxX - minX, height: maxY - minY, rx: .3 })];
  for (const [a, b] of board.edges) {
    const dx = pts[a].x - pts[b].x, dy = pts[a].y - pts[b].y;
    if (board.kind === "torus" && dx * dx + dy * dy > 2.5) continue; // wrap-around edges
    layers.push(el("svg:line", { class: "edge", x1: pts[a].x, y1: -pts[a].y, x2: pts[b].x, y2: -pts[b].y }));
  }
  layers.push(...coordinates(board));
  pts.forEach((p, i) => {
    const c = SYMBOL[stones[i]];
    if (c) {
      layers.push(el("svg:circle", { class: `stone c${c}${dead.has(i) ? " dead" : ""}`, cx: p.x, cy: -p.y, r: .46 }, el("svg:title", { text: p.name })));
      if (i === opts.last) layers.push(el("svg:circle", { class: `last on${c}`, cx: p.x, cy: -p.y, r: .18 }));
    } else if (opts.owners && opts.owners[i] !== ".") {
      const s = .32;
      layers.push(el("svg:rect", { class: `owner c${SYMBOL[opts.owners[i]]}`, x: p.x - s / 2, y: -p.y - s / 2, width: s, height: s }));
    }
    if (dead.has(i) && opts.owners) layers.push(el("svg:text", { class: "label", x: p.x, y: -p.y, text: "×" }));
    if (opts.labels && opts.labels.has(i)) layers.push(el("svg:text", { class: `label mark${c ? ` on${c}` : ""}`, x: p.x, y: -p.y, text: opts.labels.get(i) }));
    if (opts.pending === i) layers.push(el("svg:circle", { class: "pending", cx: p.x, cy: -p.y, r: .46 }));
  });
  if (opts.heat) {
    pts.forEach((p, i) => {
      const o = opts.heat[i], c = SYMBOL[stones[i]];
      if (Math.abs(o) < 0.1) return;
      // On a stone, only a square of the other colour: the stone looks dead.
      if ((c === 1 && o > -0.3) || (c === 2 && o < 0.3) || c > 2) return;
      const s = 0.62 * Math.abs(o);
      layers.push(el("svg:rect", { class: `heat c${o > 0 ? 1 : 2}`, x: p.x - s / 2, y: -p.y - s / 2, width: s, height: s }));
    });
  }
  // The hit circles come last, above everything: they take the clicks.
  pts.forEach((p, i) => {
    const hit = el("svg:circle", { class: "hit", cx: p.x, cy: -p.y, r: .5, "data-point": p.name }, el("svg:title", { text: p.name }));
    if (opts.onClick) hit.addEventListener("click", () => opts.onClick(i));
    if (opts.hover) {
      hit.addEventListener("mouseenter", () => {
        const c = opts.hover(i);
        if (c) svg.append(el("svg:circle", { class: `stone ghost c${c}`, cx: p.x, cy: -p.y, r: .46 }));
      });
      hit.addEventListener("mouseleave", () => { for (const gh of svg.querySelectorAll(".ghost")) gh.remove(); });
    }
    layers.push(hit);
  });
  svg.replaceChildren(...layers);
}

// coordinates are the board's row and column names around its edge.
function coordinates(b) {
  const out = [];
  const text = (x, y, t) => el("svg:text", { class: "label", x, y: -y, text: t });
  const pts = b.points;
  if (b.kind === "rect" || b.kind === "torus") {
    for (let x = 0; x < b.width; x++) {
      const name = pts[x].name.replace(/\d+$/, "");
      out.push(text(x, -0.75, name), text(x, b.height - 1 + 0.75, name));
    }
    for (let y = 0; y < b.height; y++) out.push(text(-0.8, y, String(y + 1)), text(b.width - 1 + 0.8, y, String(y + 1)));
  } else if (b.kind === "hex") {
    const rows = new Map(), cols = new Map();
    for (const p of pts) {
      const col = p.name.match(/^[a-z]+/)[0], row = +p.name.slice(col.length);
      if (!rows.has(row) || rows.get(row).x > p.x) rows.set(row, p);
      if (!cols.has(col) || cols.get(col).y > p.y) cols.set(col, p);
    }
    for (const [row, p] of rows) out.push(text(p.x - 0.8, p.y, String(row)));
    for (const [col, p] of cols) out.push(text(p.x + 0.4, p.y - 0.72, col));
  }
  return out;
}
