// moku's page: the list of games, the new-game form and the game view.
// Plain JavaScript, no build step; the server embeds this file.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const main = $("#main");
const SVGNS = "http://www.w3.org/2000/svg";
const COLORS = ["empty", "black", "white", "red", "blue"];
const SYMBOL = { ".": 0, X: 1, O: 2, R: 3, U: 4 };
let options = null;
let current = null; // the game view's state, while one is shown

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function el(tag, attrs = {}, ...children) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function route() {
  if (current) current.close();
  current = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "new") return showNew();
  if (parts[0] === "g" && parts[1]) return showGame(parts[1], parts[2], parts[3]);
  return showList();
}

// ---- the list of games ----
const LIST_PAGE = 50; // games a page of the list

async function showList() {
  main.replaceChildren($("#tpl-list").content.cloneNode(true));
  const body = $("tbody", main);
  const more = $("#list-more", main);
  let path = `/api/games?limit=${LIST_PAGE}`;
  const page = async () => {
    more.hidden = true;
    try {
      const games = await api(path);
      if (!body.children.length) $(".empty", main).hidden = games.length > 0;
      for (const g of games) {
        const players = g.seats.map(s => `${s.name} (${s.color})`).join(", ");
        body.append(el("tr", {},
          el("td", {}, el("a", { href: `#/g/${g.id}`, text: g.rules })),
          el("td", { text: g.board }), el("td", { text: players }),
          el("td", { text: g.status }), el("td", { text: g.result || "" })));
      }
      if (games.length === LIST_PAGE) {
        // The next page starts after the last game listed.
        const end = games[games.length - 1];
        path = `/api/games?limit=${LIST_PAGE}&before=${encodeURIComponent(end.updated)}&before_id=${encodeURIComponent(end.id)}`;
        more.hidden = false;
      }
    } catch (e) {
      body.append(el("tr", {}, el("td", { colspan: 5, class: "error", text: e.message })));
    }
  };
  more.onclick = page;
  await page();
}

// ---- the new-game form ----
const BOARDS = {
  keil: ["hex:4", "hex:5", "hex:6", "hex:7"],
  kee: ["2x1", "2x2", "3x2", "5x5", "7x7", "9x9", "13x13", "19x19", "hex:5", "torus:9x9"],
  ki: ["7x7", "9x9", "11x11", "13x13", "15x15"],
  go: ["5x5", "7x7", "9x9", "13x13", "19x19"],
};
const RULES = {
  keil: ["keil", "keil-2019"], kee: ["kee"], ki: ["ki"],
  go: ["go", "go-situational", "go-simple", "tromp-taylor"],
};

async function showNew() {
  // The options first: the form appears whole, seats and all.
  options = options || await api("/api/options").catch(() => ({ levels: ["random"] }));
  main.replaceChildren($("#tpl-new").content.cloneNode(true));
  const form = $("#new-game");
  const f = name => form.elements[name];
  const update = () => {
    const game = f("game").value;
    f("rules").replaceChildren(...RULES[game].map(r => el("option", { value: r, text: r })));
    $("#boards").replaceChildren(...BOARDS[game].map(b => el("option", { value: b })));
    f("board").value = { keil: "hex:5", kee: "9x9", ki: "11x11", go: "9x9" }[game];
    for (const e of form.querySelectorAll(".for-keil")) e.hidden = game !== "keil";
    for (const e of form.querySelectorAll(".for-kee")) e.hidden = game !== "kee";
    if (game !== "kee") f("players").value = "2";
    updateKomi();
    updateSeats();
  };
  const updateKomi = () => { $(".komi", form).hidden = f("game").value === "keil" && f("setup").value === "pie"; };
  const updateSeats = () => {
    const n = +f("players").value;
    const box = $("#seats");
    const rows = [...box.querySelectorAll(".seat-row")];
    while (rows.length > n) rows.pop().remove();
    for (let i = rows.length; i < n; i++) {
      const kind = el("select", { name: `kind${i}` }, el("option", { value: "human", text: "a person" }), el("option", { value: "computer", text: "the computer" }));
      const level = el("select", { name: `level${i}` }, ...options.levels.map(l => el("option", { value: l, text: l })));
      const name = el("input", { name: `name${i}`, placeholder: "name", maxlength: 40 });
      if (i > 0) kind.value = "computer";
      level.value = options.levels[Math.min(1, options.levels.length - 1)]; // the first level above random
      const sync = () => { level.hidden = kind.value !== "computer"; name.hidden = kind.value !== "human"; };
      kind.addEventListener("change", sync);
      sync();
      box.append(el("div", { class: "seat-row" }, el("span", { class: `swatch c${i + 1}`, style: `background: var(--${COLORS[i + 1]})` }), el("span", { text: COLORS[i + 1] }), kind, name, level));
    }
  };
  f("game").addEventListener("change", update);
  f("players").addEventListener("change", updateSeats);
  f("setup").addEventListener("change", updateKomi);
  update();
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const game = f("game").value;
    const n = +f("players").value;
    const req = { game, rules: f("rules").value, board: f("board").value.trim(), players: n, seats: [] };
    if (game === "keil") { req.setup = f("setup").value; req.button = f("button").value; }
    if (!(game === "keil" && req.setup === "pie") && f("komi").value.trim() !== "") req.komi = f("komi").value.trim();
    for (let i = 0; i < n; i++) {
      req.seats.push({ kind: f(`kind${i}`).value, name: f(`name${i}`).value, level: f(`level${i}`).value });
    }
    try {
      const res = await api("/api/games", req);
      const seat = res.tokens.findIndex(t => t);
      const invites = res.tokens.map((t, i) => t ? `${location.origin}${location.pathname}#/g/${res.id}/${i}/${t}` : "");
      sessionStorage.setItem(`invites:${res.id}`, JSON.stringify(invites));
      location.hash = seat >= 0 ? `#/g/${res.id}/${seat}/${res.tokens[seat]}` : `#/g/${res.id}`;
    } catch (e) {
      $("#new-error").textContent = e.message;
    }
  });
}

