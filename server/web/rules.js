// The rules pages: each game's rules for players (the text is in the
// page's templates, tpl-rules-GAME), with diagrams and a small board to
// try things on, all drawn by board.js from positions the server replays
// (POST /api/position): the rule work is the server's.
//
// In a template, a diagram is
//   <figure class="diagram" data-rules="keil" data-board="hex:4"
//     data-moves="d4 a1 e4" data-aids="links" data-labels="b2:1"
//     data-focus="d4"><figcaption>…</figcaption></figure>
// (data-aids: any of links, control, liberties; data-labels: point:text
// pairs; data-focus: the point whose links are highlighted), and a board
// to try things on is
//   <div class="try" data-rules="kee" data-board="5x5" data-moves="…"
//     data-aids="liberties"></div>
// where the reader plays both sides from the position of data-moves.

import { $, api, el } from "./api.js";
import { drawBoard, arrowKey, centre } from "./board.js";
import { pointText, moveText, title } from "./aids.js";

// GAMES are the games with a rules page.
export const GAMES = ["keil", "kee", "ki", "go"];

// showRules shows the rules of game in main, or the list of the rules
// pages if there is no such game.
export function showRules(main, game) {
  const tpl = GAMES.includes(game) ? $(`#tpl-rules-${game}`) : $("#tpl-rules");
  main.replaceChildren(tpl.content.cloneNode(true));
  document.title = GAMES.includes(game) ? `${$("h1", main).textContent} — moku` : "Rules — moku";
  for (const a of main.querySelectorAll(".rules-nav a")) {
    if (a.getAttribute("href") === `#/rules/${game}`) a.setAttribute("aria-current", "page");
  }
  for (const fig of main.querySelectorAll("figure.diagram")) diagram(fig);
  for (const box of main.querySelectorAll(".try")) tryBoard(box);
}

// position asks the server for the position after moves.
function position(rules, board, moves) {
  return api("/api/position", { rules, board, moves });
}

const words = s => (s || "").trim().split(/\s+/).filter(Boolean);

// aidSet is a data-aids attribute as a set of the aids' names.
const aidSet = s => ({ links: false, control: false, liberties: false, ...Object.fromEntries(words(s).map(w => [w, true])) });

// boardOpts are drawBoard's options for position v with the aids of show.
function boardOpts(v, show) {
  return {
    stones: v.stones,
    last: v.last,
    stars: true,
    links: show.links ? v.aids.links || [] : null,
    control: show.control ? v.aids.control : null,
    liberties: show.liberties ? v.aids.liberties : null,
    rings: v.appeal ? [{ point: v.appeal.point, class: "appealed" }] : [],
  };
}

// pointIndex is the index of the point named name, or -1.
const pointIndex = (v, name) => v.board.points.findIndex(p => p.name === name);

// diagram draws a figure's position.
async function diagram(fig) {
  const svg = el("svg:svg", { class: "board-svg", role: "img", "aria-label": fig.querySelector("figcaption")?.textContent.trim() || "diagram" });
  fig.prepend(svg);
  try {
    const v = await position(fig.dataset.rules, fig.dataset.board, words(fig.dataset.moves));
    const labels = new Map();
    for (const pair of (fig.dataset.labels || "").split(",").filter(Boolean)) {
      const [name, text] = pair.split(":");
      labels.set(pointIndex(v, name), text);
    }
    const focus = words(fig.dataset.focus).map(name => pointIndex(v, name));
    drawBoard(svg, v.board, { ...boardOpts(v, aidSet(fig.dataset.aids)), labels, focus: focus.length === 2 ? focus : focus.length ? focus[0] : -1 });
    fig.dataset.ready = "1";
  } catch (e) {
    fig.append(el("p", { class: "error", text: `This diagram could not be drawn: ${e.message}` }));
  }
}

// reason is a refusal of the position endpoint without its "move 3 (d4): "
// prefix: why the last move is illegal.
const reason = msg => msg.replace(/^move \d+ \([^)]*\): /, "");

