// The board renderer: any board drawn from a view's geometry (its points,
// with their names and places, and its edges), with stones and marks. It
// knows nothing of games: the game view, the rules pages and reviews tell
// it what to draw and what a click does.

import { el, SYMBOL } from "./api.js";

// drawBoard draws board into the SVG element svg, replacing what it held.
//
// board is a view's geometry: {kind: "rect"|"torus"|"hex"|…, width,
// height, points: [{name, x, y}], edges: [[a, b]], seams: [indices of
// edges not drawn: they join points drawn apart]}. opts, all optional:
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
//   stars    true: the star points of a square board (9x9, 13x13, 19x19…)
//   links    Keil's links, as a view's aids.links [{a, b, witnesses}]:
//            each drawn as a segment, the board's other edges faint; the
//            pointer on a point (or the cursor) highlights its links and
//            their witnesses
//   control  a symbol a point: the player controlling it (Ki), shaded
//   liberties  a number a point: each stone's group's liberties, written
//            on the stone
//   rings    [{point, class}]: extra rings (e.g. a stone under appeal)
//   cursor   the keyboard's point, ringed (-1 or absent: none)
//   focus    the point whose links, or the pair [a, b] whose link, are
//            highlighted while neither the pointer nor the cursor is on
//            a point
//   onHover  point => …, called when the pointer enters a point, and with
//            -1 when it leaves the board
//   coordinates  false: no row and column names around the board
export function drawBoard(svg, board, opts = {}) {
  const pts = board.points;
  const stones = opts.stones || ".".repeat(pts.length);
  const dead = opts.dead || new Set();
  const xs = pts.map(p => p.x), ys = pts.map(p => -p.y);
  const pad = 1;
  const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad, minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
  svg.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
  const layers = [el("svg:rect", { class: "bg", x: minX, y: minY, width: maxX - minX, height: maxY - minY, rx: .3 })];
  // wraps: the edges a drawing leaves out: the board's seams (a cube
  // net's cuts) and a torus's wrap-around edges.
  const seams = new Set(board.seams || []);
  const seamPairs = new Set([...seams].map(i => `${Math.min(...board.edges[i])} ${Math.max(...board.edges[i])}`));
  const wraps = (a, b) => {
    const dx = pts[a].x - pts[b].x, dy = pts[a].y - pts[b].y;
    return seamPairs.has(`${Math.min(a, b)} ${Math.max(a, b)}`) || (board.kind === "torus" && dx * dx + dy * dy > 2.5);
  };
  const seg = (a, b, cls) => el("svg:line", { class: cls, x1: pts[a].x, y1: -pts[a].y, x2: pts[b].x, y2: -pts[b].y });
  // part is the part of segment a–b from fraction f to fraction t.
  const part = (a, b, f, t, cls) => {
    const x = k => pts[a].x + (pts[b].x - pts[a].x) * k, y = k => -(pts[a].y + (pts[b].y - pts[a].y) * k);
    return el("svg:line", { class: cls, x1: x(f), y1: y(f), x2: x(t), y2: y(t) });
  };
  if (opts.control) {
    pts.forEach((p, i) => {
      const c = SYMBOL[opts.control[i]];
      if (c) layers.push(el("svg:rect", { class: `control c${c}`, x: p.x - .46, y: -p.y - .46, width: .92, height: .92, rx: .12, "data-point": p.name }));
    });
  }
  const out = pts.map(() => [0, 0]); // by point: the sum of its drawn edges' directions
  for (const [a, b] of board.edges) {
    if (wraps(a, b)) continue;
    layers.push(seg(a, b, opts.links ? "edge faint" : "edge"));
    const dx = pts[a].x - pts[b].x, dy = pts[a].y - pts[b].y, d = Math.hypot(dx, dy);
    out[a][0] -= dx / d; out[a][1] -= dy / d; out[b][0] += dx / d; out[b][1] += dy / d;
  }
  if (opts.stars) {
    for (const i of starPoints(board)) layers.push(el("svg:circle", { class: "star", cx: pts[i].x, cy: -pts[i].y, r: .09 }));
  }
  // Links: those between two stones of one colour are bridges drawn over
  // the stones (bridges, below); the others lie under them, on the
  // board's faint edges.
  const bridges = [];
  if (opts.links) {
    for (const l of opts.links) {
      if (wraps(l.a, l.b)) continue;
      const kind = linkKind(stones[l.a], stones[l.b]);
      const bridge = kind !== "se" && kind !== "sx" && kind !== "ee";
      // A bridge spans the stones' meeting, leaving their centres (and
      // the marks on them) clear.
      const line = bridge ? part(l.a, l.b, .22, .78, `link ${kind}`) : seg(l.a, l.b, `link ${kind}`);
      line.dataset.link = `${pts[l.a].name} ${pts[l.b].name}`;
      (bridge ? bridges : layers).push(line);
    }
    // Neighbouring stones of one colour that are not linked: a cut mark
    // across their edge.
    const linked = new Set(opts.links.map(l => `${Math.min(l.a, l.b)} ${Math.max(l.a, l.b)}`));
    for (const [a, b] of board.edges) {
      if (wraps(a, b) || stones[a] === "." || stones[a] !== stones[b] || linked.has(`${Math.min(a, b)} ${Math.max(a, b)}`)) continue;
      const mx = (pts[a].x + pts[b].x) / 2, my = -(pts[a].y + pts[b].y) / 2;
      const dx = pts[b].x - pts[a].x, dy = -(pts[b].y - pts[a].y), len = Math.hypot(dx, dy) || 1;
      const nx = -dy / len * .22, ny = dx / len * .22;
      const cut = el("svg:line", { class: "cut", x1: mx - nx, y1: my - ny, x2: mx + nx, y2: my + ny });
      cut.dataset.cut = `${pts[a].name} ${pts[b].name}`;
      bridges.push(cut);
    }
  }
  // A point with a seam gets a short dashed stroke away from its drawn
  // edges: its board goes on elsewhere.
  const seamEnds = new Set([...seams].flatMap(i => board.edges[i]));
  for (const p of seamEnds) {
    const [sx, sy] = out[p], d = Math.hypot(sx, sy);
    if (d < 1e-6) continue;
    layers.push(el("svg:line", { class: "seam", x1: pts[p].x, y1: -pts[p].y, x2: pts[p].x - .4 * sx / d, y2: -(pts[p].y - .4 * sy / d) }));
  }
  if (opts.coordinates !== false) layers.push(...coordinates(board));
  pts.forEach((p, i) => {
    const c = SYMBOL[stones[i]];
    if (c) {
      layers.push(el("svg:circle", { class: `stone c${c}${dead.has(i) ? " dead" : ""}`, cx: p.x, cy: -p.y, r: .46 }, el("svg:title", { text: p.name })));
      // With the liberties written on the stones, the last one is ringed
      // around its number.
      if (i === opts.last) layers.push(el("svg:circle", { class: `last on${c}`, cx: p.x, cy: -p.y, r: opts.liberties ? .34 : .18 }));
    } else if (opts.owners && opts.owners[i] !== ".") {
      const s = .32;
      layers.push(el("svg:rect", { class: `owner c${SYMBOL[opts.owners[i]]}`, x: p.x - s / 2, y: -p.y - s / 2, width: s, height: s }));
    }
    if (dead.has(i) && opts.owners) layers.push(el("svg:text", { class: "label", x: p.x, y: -p.y, text: "×" }));
    if (opts.labels && opts.labels.has(i)) layers.push(el("svg:text", { class: `label mark${c ? ` on${c}` : " free"}`, x: p.x, y: -p.y, text: opts.labels.get(i) }));
    else if (c && opts.liberties && opts.liberties[i] > 0) {
      layers.push(el("svg:text", { class: `label libs on${c}`, x: p.x, y: -p.y, text: String(opts.liberties[i]) }));
    }
    if (opts.pending === i) layers.push(el("svg:circle", { class: "pending", cx: p.x, cy: -p.y, r: .46 }));
  });
  layers.push(...bridges);
  for (const r of opts.rings || []) {
    const p = pts[r.point];
    if (p) layers.push(el("svg:circle", { class: `ring ${r.class || ""}`, cx: p.x, cy: -p.y, r: .5 }));
  }
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
  // The links of the point under the pointer or the cursor, redrawn as
  // either moves.
  const focusLayer = el("svg:g", { class: "focus" });
  layers.push(focusLayer);
  // showFocus highlights the links of point i, or the link of pair i
  // ([a, b]), with their witnesses.
  const showFocus = i => {
    focusLayer.replaceChildren();
    if (!opts.links || i < 0) return;
    for (const l of opts.links) {
      if (Array.isArray(i) ? !(i.includes(l.a) && i.includes(l.b)) : l.a !== i && l.b !== i) continue;
      focusLayer.append(seg(l.a, l.b, "link-hl"));
      for (const w of l.witnesses || []) focusLayer.append(el("svg:circle", { class: "witness", cx: pts[w].x, cy: -pts[w].y, r: .3 }));
    }
    // A pair that does not link: its witnesses (the points next to both),
    // none of which links it.
    if (Array.isArray(i) && !focusLayer.firstChild) {
      const near = p => new Set(board.edges.filter(e => e.includes(p)).map(e => e[0] === p ? e[1] : e[0]));
      const na = near(i[0]);
      for (const w of near(i[1])) {
        if (na.has(w)) focusLayer.append(el("svg:circle", { class: "witness none", cx: pts[w].x, cy: -pts[w].y, r: .3 }));
      }
    }
  };
  // rest is the point whose links show while the pointer is off the board.
  const rest = opts.cursor >= 0 && pts[opts.cursor] ? opts.cursor : Array.isArray(opts.focus) || opts.focus >= 0 ? opts.focus : -1;
  if (opts.cursor >= 0 && pts[opts.cursor]) {
    const p = pts[opts.cursor];
    layers.push(el("svg:circle", { class: "cursor", cx: p.x, cy: -p.y, r: .52 }));
  }
  showFocus(rest);
  // The hit circles come last, above everything: they take the clicks.
  pts.forEach((p, i) => {
    const hit = el("svg:circle", { class: "hit", cx: p.x, cy: -p.y, r: .5, "data-point": p.name }, el("svg:title", { text: p.name }));
    if (opts.onClick) hit.addEventListener("click", () => opts.onClick(i));
    hit.addEventListener("mouseenter", () => {
      if (opts.hover) {
        const c = opts.hover(i);
        if (c) svg.append(el("svg:circle", { class: `stone ghost c${c}`, cx: p.x, cy: -p.y, r: .46 }));
      }
      if (opts.links) showFocus(i);
      if (opts.onHover) opts.onHover(i);
    });
    hit.addEventListener("mouseleave", () => {
      for (const gh of svg.querySelectorAll(".ghost")) gh.remove();
      if (opts.links) showFocus(rest);
      if (opts.onHover) opts.onHover(-1);
    });
    layers.push(hit);
  });
  svg.replaceChildren(...layers);
}