// ---- the game ----
function showGame(id, seatStr, token) {
  main.replaceChildren($("#tpl-game").content.cloneNode(true));
  const seat = seatStr === undefined ? -1 : +seatStr;
  const g = { id, seat, token, view: null, positions: null, at: null, pending: null, appeal: false, ws: null, closed: false, retry: 500 };
  current = g;
  g.close = () => { g.closed = true; if (g.ws) g.ws.close(); };
  const msg = text => { $("#message").textContent = text || ""; };

  const act = async (kind, arg = "") => {
    msg("");
    try {
      const v = await api(`/api/games/${id}/actions`, { seat, token, kind, arg, version: g.view.version });
      render(v);
    } catch (e) {
      msg(e.message);
    }
  };
  g.act = act;

  const connect = () => {
    if (g.closed) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${id}/ws`);
    g.ws = ws;
    ws.onmessage = ev => { g.retry = 500; render(JSON.parse(ev.data)); };
    ws.onclose = () => {
      if (g.closed) return;
      $("#status").textContent = "connection lost: reconnecting…";
      setTimeout(connect, g.retry);
      g.retry = Math.min(g.retry * 2, 8000);
    };
  };
  connect();

  $("#move-form").addEventListener("submit", ev => {
    ev.preventDefault();
    const text = $("#move-input").value.trim().replace(/\s+/g, "");
    if (!text) return;
    $("#move-input").value = "";
    play(text);
  });
  $("#pass").onclick = () => act("move", "pass");
  $("#take-button").onclick = () => act("move", "button");
  $("#resign").onclick = () => { if (confirm("Resign this game?")) act("move", "resign"); };
  $("#undo").onclick = () => act("undo-request");
  $("#undo-accept").onclick = () => act("undo-accept");
  $("#undo-decline").onclick = () => act("undo-decline");
  $("#appeal").onclick = () => { g.appeal = !g.appeal; render(g.view); };
  $("#accept").onclick = () => act("accept");
  $("#refuse").onclick = () => act("refuse");
  $("#resume").onclick = () => act("resume");
  $("#choose-black").onclick = () => act("choose", "black");
  $("#choose-white").onclick = () => act("choose", "white");
  $("#pie-komi").addEventListener("submit", ev => { ev.preventDefault(); act("komi", ev.target.elements.komi.value.trim()); });
  $("#show-owners").onchange = () => drawBoard();
  $("#download").href = `/api/games/${id}/record`;
  // nav moves through the game: delta is a step, "first", "last", or
  // {to: index} for a position (0 is the start).
  const nav = async delta => {
    if (!g.positions || g.positions.length !== g.view.moves.length + 1) {
      g.positions = await api(`/api/games/${id}/positions`).catch(() => null);
      if (!g.positions) return;
    }
    const last = g.positions.length - 1;
    let at = g.at === null ? last : g.at;
    if (delta === "first") at = 0;
    else if (delta === "last") at = last;
    else if (typeof delta === "object") at = delta.to;
    else at += delta;
    at = Math.max(0, Math.min(last, at));
    g.at = at === last ? null : at;
    render(g.view);
  };
  // The computer's analysis: Black's win rate over the moves, and its
  // ownership estimate of each position as a heat map on the board.
  const analyse = async () => {
    $("#analyse").disabled = true;
    try {
      const a = await api(`/api/games/${id}/analysis`);
      g.analysis = a;
      $("#analysis-status").textContent = a.error ? a.error
        : a.running ? `analysing: ${a.estimates.length} of ${a.total} positions…` : `${a.total} positions analysed`;
      render(g.view);
      if (a.running && current === g) setTimeout(analyse, 700);
      else $("#analyse").disabled = false;
    } catch (e) {
      $("#analysis-status").textContent = e.message;
      $("#analyse").disabled = false;
    }
  };
  $("#analyse").onclick = analyse;
  $("#show-heat").onchange = () => drawBoard();
  $("#winrate").addEventListener("click", ev => {
    const a = g.analysis;
    if (!a || a.total < 2) return;
    const box = ev.currentTarget.getBoundingClientRect();
    nav({ to: Math.round((ev.clientX - box.left) / box.width * (a.total - 1)) });
  });
  $("#nav-first").onclick = () => nav("first");
  $("#nav-prev").onclick = () => nav(-1);
  $("#nav-next").onclick = () => nav(1);
  $("#nav-last").onclick = () => nav("last");
  document.onkeydown = ev => {
    if (current !== g || ev.target.tagName === "INPUT") return;
    if (ev.key === "ArrowLeft") nav(-1);
    if (ev.key === "ArrowRight") nav(1);
  };

  const invites = JSON.parse(sessionStorage.getItem(`invites:${id}`) || "[]");
  if (invites.filter(Boolean).length > 1) {
    const box = $("#invites");
    box.append(el("h3", { text: "Invite the other players" }));
    invites.forEach((link, i) => {
      if (link && i !== seat) box.append(el("label", { class: "invite" }, `${COLORS[i + 1]}'s link (keep it secret: it lets its holder play that seat)`, el("input", { readonly: "", value: link })));
    });
    box.append(el("p", { text: "Anyone with this page's address without a seat link can watch." }));
  }

  function myTurn() {
    const v = g.view;
    return v && seat >= 0 && v.phase === "playing" && v.toMove === seat && g.at === null;
  }

  function play(point) {
    if (g.appeal) { g.appeal = false; return act("move", `appeal-${point}`); }
    act("move", point);
  }

  function click(p) {
    const v = g.view;
    const name = v.board.points[p].name;
    if (v.phase === "scoring" && seat >= 0) return act("mark", name);
    if (!myTurn()) return;
    if ($("#confirm").checked && g.pending !== p) { g.pending = p; drawBoard(); return; }
    g.pending = null;
    play(name);
  }

  function render(v) {
    if (!v) return;
    // The answer to an action and the WebSocket race: a view older than the
    // one shown (the computer may already have answered) is ignored.
    if (g.view && v.version < g.view.version) return;
    if (g.view && v.moves.length !== g.view.moves.length) { g.at = null; g.positions = null; }
    g.view = v;
    // During the komi pie nobody has a colour yet.
    const mine = seat < 0 ? " — watching" : v.phase === "setup" ? ` — you are player ${seat + 1}` : ` — you play ${v.seats[seat].color}`;
    $("#title").textContent = `${v.rules.split(" ")[0]} on ${v.board.spec}${mine}`;
    $("#seats-view").replaceChildren(...v.seats.map((s, i) => el("li", { class: i === v.toMove ? "to-move" : "" },
      el("span", { class: "swatch", style: `background: var(--${s.color})` }),
      `${s.name}${v.phase === "setup" || s.name === s.color ? "" : ` (${s.color})`}${i === seat ? " — you" : ""}`)));
    let status;
    if (v.phase === "over") status = `Game over: ${v.result}${v.reason ? ` (${v.reason})` : ""}`;
    else if (v.phase === "scoring") status = "The game has ended: agree on dead stones";
    else if (v.phase === "setup") status = "Setting up the komi pie";
    else status = `${v.seats[v.toMove].name} (${v.seats[v.toMove].color}) to play, move ${v.moves.length + 1}`;
    $("#status").textContent = status;
    const turn = myTurn();
    const legal = new Set(v.legal);
    $("#controls").hidden = seat < 0 || v.phase !== "playing";
    $("#move-input").disabled = !turn;
    $("#pass").disabled = !(turn && legal.has("pass"));
    $("#take-button").hidden = !v.button;
    $("#take-button").disabled = !(turn && legal.has("button"));
    $("#appeal").hidden = v.game !== "kee";
    $("#appeal").disabled = !(turn && v.legal.some(m => m.startsWith("appeal-")));
    $("#appeal").textContent = g.appeal ? "Appeal: click a point (cancel)" : "Appeal…";
    $("#undo").disabled = !(seat >= 0 && v.undoable[seat] > 0 && v.undoBy < 0);
    $("#resign").disabled = seat < 0 || v.phase !== "playing";
    // undo requests
    const undoOpen = v.undoBy >= 0;
    $("#undo-box").hidden = !undoOpen;
    if (undoOpen) {
      const n = v.undoable[v.undoBy];
      $("#undo-text").textContent = n > 1
        ? `${v.seats[v.undoBy].name} asks to take back their last move and the ${n - 1} after it.`
        : `${v.seats[v.undoBy].name} asks to take back their last move.`;
      const mayAnswer = seat >= 0 && seat !== v.undoBy;
      $("#undo-accept").hidden = $("#undo-decline").hidden = !mayAnswer;
    }
    // komi pie
    $("#pie-box").hidden = v.phase !== "setup";
    if (v.phase === "setup") {
      $("#pie-komi").hidden = !(seat === 0 && !v.pieKomi);
      $("#pie-choose").hidden = !(seat === 1 && v.pieKomi);
      $("#pie-text").textContent = `The komi is ${v.pieKomi}. Choose your colour:`;
      $("#pie-wait").textContent = v.pieKomi ? `Komi ${v.pieKomi}: ${v.seats[1].name} chooses a colour.` : `${v.seats[0].name} names the komi.`;
    }
    // scoring
    $("#scoring-box").hidden = !(v.phase === "scoring" && seat >= 0);
    // score
    const komiCol = v.score.some(s => s.bonus);
    const head = el("tr", {}, el("th", { text: "" }), el("th", { text: "stones" }), el("th", { text: "territory" }), ...(komiCol ? [el("th", { text: "komi/button" })] : []), el("th", { text: "total" }));
    $("#score").hidden = v.score.length === 0;
    $("#download").hidden = v.phase === "setup";
    $("#score").replaceChildren(head, ...v.score.map(s => el("tr", {},
      el("td", { text: s.color }), el("td", { text: s.stones }), el("td", { text: s.territory }),
      ...(komiCol ? [el("td", { text: s.bonus })] : []), el("td", { text: s.total + (v.phase === "over" && s.rank ? ` (#${s.rank})` : "") }))));
    // moves
    $("#moves").replaceChildren(...v.moves.map((m, i) => el("li", { class: g.at !== null && i === g.at - 1 ? "current" : "" }, `${m.color[0].toUpperCase()} ${m.move}`)));
    $("#nav-pos").textContent = `${g.at === null ? v.moves.length : g.at} / ${v.moves.length}`;
    $("#analyse").hidden = v.seats.length !== 2 || v.phase === "setup";
    drawGraph();
    drawBoard();
  }

  // drawGraph draws Black's win rate at each analysed position, with the
  // position shown marked.
  function drawGraph() {
    const a = g.analysis, svg = $("#winrate");
    const none = !a || a.estimates.length === 0;
    svg.toggleAttribute("hidden", none); // an SVG element has no hidden property
    $("#heat-label").hidden = none;
    if (none) return;
    const n = Math.max(a.total - 1, 1);
    const x = i => i / n * 300, y = w => 100 - w * 100;
    const pts = a.estimates.map((e, i) => `${x(i)},${y(e.winRate)}`).join(" ");
    const at = g.at === null ? g.view.moves.length : g.at;
    svg.replaceChildren(
      el("svg:rect", { class: "graph-bg", x: 0, y: 0, width: 300, height: 100 }),
      el("svg:line", { class: "graph-mid", x1: 0, y1: 50, x2: 300, y2: 50 }),
      el("svg:polygon", { class: "graph-area", points: `0,100 ${pts} ${x(a.estimates.length - 1)},100` }),
      el("svg:polyline", { class: "graph-line", points: pts }),
      el("svg:line", { class: "graph-at", x1: x(at), y1: 0, x2: x(at), y2: 100 }),
      el("svg:title", { text: "Black's win rate by move, as the computer sees it; click to go to a move" }));
  }

  function drawBoard() {
    const v = g.view;
    if (!v) return;
    const svg = $("#board");
    const pts = v.board.points;
    const xs = pts.map(p => p.x), ys = pts.map(p => -p.y);
    const pad = 1;
    const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad, minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
    svg.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
    const stones = g.at === null ? v.stones : g.positions[g.at];
    const showOwners = (v.phase === "over" || v.phase === "scoring" || $("#show-owners").checked) && g.at === null;
    const layers = [el("svg:rect", { class: "bg", x: minX, y: minY, width: maxX - minX, height: maxY - minY, rx: .3 })];
    for (const [a, b] of v.board.edges) {
      const dx = pts[a].x - pts[b].x, dy = pts[a].y - pts[b].y;
      if (v.board.kind === "torus" && dx * dx + dy * dy > 2.5) continue; // wrap-around edges
      layers.push(el("svg:line", { class: "edge", x1: pts[a].x, y1: -pts[a].y, x2: pts[b].x, y2: -pts[b].y }));
    }
    layers.push(...labels(v.board));
    const dead = new Set(v.dead || []);
    const legal = new Set(v.legal);
    pts.forEach((p, i) => {
      const c = SYMBOL[stones[i]];
      const title = el("svg:title", { text: p.name });
      if (c) {
        layers.push(el("svg:circle", { class: `stone c${c}${dead.has(i) && g.at === null ? " dead" : ""}`, cx: p.x, cy: -p.y, r: .46 }, title));
        if (i === v.last && g.at === null) layers.push(el("svg:circle", { class: `last on${c}`, cx: p.x, cy: -p.y, r: .18 }));
      } else if (showOwners && v.owners[i] !== ".") {
        const s = .32;
        layers.push(el("svg:rect", { class: `owner c${SYMBOL[v.owners[i]]}`, x: p.x - s / 2, y: -p.y - s / 2, width: s, height: s }));
      }
      if (dead.has(i) && showOwners) layers.push(el("svg:text", { class: "label", x: p.x, y: -p.y, text: "×" }));
      if (g.pending === i) layers.push(el("svg:circle", { class: "pending", cx: p.x, cy: -p.y, r: .46 }));
      const hit = el("svg:circle", { class: "hit", cx: p.x, cy: -p.y, r: .5, "data-point": p.name }, el("svg:title", { text: p.name }));
      hit.addEventListener("click", () => click(i));
      hit.addEventListener("mouseenter", () => {
        if (!myTurn() || c || !(legal.has(p.name) || g.appeal)) return;
        const mc = v.seats[seat].color;
        const ghost = el("svg:circle", { class: `stone ghost c${COLORS.indexOf(mc)}`, cx: p.x, cy: -p.y, r: .46, id: "ghost" });
        svg.append(ghost);
      });
      hit.addEventListener("mouseleave", () => { const gh = $("#ghost", svg); if (gh) gh.remove(); });
      layers.push(hit);
    });
    const est = g.analysis && $("#show-heat").checked && g.analysis.estimates[g.at === null ? v.moves.length : g.at];
    if (est && est.ownership) {
      pts.forEach((p, i) => {
        const o = est.ownership[i], c = SYMBOL[stones[i]];
        if (Math.abs(o) < 0.1) return;
        // On a stone, only a square of the other colour: the stone looks dead.
        if ((c === 1 && o > -0.3) || (c === 2 && o < 0.3) || c > 2) return;
        const s = 0.62 * Math.abs(o);
        layers.push(el("svg:rect", { class: `heat c${o > 0 ? 1 : 2}`, x: p.x - s / 2, y: -p.y - s / 2, width: s, height: s }));
      });
    }
    svg.replaceChildren(...layers);
  }

  function labels(b) {
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
}

window.addEventListener("hashchange", route);
route();