// tryBoard makes a board the reader plays on, both sides in turn: a click
// (or the arrow keys and Enter) places a stone, and the aids show what it
// changed.
function tryBoard(box) {
  const rules = box.dataset.rules, spec = box.dataset.board, start = words(box.dataset.moves);
  const show = aidSet(box.dataset.aids);
  const svg = el("svg:svg", { class: "board-svg", tabindex: 0, role: "application",
    "aria-label": "A board to try: click a point, or use the arrow keys and Enter, to play it" });
  const status = el("p", { class: "try-status", "aria-live": "polite" });
  const score = el("p", { class: "try-score" });
  const note = el("p", { class: "try-note" });
  const info = el("p", { class: "try-info" });
  const message = el("p", { class: "error", role: "alert" });
  const button = el("button", { type: "button", class: "try-button", text: "Take the button", hidden: "" });
  const pass = el("button", { type: "button", class: "try-pass", text: "Pass" });
  const appeal = el("button", { type: "button", class: "try-appeal", hidden: "" });
  const back = el("button", { type: "button", class: "try-back", text: "Take back" });
  const reset = el("button", { type: "button", class: "try-reset", text: "Start again" });
  box.replaceChildren(el("div", { class: "try-board" }, svg),
    el("div", { class: "try-side" }, status, score, note, el("div", { class: "row" }, button, pass, appeal, back, reset), message, info));
  // keys: the cursor shows, the reader playing with the keyboard.
  // idle: the pointer has not moved since the last key.
  let moves = start, v = null, cursor = -1, hovered = -1, keys = false, idle = false;

  const describe = () => {
    const i = hovered >= 0 ? hovered : keys ? cursor : -1;
    info.textContent = v && i >= 0 ? pointText(v.board, v.stones, v.aids, i, show) : "";
  };
  const draw = () => {
    drawBoard(svg, v.board, {
      ...boardOpts(v, show),
      cursor: keys ? cursor : -1,
      onClick: i => play(v.board.points[i].name),
      // A redraw under a pointer at rest "enters" its point again: only a
      // pointer that moved since the last key takes the description back.
      onHover: i => { if (!idle) { hovered = i; describe(); } },
    });
    describe();
  };
  const showStatus = () => {
    let s = v.over ? `Game over: ${v.result}.` : `${title(v.toMove)} to play.`;
    if (moves.length > start.length) s = `${moveText(v.moves[v.moves.length - 1])} ${s}`;
    status.textContent = s;
    score.textContent = `Score as the board stands: ${v.score.map(s => `${title(s.color)} ${s.total}`).join(", ")}.`;
    const a = v.appeal;
    note.textContent = a ? `${title(a.color)}'s stone play at ${a.move} is under appeal: ${title(a.color)}'s next ordinary pass takes it back; a stone play keeps it.` : "";
    pass.textContent = a && a.color === v.toMove ? `Pass (takes back ${a.move})` : "Pass";
    button.hidden = !v.legal.includes("button");
    pass.disabled = v.over || !v.legal.includes("pass");
    back.disabled = moves.length <= start.length;
    reset.disabled = moves.length === start.length;
  };
  // go shows the position after next, if the server accepts it; else
  // says why not, and offers an appeal where the cycle prohibition alone
  // forbids a stone play.
  const go = async next => {
    message.textContent = "";
    appeal.hidden = true;
    try {
      v = await position(rules, spec, next);
      moves = next;
      showStatus();
      draw();
    } catch (e) {
      message.textContent = reason(e.message);
      const point = next[next.length - 1];
      if (v && /cycle prohibition/.test(e.message) && v.legal.includes(`appeal-${point}`)) {
        appeal.textContent = `Appeal, naming ${point}`;
        appeal.hidden = false;
        appeal.onclick = () => go([...moves, `appeal-${point}`]);
      }
    }
  };
  const play = name => {
    if (!v) return;
    if (v.over) {
      message.textContent = "The game is over: take back a move or start again.";
      return;
    }
    go([...moves, name]);
  };
  button.onclick = () => go([...moves, "button"]);
  pass.onclick = () => go([...moves, "pass"]);
  back.onclick = () => go(moves.slice(0, -1));
  reset.onclick = () => go(start);
  // The cursor shows while the board has the keyboard's focus; a focus by
  // the mouse draws nothing (a redraw between press and release would
  // lose the click).
  svg.addEventListener("focus", () => {
    if (!v || !svg.matches(":focus-visible")) return;
    keys = true;
    if (cursor < 0) cursor = v.last >= 0 ? v.last : centre(v.board);
    draw();
  });
  svg.addEventListener("blur", () => { if (v && keys) { keys = false; draw(); } });
  svg.addEventListener("mousemove", ev => {
    if (!idle || !v) return;
    idle = false;
    const i = v.board.points.findIndex(p => p.name === ev.target.dataset?.point);
    if (i >= 0) { hovered = i; describe(); }
  });
  svg.addEventListener("keydown", ev => {
    const arrow = ev.key.startsWith("Arrow");
    if (!v || !(arrow || ev.key === "Enter" || ev.key === " ")) return;
    ev.preventDefault();
    ev.stopPropagation();
    const shown = keys;
    keys = true;
    hovered = -1; // the keys' point is described, not the pointer's
    idle = true;
    // The cursor starts on the last stone played, else in the middle;
    // a first Enter only shows it.
    if (cursor < 0) cursor = v.last >= 0 ? v.last : centre(v.board);
    if (arrow) cursor = arrowKey(v.board, cursor, ev.key);
    if (arrow || !shown) draw();
    else play(v.board.points[cursor].name);
  });
  go(start);
}