// linkText says, for people, which neighbours of point i link with it and
// through which witnesses, and which do not: "d4 links with e4 (through
// e5) and d5; not with c4." links are a view's aids.links.
export function linkText(board, links, i) {
  const pts = board.points;
  const withs = [], linked = new Set();
  for (const l of links) {
    if (l.a !== i && l.b !== i) continue;
    const q = l.a === i ? l.b : l.a;
    linked.add(q);
    const w = (l.witnesses || []).map(x => pts[x].name);
    withs.push(pts[q].name + (w.length ? ` (through ${w.join(" and ")})` : ""));
  }
  const nots = [];
  for (const [a, b] of board.edges) {
    const q = a === i ? b : b === i ? a : -1;
    if (q >= 0 && !linked.has(q)) nots.push(pts[q].name);
  }
  const list = xs => xs.length > 1 ? `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}` : xs[0];
  let s = `${pts[i].name} links with ${withs.length ? list(withs) : "none of its neighbours"}`;
  if (nots.length) s += `; not with ${list(nots)}`;
  return s + ".";
}

// arrowKey returns the point the arrow key key moves a cursor at point at
// to (the nearest neighbour in its direction), or -1 if key is no arrow.
export function arrowKey(board, at, key) {
  const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[key];
  if (!dir) return -1;
  return neighbourToward(board, at, dir[0], dir[1]);
}

