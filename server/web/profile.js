// A player's page (#/p/NAME): their rating at each game with its
// deviation, the history of their ratings drawn as a line graph (one line
// a game), and their games, the latest first, older ones a page at a
// time.

import { $, api, el } from "./api.js";
import { gameRow, olderGames } from "./lists.js";

// GAME_TITLES and GAME_COLORS name and colour each game's line.
const GAME_TITLES = { keil: "Keil", kee: "Kee", ki: "Ki", go: "Go" };
const GAME_COLORS = { keil: "#c0392b", kee: "#2471a3", ki: "#1e8449", go: "#7d3c98" };

// showProfile shows the page of the player named name in main.
export async function showProfile(main, name) {
  main.replaceChildren($("#tpl-profile").content.cloneNode(true));
  $("#profile-name", main).textContent = name;
  // A page shown since the request is left alone (as in showAccount).
  const shown = main.firstElementChild;
  let p;
  try {
    p = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    if (main.firstElementChild === shown) $("#profile-error", main).textContent = e.message;
    return;
  }
  if (main.firstElementChild !== shown) return;
  $("#profile-name", main).textContent = p.name;
  const ratings = $("#profile-ratings", main);
  for (const r of p.ratings) {
    ratings.append(el("tr", {},
      el("td", { text: GAME_TITLES[r.game] || r.game }),
      el("td", { text: Math.round(r.rating) }),
      el("td", { text: `± ${Math.round(2 * r.deviation)}` }),
      el("td", { text: r.games })));
  }
  if (!p.ratings.length) ratings.append(el("tr", {}, el("td", { colspan: 4, text: "No rated games yet." })));
  $("#profile-graph", main).replaceChildren(graph(p.history));
  const games = $("#profile-games", main);
  for (const g of p.games) games.append(gameRow(g));
  if (!p.games.length) games.append(el("tr", {}, el("td", { colspan: 5, text: "No games yet." })));
  olderGames($("#profile-games-more", main), games, p.name, p.next);
}

// graph draws the rating history: x the rated games in order, y the
// rating, one line a game, with axes, their ticks and labels, and a
// legend.
export function graph(history) {
  const W = 640, H = 300, left = 56, right = 96, top = 16, bottom = 44;
  const svg = el("svg:svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-graph", role: "img", "aria-label": "Rating history" });
  if (!history.length) {
    svg.append(el("svg:text", { x: W / 2, y: H / 2, "text-anchor": "middle", class: "rg-label", text: "No rated games yet." }));
    return svg;
  }
  const n = history.length;
  let lo = Math.min(...history.map(h => h.rating)), hi = Math.max(...history.map(h => h.rating));
  const step = niceStep((hi - lo) / 4 || 50);
  lo = Math.floor(lo / step) * step - (hi === lo ? step : 0);
  hi = Math.ceil(hi / step) * step + (hi === lo ? step : 0);
  if (hi === lo) hi = lo + step;
  const x = i => left + (n === 1 ? (W - left - right) / 2 : i * (W - left - right) / (n - 1));
  const y = r => top + (hi - r) * (H - top - bottom) / (hi - lo);
  const axis = (x1, y1, x2, y2) => el("svg:line", { x1, y1, x2, y2, class: "rg-axis" });
  svg.append(axis(left, top, left, H - bottom), axis(left, H - bottom, W - right, H - bottom));
  for (let r = lo; r <= hi + 1e-9; r += step) {
    svg.append(el("svg:line", { x1: left, y1: y(r), x2: W - right, y2: y(r), class: "rg-grid" }),
      el("svg:text", { x: left - 6, y: y(r) + 4, "text-anchor": "end", class: "rg-tick", text: Math.round(r) }));
  }
  const xstep = Math.max(1, Math.ceil(n / 10));
  for (let i = 0; i < n; i += xstep) {
    svg.append(el("svg:text", { x: x(i), y: H - bottom + 16, "text-anchor": "middle", class: "rg-tick", text: i + 1 }));
  }
  svg.append(el("svg:text", { x: (left + W - right) / 2, y: H - 6, "text-anchor": "middle", class: "rg-label", text: "rated game" }),
    el("svg:text", { x: 14, y: (top + H - bottom) / 2, "text-anchor": "middle", class: "rg-label",
      transform: `rotate(-90 14 ${(top + H - bottom) / 2})`, text: "rating" }));
  const games = [...new Set(history.map(h => h.game))];
  games.forEach((game, k) => {
    const pts = history.map((h, i) => [h, i]).filter(([h]) => h.game === game);
    const color = GAME_COLORS[game] || "currentColor";
    const line = el("svg:polyline", { points: pts.map(([h, i]) => `${x(i)},${y(h.rating)}`).join(" "), fill: "none",
      stroke: color, "stroke-width": 2, class: "rg-line", "data-game": game });
    svg.append(line);
    for (const [h, i] of pts) {
      const dot = el("svg:circle", { cx: x(i), cy: y(h.rating), r: 3, fill: color });
      dot.append(el("svg:title", { text: `${GAME_TITLES[game] || game}: ${Math.round(h.rating)} ± ${Math.round(2 * h.deviation)}, ${new Date(h.at).toLocaleDateString()}` }));
      svg.append(dot);
    }
    const ly = top + 8 + 18 * k;
    svg.append(el("svg:line", { x1: W - right + 10, y1: ly, x2: W - right + 30, y2: ly, stroke: color, "stroke-width": 2 }),
      el("svg:text", { x: W - right + 36, y: ly + 4, class: "rg-legend", text: GAME_TITLES[game] || game }));
  });
  return svg;
}

// niceStep rounds a step up to 1, 2 or 5 times a power of ten.
function niceStep(s) {
  const p = 10 ** Math.floor(Math.log10(s));
  for (const m of [1, 2, 5, 10]) if (m * p >= s) return m * p;
  return 10 * p;
}
