// The analysis board: a stored game (#/review/{id}) or an uploaded SGF
// record (#/review) as a main line and variations. A clickable move list,
// a win-rate graph with axes, moves tried on the board as variations, the
// computer's evaluation of any position, the exact solver where few
// points are left, and the record with its variations to download. The
// server keeps nothing of a review: every position is named by its rules,
// board, set-up and moves (POST /api/position and the endpoints beside
// it).

import { $, api, el, swatch, COLORS, SYMBOL, APIError } from "./api.js";
import { drawBoard } from "./board.js";

// MAX_SOLVE_EMPTY and MAX_SOLVE_POINTS are the server's bounds on the
// exact solver's positions: empty points, and points of the board.
const MAX_SOLVE_EMPTY = 16, MAX_SOLVE_POINTS = 64;

// showReview shows the analysis board in main: of stored game id, or,
// without one, of a record the person uploads. It returns the view's
// state, with close().
export function showReview(main, id) {
  main.replaceChildren($("#tpl-review").content.cloneNode(true));
  const r = {
    id: id || "",
    src: null,          // {rules, board, setup, moves, info, notes}
    lines: [],          // variations: {from, moves}
    line: -1,           // the line shown: -1 the main line, else an index of lines
    at: 0,              // moves played in the position shown
    positions: new Map(), // position views by the moves' key
    evals: new Map(),   // evaluations by the moves' key
    graph: [],          // the main line's evaluations, by position
    graphRunning: false,
    closed: false,
    shown: null,        // the position view shown
    solved: null,       // {key, answer|error}
    file: null,         // the file uploaded: {name, text}
  };

  const keyOf = moves => moves.join(" ");
  // seq is the line shown, from the start.
  const seq = () => r.line < 0 ? r.src.moves : [...r.src.moves.slice(0, r.lines[r.line].from), ...r.lines[r.line].moves];
  const request = moves => ({ rules: r.src.rules, board: r.src.board, setup: r.src.setup, moves, ...(r.id ? { game: r.id } : {}) });
  const message = text => { $("#review-message").textContent = text || ""; };

  // position returns the position after moves, asked once.
  async function position(moves) {
    const k = keyOf(moves);
    if (!r.positions.has(k)) r.positions.set(k, await api("/api/position", request(moves)));
    return r.positions.get(k);
  }

  // evaluate returns the computer's evaluation after moves, asked once.
  async function evaluate(moves) {
    const k = keyOf(moves);
    if (!r.evals.has(k)) r.evals.set(k, await api("/api/position/evaluate", request(moves)));
    return r.evals.get(k);
  }

  // go shows position at of the line shown.
  async function go(at, line = r.line) {
    r.line = line;
    r.at = Math.max(0, Math.min(at, seq().length));
    const moves = seq().slice(0, r.at);
    try {
      const p = await position(moves);
      if (r.closed || keyOf(moves) !== keyOf(seq().slice(0, r.at))) return;
      r.shown = p;
      message("");
    } catch (e) {
      message(e.message);
    }
    render();
  }

  // play tries move m at the position shown: along the main line or a
  // variation that has it, else in a new variation (or at the end of the
  // one shown).
  async function play(m) {
    const moves = [...seq().slice(0, r.at), m];
    const follows = line => line.length >= moves.length && moves.every((x, i) => line[i] === x);
    if (follows(r.src.moves)) return go(moves.length, -1);
    const i = r.lines.findIndex(l => follows([...r.src.moves.slice(0, l.from), ...l.moves]));
    if (i >= 0) return go(moves.length, i);
    let from = 0;
    while (from < moves.length && from < r.src.moves.length && moves[from] === r.src.moves[from]) from++;
    const line = { from, moves: moves.slice(from) };
    if (r.line >= 0 && r.at === seq().length && r.lines[r.line].from === from) r.lines[r.line] = line;
    else {
      r.lines.push(line);
      r.line = r.lines.length - 1;
    }
    await go(moves.length, r.line);
    showEvaluation(true);
  }

  // load reads the game or the record.
  async function load() {
    try {
      if (r.id) {
        const v = await api(`/api/games/${r.id}`);
        const start = (await api(`/api/games/${r.id}/positions`))[0] || "";
        const setup = [];
        [...start].forEach((s, i) => { if (SYMBOL[s]) setup.push(`${COLORS[SYMBOL[s]]}:${v.board.points[i].name}`); });
        const info = { GN: v.seats.map(s => s.name).join(" – ") };
        if (v.result) info.RE = v.result;
        setSource({ rules: v.rules, board: v.board.spec, setup, moves: v.moves.map(m => m.move), info, notes: [] }, []);
        $("#review-back").href = `#/g/${r.id}`;
        $("#review-back").hidden = false;
      } else {
        $("#review-upload").hidden = false;
        render();
      }
    } catch (e) {
      message(e.message);
    }
  }

  // setSource starts the review of a main line with its variations.
  function setSource(src, lines) {
    r.src = src;
    r.lines = lines;
    r.positions.clear();
    r.evals.clear();
    r.graph = [];
    r.solved = null;
    const info = src.info || {};
    const names = info.PB || info.PW ? `${info.PB || "?"} (black) – ${info.PW || "?"} (white)` : info.GN || "";
    $("#review-title").textContent = r.id ? "Analysis board" : "Analysis board: uploaded record";
    $("#review-info").textContent = [names, info.EV, info.DT, info.RE ? `result ${info.RE}` : "", src.rules, src.board].filter(Boolean).join(" · ");
    $("#review-notes").textContent = (src.notes || []).join("; ");
    go(src.moves.length, -1);
  }

  // upload reads the file chosen and reviews it.
  async function upload() {
    const f = $("#review-file").files[0];
    if (!f) return;
    message("");
    try {
      r.file = { name: f.name, text: await f.text() };
      await parse(1);
    } catch (e) {
      message(`${f.name}: ${e.message}`);
    }
  }

  // parse reviews game k of the file uploaded.
  async function parse(k) {
    const f = r.file;
    try {
      const v = await api("/api/records/parse", { sgf: f.text, game: k });
      const pick = $("#review-game");
      pick.hidden = v.games < 2;
      pick.replaceChildren(...Array.from({ length: v.games }, (_, i) => el("option", { value: i + 1, text: `game ${i + 1} of ${v.games}` })));
      pick.value = String(k);
      setSource({ rules: v.rules, board: v.board, setup: v.setup || [], moves: v.moves, info: v.info, notes: v.notes || [] }, v.variations);
    } catch (e) {
      message(`${f.name}: ${e.message}`);
    }
  }

  // analyse fills the main line's graph: the stored game's analysis for a
  // two-player game, else an evaluation of each position in turn.
  async function analyse() {
    if (r.graphRunning) return;
    r.graphRunning = true;
    $("#review-analyse").disabled = true;
    const status = $("#review-analysis-status");
    try {
      const n = r.src.moves.length + 1;
      if (r.id && r.shown && r.shown.score.length === 2) {
        for (;;) {
          const a = await api(`/api/games/${r.id}/analysis`);
          if (r.closed) return;
          r.graph = a.estimates.map(e => ({ ...e, colors: ["black", "white"] }));
          status.textContent = a.error || (a.running ? `analysing: ${a.estimates.length} of ${a.total} positions…` : `${a.total} positions analysed`);
          renderGraph();
          if (!a.running) break;
          await new Promise(ok => setTimeout(ok, 500));
        }
      } else {
        for (let i = r.graph.length; i < n; i++) {
          status.textContent = `analysing: ${i} of ${n} positions…`;
          let e;
          for (;;) {
            try {
              e = await evaluate(r.src.moves.slice(0, i));
              break;
            } catch (err) {
              if (!(err instanceof APIError) || err.status !== 503) throw err;
              await new Promise(ok => setTimeout(ok, 1000)); // the server is busy: wait for a slot
            }
            if (r.closed) return;
          }
          if (r.closed) return;
          r.graph.push(e);
          renderGraph();
        }
        status.textContent = `${n} positions analysed`;
      }
    } catch (e) {
      status.textContent = e.message;
    } finally {
      r.graphRunning = false;
      $("#review-analyse").disabled = false;
    }
  }

  // showEvaluation shows the computer's evaluation of the position shown,
  // asking for it if ask is set.
  async function showEvaluation(ask) {
    const moves = seq().slice(0, r.at);
    const k = keyOf(moves);
    const out = $("#review-eval-out");
    if (!r.evals.has(k)) {
      if (!ask) return out.replaceChildren();
      out.replaceChildren(el("span", { text: "the computer is looking…" }));
      try {
        await evaluate(moves);
      } catch (e) {
        if (keyOf(seq().slice(0, r.at)) === k) out.replaceChildren(el("span", { class: "error", text: e.message }));
        return;
      }
      if (r.closed || keyOf(seq().slice(0, r.at)) !== k) return;
      draw();
    }
    const e = r.evals.get(k);
    const pct = w => `${Math.round(w * 100)}%`;
    const rows = e.colors.map((c, i) => el("tr", {}, el("td", {}, swatch(i + 1), ` ${c}`),
      el("td", { text: pct(e.winRates[i]) }), el("td", { text: e.scores ? e.scores[i].toFixed(1) : "" })));
    const head = el("tr", {}, el("th", { text: "" }), el("th", { text: "win rate" }), el("th", { text: e.scores ? "expected score" : "" }));
    const margin = e.colors.length === 2 ? ` Black's expected margin ${e.margin >= 0 ? "+" : ""}${e.margin.toFixed(1)}.` : "";
    out.replaceChildren(el("p", { class: "eval-text", text: `The computer's evaluation${r.line >= 0 ? " of this variation" : ""}:${margin}` }),
      el("table", { class: "score eval" }, head, ...rows));
  }

  // solve asks the exact solver about the position shown.
  async function solve() {
    const moves = seq().slice(0, r.at);
    const k = keyOf(moves);
    $("#review-solve-btn").disabled = true;
    $("#review-solve-out").textContent = "solving…";
    try {
      r.solved = { key: k, answer: await api("/api/position/solve", request(moves)) };
    } catch (e) {
      r.solved = { key: k, error: e.message };
    }
    $("#review-solve-btn").disabled = false;
    if (!r.closed) render();
  }

  // download saves the record of the main line with the variations.
  async function download() {
    try {
      const res = await fetch("/api/record", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(recordRequest()) });
      if (!res.ok) throw new Error((await res.json()).error || res.statusText);
      const name = (res.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
      const url = URL.createObjectURL(await res.blob());
      const a = el("a", { href: url, download: name ? name[1] : "moku-review.sgf" });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (e) {
      message(e.message);
    }
  }

  // recordRequest is the body of POST /api/record for the review.
  function recordRequest() {
    return { ...request(r.src.moves), variations: r.lines };
  }

  // draw draws the board at the position shown.
  function draw() {
    const p = r.shown;
    const svg = $("#review-board");
    if (!p) return svg.replaceChildren();
    const legal = new Set(p.legal);
    const e = r.evals.get(keyOf(seq().slice(0, r.at)));
    const toMove = COLORS.indexOf(p.toMove);
    drawBoard(svg, p.board, {
      stones: p.stones,
      last: p.last,
      owners: p.over ? p.owners : null,
      heat: $("#review-heat").checked && e && e.ownership && e.ownership.length ? e.ownership : null,
      onClick: i => { const n = p.board.points[i].name; if (legal.has(n)) play(n); },
      hover: i => legal.has(p.board.points[i].name) ? toMove : 0,
    });
  }

  // branches finds each variation's parent (the earlier variation from
  // the same move with which it shares the most moves, if any) and the
  // order that lists each under its parent.
  function branches() {
    const parent = [], depth = [], kids = r.lines.map(() => []), roots = [];
    r.lines.forEach((l, i) => {
      let best = null;
      for (let j = 0; j < i; j++) {
        const o = r.lines[j];
        if (o.from !== l.from) continue;
        let k = 0;
        while (k < l.moves.length && k < o.moves.length && l.moves[k] === o.moves[k]) k++;
        if (k > 0 && (!best || k > best.shared)) best = { of: j, shared: k };
      }
      parent[i] = best;
      depth[i] = best ? depth[best.of] + 1 : 0;
      (best ? kids[best.of] : roots).push(i);
    });
    const order = [];
    const walk = i => { order.push(i); kids[i].forEach(walk); };
    roots.forEach(walk);
    return { parent, depth, order };
  }

  // remove forgets variation i; shown, the page goes to where it parted
  // from its parent variation, or from the main line.
  function remove(i) {
    const l = r.lines[i], b = branches().parent[i];
    r.lines.splice(i, 1);
    if (r.line === i) {
      if (b) go(l.from + b.shared, b.of);
      else go(l.from, -1);
    } else {
      if (r.line > i) r.line--;
      render();
    }
  }

  // render shows everything for the position shown.
  function render() {
    const has = !!r.src;
    for (const sel of ["#review-nav", "#review-tools", "#review-lists"]) $(sel).hidden = !has;
    if (!has) return;
    const line = seq(), p = r.shown;
    $("#review-pos").textContent = `${r.at} / ${line.length}`;
    let status = "";
    if (p) status = p.over ? `Game over: ${p.result}` : `${p.toMove} to move`;
    if (r.line >= 0) status += ` · variation ${r.line + 1}, from move ${r.lines[r.line].from}`;
    $("#review-status").textContent = status;
    $("#review-pass").hidden = !p || !p.legal.includes("pass");
    // The move list of the line shown.
    const from = r.line < 0 ? line.length : r.lines[r.line].from;
    // Who played each move: the line's last position knows (Kee's
    // rescinding passes let a player move twice); else in turn.
    const colors = p ? p.score.map(s => s.color) : ["black", "white"];
    const full = r.positions.get(keyOf(line));
    const who = i => (full && full.moves[i] ? full.moves[i].color : colors[i % colors.length])[0].toUpperCase();
    $("#review-moves").replaceChildren(...line.map((m, i) => el("li", { class: `${i === r.at - 1 ? "current" : ""}${i >= from ? " var" : ""}` },
      el("button", { type: "button", class: "move", "data-at": i + 1, text: `${i + 1}. ${who(i)} ${m}`, onclick: () => go(i + 1) }))));
    // Keep the current move in the list's view, without scrolling the page.
    const list = $("#review-moves"), cur = $("#review-moves li.current");
    if (cur && (cur.offsetTop < list.scrollTop || cur.offsetTop + cur.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = cur.offsetTop - list.clientHeight / 2;
    }
    // The variations, as a tree: a variation that parts from an earlier
    // one after some of its moves is shown under it.
    const tree = branches();
    const item = (text, i, depth) => el("li", { class: `${i === r.line ? "current" : ""} depth${Math.min(depth, 4)}` },
      el("button", { type: "button", class: "line", text, onclick: () => go(i < 0 ? r.src.moves.length : r.lines[i].from + r.lines[i].moves.length, i) }),
      ...(i < 0 ? [] : [el("button", { type: "button", class: "remove", title: "remove this variation", "aria-label": `remove variation ${i + 1}`, text: "×", onclick: () => remove(i) })]));
    const short = ms => `${ms.slice(0, 8).join(" ")}${ms.length > 8 ? " …" : ""}`;
    $("#review-lines").replaceChildren(item(`main line (${r.src.moves.length} moves)`, -1, 0),
      ...tree.order.map(i => {
        const l = r.lines[i], b = tree.parent[i];
        const text = b ? `${i + 1}. from move ${l.from + b.shared} of variation ${b.of + 1}: ${short(l.moves.slice(b.shared))}` : `${i + 1}. from move ${l.from}: ${short(l.moves)}`;
        return item(text, i, tree.depth[i] + 1);
      }));
    // The solver.
    const empty = p ? [...p.stones].filter(s => s === ".").length : 0;
    const solvable = p && !p.over && p.score.length === 2 && empty <= MAX_SOLVE_EMPTY && p.board.points.length <= MAX_SOLVE_POINTS;
    $("#review-solve").hidden = !solvable;
    const key = keyOf(line.slice(0, r.at));
    const out = $("#review-solve-out");
    if (!r.solved || r.solved.key !== key) out.textContent = solvable ? `${empty} empty points: the solver can play this out perfectly.` : "";
    else if (r.solved.error) out.replaceChildren(el("span", { class: "error", text: r.solved.error }));
    else {
      const a = r.solved.answer;
      out.replaceChildren(el("p", { class: "solve-value", text: `Exact value: ${a.text} (${a.margin >= 0 ? "+" : ""}${a.margin} for ${a.toMove}, to move)` }),
        el("p", { class: "solve-pv", text: `Perfect play: ${a.pv.join(" ")}` }),
        el("p", { class: "hint", text: `${a.nodes.toLocaleString("en")} positions searched in ${a.seconds.toFixed(2)} s` }));
    }
    showEvaluation(false);
    renderGraph();
    draw();
  }

  // renderGraph draws the win rates of the main line: x the move number,
  // y the win rate from 0 to 100 %, each player's line in their colour.
  function renderGraph() {
    const svg = $("#review-graph");
    const g = r.graph;
    svg.toggleAttribute("hidden", g.length === 0);
    if (g.length === 0) return;
    const W = 400, H = 190, L = 50, R = 12, T = 12, B = 40;
    const colors = g[0].colors || ["black", "white"];
    const n = Math.max(r.src.moves.length, 1);
    const x = i => L + i / n * (W - L - R), y = w => T + (1 - w) * (H - T - B);
    const parts = [el("svg:rect", { class: "graph-bg", x: L, y: T, width: W - L - R, height: H - T - B })];
    for (const w of [0, .25, .5, .75, 1]) {
      parts.push(el("svg:line", { class: w === .5 ? "rg-grid mid" : "rg-grid", x1: L, x2: W - R, y1: y(w), y2: y(w) }),
        el("svg:text", { class: "tick y", x: L - 5, y: y(w), text: `${w * 100}%` }));
    }
    const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find(s => n / s <= 10) || 1000;
    for (let i = 0; i <= n; i += step) {
      parts.push(el("svg:line", { class: "rg-axis", x1: x(i), x2: x(i), y1: H - B, y2: H - B + 4 }),
        el("svg:text", { class: "tick x", x: x(i), y: H - B + 14, text: String(i) }));
    }
    parts.push(el("svg:line", { class: "rg-axis", x1: L, x2: W - R, y1: H - B, y2: H - B }),
      el("svg:line", { class: "rg-axis", x1: L, x2: L, y1: T, y2: H - B }),
      el("svg:text", { class: "axis-title", x: (L + W - R) / 2, y: H - 6, text: "move" }),
      el("svg:text", { class: "axis-title", x: 12, y: (T + H - B) / 2, transform: `rotate(-90 12 ${(T + H - B) / 2})`, text: colors.length === 2 ? "Black's win rate" : "win rate" }));
    // Two players: Black's line (White's is its mirror); more: each one's.
    const shown = colors.length === 2 ? [0] : colors.map((_, i) => i);
    for (const c of shown) {
      const pts = g.map((e, i) => `${x(i)},${y(e.winRates ? e.winRates[c] : c === 0 ? e.winRate : 1 - e.winRate)}`).join(" ");
      parts.push(el("svg:polyline", { class: `wr-line c${c + 1}`, points: pts }));
    }
    const at = r.line < 0 ? r.at : r.lines[r.line].from;
    parts.push(el("svg:line", { class: "graph-at", x1: x(at), x2: x(at), y1: T, y2: H - B }));
    const legend = shown.map(c => `${colors[c]}'s`).join(", ");
    parts.push(el("svg:title", { text: `${legend} win rate by move, as the computer sees it; click to go to a move` }));
    svg.replaceChildren(...parts);
    $("#review-graph-legend").replaceChildren(...shown.map(c => el("span", { class: "legend" }, swatch(c + 1), ` ${colors[c]}`)));
    svg.onclick = ev => {
      const box = svg.getBoundingClientRect();
      const px = (ev.clientX - box.left) / box.width * W;
      go(Math.round((px - L) / (W - L - R) * n), -1);
    };
  }

  const keys = ev => {
    if (!r.src || ev.target.closest("input, textarea, select")) return;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[ev.key];
    if (step) go(r.at + step);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(seq().length);
    else return;
    ev.preventDefault();
  };
  document.addEventListener("keydown", keys);

  $("#review-first").onclick = () => go(0);
  $("#review-prev").onclick = () => go(r.at - 1);
  $("#review-next").onclick = () => go(r.at + 1);
  $("#review-last").onclick = () => go(seq().length);
  $("#review-pass").onclick = () => play("pass");
  $("#review-analyse").onclick = analyse;
  $("#review-evaluate").onclick = () => showEvaluation(true);
  $("#review-solve-btn").onclick = solve;
  $("#review-download").onclick = download;
  $("#review-file").onchange = upload;
  $("#review-game").onchange = () => parse(+$("#review-game").value);
  $("#review-heat").onchange = draw;
  load();

  return {
    review: r,
    recordRequest,
    close() {
      r.closed = true;
      document.removeEventListener("keydown", keys);
    },
  };
}