// linkKind classes a link by what its two points hold: "s1"…"s4" two
// stones of one colour, "se" a stone and an empty point, "ee" two empty
// points, "sx" stones of two colours.
function linkKind(a, b) {
  const ca = SYMBOL[a], cb = SYMBOL[b];
  if (ca && ca === cb) return `s${ca}`;
  if (ca && cb) return "sx";
  if (ca || cb) return "se";
  return "ee";
}

// starPoints are the customary star points of a square board of side 9 or
// more (the third line below 13, the fourth from 13, the centre of an odd
// board, and the sides' midpoints from 15): none on other boards.
export function starPoints(board) {
  const n = board.width;
  if (board.kind !== "rect" || n !== board.height || n < 9) return [];
  const d = n >= 13 ? 3 : 2, lo = d, hi = n - 1 - d, mid = (n - 1) / 2;
  const at = [[lo, lo], [hi, lo], [lo, hi], [hi, hi]];
  if (n % 2 === 1) {
    at.push([mid, mid]);
    if (n >= 15) at.push([lo, mid], [hi, mid], [mid, lo], [mid, hi]);
  }
  const index = new Map(board.points.map((p, i) => [`${Math.round(p.x)},${Math.round(p.y)}`, i]));
  return at.map(([x, y]) => index.get(`${x},${y}`)).filter(i => i !== undefined);
}

// neighbourToward returns the neighbour of point from that lies most
// nearly in the direction (dx, dy) (y upwards, as the points' coordinates),
// within 80° of it, by the points' coordinates; from itself if none does.
// It moves a keyboard cursor over any board graph.
export function neighbourToward(board, from, dx, dy) {
  const pts = board.points;
  let best = from, bestCos = Math.cos(80 * Math.PI / 180), bestDist = Infinity;
  for (const [a, b] of board.edges) {
    if (a !== from && b !== from) continue;
    const q = a === from ? b : a;
    const vx = pts[q].x - pts[from].x, vy = pts[q].y - pts[from].y;
    const len = Math.hypot(vx, vy);
    if (len === 0) continue;
    const cos = (vx * dx + vy * dy) / len;
    // Ties (two neighbours equally near the direction, as on the hexhex)
    // go to the nearer point, then the lower-left one.
    const better = cos > bestCos + 1e-9 || (Math.abs(cos - bestCos) <= 1e-9 && (len < bestDist - 1e-9 ||
      (Math.abs(len - bestDist) <= 1e-9 && (pts[q].x < pts[best].x || (pts[q].x === pts[best].x && pts[q].y < pts[best].y)))));
    if (better) { best = q; bestCos = cos; bestDist = len; }
  }
  return best;
}

// centre is the point nearest the middle of the board.
export function centre(board) {
  const pts = board.points;
  const mx = pts.reduce((s, p) => s + p.x, 0) / pts.length, my = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  let best = 0;
  pts.forEach((p, i) => { if (Math.hypot(p.x - mx, p.y - my) < Math.hypot(pts[best].x - mx, pts[best].y - my)) best = i; });
  return best;
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
  } else if (b.kind === "hex" || b.kind === "tri") {
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
