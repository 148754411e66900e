// The game view: one game, live over its WebSocket, with the actions of
// the seat this page plays, the moves to go back through, and the
// computer's analysis.

import { $, api, el, swatch, COLORS, NetworkError, APIError } from "./api.js";
import { drawBoard, starPoints, arrowKey, centre } from "./board.js";
import { DEFAULTS, aidSettings, saveAid, pointText, moveText, title } from "./aids.js";
import * as links from "./links.js";
import { startChat } from "./chat.js";

// baseTitle is the page's title; "(your turn)" goes before it.
const baseTitle = document.title;

// BEEP is the localStorage key of the player's wish for a beep on their
// turn.
const BEEP = "moku:beep"; // "1": beep when it becomes my turn

function beepWanted() {
  try { return localStorage.getItem(BEEP) === "1"; } catch { return false; }
}

// beep plays a short tone (Web Audio), if the browser lets the page.
function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    gain.gain.value = 0.1;
    osc.frequency.value = 880;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.15);
    osc.onended = () => ctx.close();
  } catch { /* no sound here */ }
}

// showGame shows game id in main. With seatStr and token (a seat's link)
// the page plays that seat once the server has accepted the token;
// without them, the seat this browser keeps for the game (links.js), if
// any; else it watches. It returns the view's state; its close() ends it.
export function showGame(main, id, seatStr, token) {
  main.replaceChildren($("#tpl-game").content.cloneNode(true));
  // claim is the seat to check with the server before playing it.
  let claim = null;
  if (seatStr !== undefined) claim = { seat: +seatStr, token: token || "", from: "link" };
  else {
    const s = links.saved(id);
    if (s.seat >= 0) claim = { ...s, from: "saved" };
  }
  const g = {
    id, seat: -1, token: "", claim, seatNote: "", view: null, positions: null, at: null, pending: null, appeal: false,
    analysis: null, ws: null, closed: false, retry: 500, timer: 0, shownInvites: "",
    aids: aidSettings(), // the board aids shown (aids.js)
    stepAids: new Map(), // the aids of positions stepped to, by move number
    cursor: -1, hovered: -1, // the keyboard's point, the pointer's (-1: none)
    keys: false, // the cursor shows: the board has the keyboard's focus
    pointerIdle: false, // the pointer has not moved since the last key
    online: false, // the WebSocket is open and has sent a view since: actions may go
    lost: false, // the connection failed: the page says so until it is back
  };
  g.close = () => { g.closed = true; clearTimeout(g.timer); clearInterval(g.tick); clearInterval(g.rematchPoll); dropSocket(); g.chat.close(); document.title = baseTitle; };
  // The clocks tick on the page between the server's views.
  g.tick = setInterval(() => showClocks(g), 250);
  const msg = text => { $("#message").textContent = text || ""; };

  // offline marks the connection lost: every action waits for a new
  // connection and a fresh view.
  const offline = () => {
    g.online = false;
    g.lost = true;
    render(g.view);
  };

  const act = async (kind, arg = "") => {
    if (!g.online || g.seat < 0) return;
    msg("");
    g.turnNote = false;
    $("#appeal-offer").hidden = true;
    try {
      const v = await api(`/api/games/${id}/actions`, { seat: g.seat, token: g.token, kind, arg, version: g.view.version });
      render(v);
    } catch (e) {
      if (!(e instanceof NetworkError)) {
        msg(e.message);
        // A stone play the cycle prohibition alone forbids may be appealed.
        if (kind === "move" && /cycle prohibition/.test(e.message) && g.view && g.view.legal.includes(`appeal-${arg}`)) {
          msg(`${e.message}. You may appeal instead: the last stone play is then in question, and its player's ordinary pass takes it back.`);
          $("#appeal-now").textContent = `Appeal, naming ${arg}`;
          $("#appeal-now").onclick = () => { g.appeal = false; act("move", `appeal-${arg}`); };
          $("#appeal-offer").hidden = false;
        }
        return;
      }
      // The server could not be reached: the WebSocket may not know yet.
      // A new one brings a fresh view; the action was not made.
      offline();
      reconnect(0);
    }
  };
  g.act = act;

  // checkSeat asks the server whether the claimed seat's token is right;
  // until it answers, the page watches.
  const checkSeat = async () => {
    const c = g.claim;
    if (!c || c.checking) return;
    c.checking = true;
    try {
      const a = await api(`/api/games/${id}/seat`, { seat: c.seat, token: c.token });
      g.seat = a.seat;
      g.token = c.token;
      g.seatNote = "";
      links.keepSeat(id, a.seat, c.token);
      g.claim = null;
    } catch (e) {
      if (e instanceof NetworkError) {
        // Checked again with the next fresh view, on a new connection.
        offline();
        reconnect(g.retry);
        g.retry = Math.min(g.retry * 2, 4000);
      } else if (e.status === 403 || e.status === 400) {
        g.claim = null;
        if (c.from === "link") g.seatNote = "This link's token is wrong: you are watching.";
        else {
          links.forgetSeat(id, c.seat);
          g.seatNote = "The seat this browser kept for this game is not valid: you are watching.";
        }
      } else {
        g.seatNote = `Your seat could not be checked (${e.message}): you are watching for now.`;
      }
    } finally {
      c.checking = false;
      render(g.view);
    }
  };

  // dropSocket closes the WebSocket, unheard: its close is not news.
  const dropSocket = () => {
    const ws = g.ws;
    g.ws = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    ws.close();
  };
  // reconnect opens a new WebSocket after delay ms.
  const reconnect = delay => {
    dropSocket();
    clearTimeout(g.timer);
    if (!g.closed) g.timer = setTimeout(connect, delay);
  };
  const connect = () => {
    if (g.closed) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${id}/ws`);
    g.ws = ws;
    ws.onmessage = ev => {
      const v = JSON.parse(ev.data);
      if (!g.online) {
        // The first view on a new connection: fresh, whatever came before.
        g.online = true;
        g.lost = false;
        g.retry = 500;
        if (g.view && g.view.version !== v.version) { g.at = null; g.positions = null; }
        g.view = null;
        if (g.claim) checkSeat();
      }
      render(v);
    };
    ws.onclose = async () => {
      g.ws = null;
      offline();
      if (!g.view) {
        // Never shown: perhaps there is no such game to wait for.
        try {
          await api(`/api/games/${id}`);
        } catch (e) {
          if (e.status === 404) {
            g.lost = false;
            render(null);
            msg("There is no such game.");
            return;
          }
        }
        if (g.closed || g.ws) return;
      }
      reconnect(g.retry);
      g.retry = Math.min(g.retry * 2, 4000);
    };
  };
  g.chat = startChat(g);
  connect();
  checkSeat();

  $("#move-form").addEventListener("submit", ev => {
    ev.preventDefault();
    const text = $("#move-input").value.trim().replace(/\s+/g, "");
    if (!text) return;
    $("#move-input").value = "";
    play(text);
  });
  // A pass asks to be confirmed: the first click arms it ("Pass? click
  // again"), the second passes; left alone for a few seconds, or when the
  // turn moves on, it disarms.
  $("#beep").checked = beepWanted();
  $("#beep").onchange = ev => {
    try { localStorage.setItem(BEEP, ev.target.checked ? "1" : "0"); } catch { /* no storage */ }
  };
  for (const name of Object.keys(DEFAULTS)) {
    const box = $(`#aid-${name}`);
    box.checked = g.aids[name];
    box.onchange = () => { g.aids[name] = box.checked; saveAid(name, box.checked); draw(); };
  }
  // Keyboard play: the board takes the focus; the arrow keys move a
  // cursor to the nearest neighbour in their direction, Enter plays its
  // point as a click does.
  const boardSvg = $("#board");
  // The cursor shows while the board has the keyboard's focus; a focus by
  // the mouse draws nothing (a redraw between press and release would
  // lose the click).
  boardSvg.addEventListener("focus", () => {
    const v = g.view;
    if (!v || !boardSvg.matches(":focus-visible")) return;
    g.keys = true;
    if (g.cursor < 0) g.cursor = v.last >= 0 ? v.last : centre(v.board);
    draw();
  });
  boardSvg.addEventListener("blur", () => { if (g.keys) { g.keys = false; draw(); } });
  boardSvg.addEventListener("mousemove", ev => {
    if (!g.pointerIdle || !g.view) return;
    g.pointerIdle = false;
    const i = g.view.board.points.findIndex(p => p.name === ev.target.dataset?.point);
    if (i >= 0) { g.hovered = i; draw(); }
  });
  boardSvg.addEventListener("keydown", ev => {
    const v = g.view;
    const arrow = ev.key.startsWith("Arrow");
    if (!v || !(arrow || ev.key === "Enter" || ev.key === " ")) return;
    ev.preventDefault();
    ev.stopPropagation();
    const shown = g.keys;
    g.keys = true;
    g.hovered = -1; // the keys' point is described, not the pointer's
    g.pointerIdle = true;
    // The cursor starts on the last stone played, else in the middle;
    // a first Enter only shows it.
    if (g.cursor < 0) g.cursor = v.last >= 0 ? v.last : centre(v.board);
    if (arrow) g.cursor = arrowKey(v.board, g.cursor, ev.key);
    if (arrow || !shown) draw();
    else click(g.cursor);
  });
  $("#rematch").onclick = async () => {
    try {
      const c = await api(`/api/games/${id}/rematch`, { seat: g.seat, token: g.token });
      sessionStorage.setItem(REMATCH, JSON.stringify(c));
      checkRematch();
    } catch (e) { $("#rematch-text").textContent = e.message; }
  };
  $("#pass").onclick = () => {
    if (!g.passArmed) {
      g.passArmed = setTimeout(disarmPass, 5000);
      $("#pass").textContent = "Pass? click again";
      $("#pass").classList.add("armed");
      return;
    }
    disarmPass();
    act("move", "pass");
  };
  // passLabel is the Pass button's text: it says when a pass rescinds
  // the player's own stone play under appeal (Kee).
  const passLabel = () => {
    const v = g.view, a = v && v.appeal;
    return a && g.seat >= 0 && v.seats[g.seat].color === a.color ? `Pass (takes back ${a.move})` : "Pass";
  };
  g.passLabel = passLabel;
  $("#take-button").onclick = () => act("move", "button");
  $("#resign").onclick = () => { if (confirm("Resign this game?")) act("move", "resign"); };
  $("#claim").onclick = $("#pie-claim").onclick = () => { if (confirm("End the game of the player to move, silent for a week?")) act("claim"); };
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
  $("#show-owners").onchange = () => draw();
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
      if (a.running && !g.closed) setTimeout(analyse, 700);
      else $("#analyse").disabled = false;
    } catch (e) {
      $("#analysis-status").textContent = e.message;
      $("#analyse").disabled = false;
    }
  };
  $("#analyse").onclick = analyse;
  $("#show-heat").onchange = () => draw();
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
    if (g.closed || ev.target.tagName === "INPUT" || ev.target === boardSvg) return;
    if (ev.key === "ArrowLeft") nav(-1);
    if (ev.key === "ArrowRight") nav(1);
  };

  // The game's creator, and nobody else, sees the other seats' links.
  function showInvites() {
    const v = g.view;
    const list = g.seat >= 0 ? links.invites(id) : [];
    const labels = list.map(({ seat }) => v && v.phase !== "setup" && v.seats[seat] ? `${v.seats[seat].color}'s link` : `player ${seat + 1}'s link`);
    const key = JSON.stringify([list, labels]);
    $("#seat-tools").hidden = g.seat < 0;
    if (key === g.shownInvites) return; // as shown: a link being copied stays selected
    g.shownInvites = key;
    $("#invites").hidden = list.length === 0;
    $("#invite-links").replaceChildren(...list.map(({ seat, link }, i) => el("label", { class: "invite" },
      labels[i], el("input", { readonly: "", value: link, "data-seat": seat }))));
  }
  $("#watch-link").value = `${location.origin}${location.pathname}#/g/${id}`;
  $("#forget-invites").onclick = () => { links.forgetInvites(id); showInvites(); };
  $("#forget-seat").onclick = ev => {
    const b = ev.currentTarget;
    if (!b.dataset.sure) {
      b.dataset.sure = "1";
      b.textContent = "Click again to forget it: only its link brings it back";
      return;
    }
    links.forgetGame(id);
    g.seat = -1;
    g.token = "";
    // The address no longer holds the token either.
    history.replaceState(null, "", `#/g/${id}`);
    render(g.view);
  };

  // mine: the seat this page plays is to move, and the page may act.
  function mine() {
    const v = g.view;
    return !!v && g.online && g.seat >= 0 && v.phase === "playing" && v.toMove === g.seat;
  }
  // myTurn: mine, and the board shows the position in play.
  function myTurn() {
    return mine() && g.at === null;
  }

  function play(point) {
    if (g.appeal) { g.appeal = false; return act("move", `appeal-${point}`); }
    act("move", point);
  }

  function click(p) {
    const v = g.view;
    if (!v || !g.online || g.seat < 0) return;
    const name = v.board.points[p].name;
    if (v.phase === "scoring") return act("mark", name);
    if (!myTurn()) {
      msg(notYourTurn());
      g.turnNote = { at: g.at }; // cleared when the game, or the move shown, moves on
      return;
    }
    if ($("#confirm").checked && g.pending !== p) { g.pending = p; draw(); return; }
    g.pending = null;
    play(name);
  }

  // notYourTurn says why a click on the board plays nothing now.
  function notYourTurn() {
    const v = g.view;
    if (v.phase === "setup") return "The komi pie comes first: no stones yet.";
    if (v.phase !== "playing") return "The game is over.";
    if (g.at !== null) return `You are looking at move ${g.at} of ${v.moves.length}: ▶| goes back to the game to play.`;
    const s = v.seats[v.toMove];
    return `It is ${s.name}'s turn (${s.color}), not yours.`;
  }

  function disarmPass() {
    clearTimeout(g.passArmed);
    g.passArmed = 0;
    const b = $("#pass");
    if (g.closed || !b) return;
    b.textContent = g.passLabel();
    b.classList.remove("armed");
  }

  // turnNews puts "(your turn)" in the tab's title while it is this
  // player's turn and, if they asked for it, beeps when it becomes so.
  function turnNews() {
    const turn = mine();
    document.title = (turn ? "(your turn) " : "") + baseTitle;
    if (turn && !g.wasTurn && g.heardView && beepWanted()) beep();
    g.wasTurn = turn;
    g.heardView = true;
  }

  // The rematch of a finished game between two people: either player
  // proposes it; the page asks the server every few seconds whether one
  // is proposed, and the proposer's page whether it was accepted (with
  // the secret kept here), then goes to its seat.
  const REMATCH = `moku:rematch:${id}`;
  function rematchOffer() {
    const v = g.view;
    const ok = v && v.phase === "over" && g.seat >= 0 && v.seats.length === 2 && v.seats.every(s => s.kind === "human");
    $("#rematch-box").hidden = !ok;
    if (!ok || g.rematchPoll) return;
    g.rematchPoll = setInterval(checkRematch, 3000);
    checkRematch();
  }
  async function checkRematch() {
    if (g.closed) return;
    let secret = null;
    try { secret = JSON.parse(sessionStorage.getItem(REMATCH)); } catch { /* none */ }
    try {
      if (secret) {
        const a = await api(`/api/lobby/challenges/${secret.id}/seat`, { secret: secret.secret });
        if (g.closed) return;
        if (a.state === "accepted") {
          sessionStorage.removeItem(REMATCH);
          links.keepSeat(a.game, a.seat, secret.secret);
          location.hash = `#/g/${a.game}/${a.seat}/${secret.secret}`;
          return;
        }
        if (a.state !== "open") sessionStorage.removeItem(REMATCH);
      }
      const o = await api(`/api/games/${id}/rematch`);
      if (g.closed) return;
      const offered = !!o.id;
      $("#rematch").hidden = offered;
      $("#rematch-accept").hidden = !offered || o.from === g.seat;
      $("#rematch-text").textContent = !offered ? "" : o.from === g.seat ? "Rematch proposed: waiting for the other player…" : `${o.by} proposes a rematch.`;
      $("#rematch-accept").onclick = async () => {
        try {
          const a = await api(`/api/lobby/challenges/${o.id}/accept`, { seat: g.seat, token: g.token });
          links.keepSeat(a.game, a.seat, a.token);
          location.hash = `#/g/${a.game}/${a.seat}/${a.token}`;
        } catch (e) { $("#rematch-text").textContent = e.message; }
      };
    } catch { /* asked again in a moment */ }
  }

  // announce tells screen readers (the live region #announce) the moves
  // that view v adds to the one shown before, whoever made them.
  function announce(before, v) {
    if (!before || v.moves.length === before.moves.length) return;
    if (v.moves.length < before.moves.length) {
      const n = before.moves.length - v.moves.length;
      $("#announce").textContent = `${n === 1 ? "One move" : `${n} moves`} taken back.`;
      return;
    }
    const added = v.moves.slice(before.moves.length).map(moveText);
    const stonePlay = m => !["pass", "button", "resign"].includes(m.move) && !m.move.startsWith("appeal-");
    const rescinded = v.moves.filter((m, i) => i < before.moves.length && m.rescinded && !before.moves[i].rescinded && stonePlay(m));
    if (rescinded.length) added.push(`That takes back ${rescinded.map(m => `${m.color}'s ${m.move}`).join(" and ")}.`);
    $("#announce").textContent = added.join(" ");
  }

  // showAppeal says what an appealing pass has left pending (Kee): the
  // stone play in question, and what its player's pass would do.
  function showAppeal(v) {
    const a = v.appeal;
    $("#appeal-box").hidden = !a;
    if (!a) return;
    const seatOf = c => v.seats.find(s => s.color === c);
    const who = c => { const s = seatOf(c); return s && s.name !== c ? `${s.name} (${c})` : title(c); };
    const by = a.appeals.map(m => `${who(m.color)} appealed, naming ${m.move.slice(7)}`).join("; ");
    const mineToo = g.seat >= 0 && v.seats[g.seat].color === a.color;
    $("#appeal-text").textContent = `${by}. ${mineToo ? "Your" : `${who(a.color)}'s`} stone play at ${a.move} is in question: `
      + `${mineToo ? "your" : "their"} next ordinary pass takes it back (rescinds it), and ${mineToo ? "you" : "they"} then choose another play; `
      + "a stone play by anyone keeps it.";
  }

  function render(v) {
    $("#connection").hidden = !g.lost;
    $("#seat-note").hidden = !g.seatNote;
    $("#seat-note").textContent = g.seatNote;
    if (!v) return showInvites();
    const seat = g.seat;
    // The answer to an action and the WebSocket race: a view older than the
    // one shown (the computer may already have answered) is ignored.
    if (g.view && v.version < g.view.version) return;
    if (g.view && v.moves.length !== g.view.moves.length) { g.at = null; g.positions = null; g.stepAids.clear(); }
    announce(g.view, v);
    if (g.turnNote && g.view && (v.version !== g.view.version || g.at !== g.turnNote.at)) { msg(""); g.turnNote = false; }
    g.view = v;
    turnNews();
    rematchOffer();
    // During the komi pie nobody has a colour yet.
    const who = g.claim ? " — checking your seat…" : seat < 0 ? " — watching"
      : v.phase === "setup" ? ` — you are player ${seat + 1}` : ` — you play ${v.seats[seat].color}`;
    $("#title").textContent = `${v.rules.split(" ")[0]} on ${v.board.spec}${who}`;
    $("#seats-view").replaceChildren(...v.seats.map((s, i) => el("li", { class: i === v.toMove ? "to-move" : "" },
      swatch(COLORS.indexOf(s.color)),
      `${s.name}${v.phase === "setup" || s.name === s.color ? "" : ` (${s.color})`}${i === seat ? " — you" : ""}`,
      ...(v.phase === "scoring" ? [el("span", { class: `accepted${v.accepted && v.accepted[i] ? "" : " not"}`,
        text: v.accepted && v.accepted[i] ? "✓ accepted the marks" : "has not accepted" })] : []),
      el("span", { class: "clock", "data-seat": i }))));
    const gameTitle = { keil: "Keil", kee: "Kee", ki: "Ki", go: "Go" }[v.game] || v.game;
    $("#rules-link").href = `#/rules/${v.game}`;
    $("#rules-link").textContent = `How to play ${gameTitle}`;
    showAppeal(v);
    // The aids this game has.
    $("#aid-links-label").hidden = v.game !== "keil";
    $("#aid-control-label").hidden = v.game !== "ki";
    $("#aid-liberties-label").hidden = !v.aids || !v.aids.liberties;
    $("#aid-stars-label").hidden = starPoints(v.board).length === 0;
    showClocks(g);
    let status;
    if (v.phase === "over") status = `Game over: ${v.result}${v.reason ? ` (${v.reason})` : ""}`;
    else if (v.phase === "scoring") status = "The game has ended: agree on dead stones";
    else if (v.phase === "setup") status = "Setting up the komi pie";
    else status = `${v.seats[v.toMove].name} (${v.seats[v.toMove].color}) to play, move ${v.moves.length + 1}`;
    $("#status").textContent = status;
    const claimable = seat >= 0 && v.claimFrom && v.toMove !== seat && Date.now() >= Date.parse(v.claimFrom);
    $("#claim").hidden = !claimable;
    $("#pie-claim").hidden = !(claimable && v.phase === "setup"); // the play controls are hidden in the pie
    g.chat.update();
    const turn = myTurn();
    const legal = new Set(v.legal);
    $("#controls").hidden = seat < 0 || v.phase !== "playing";
    $("#move-input").disabled = !turn;
    $("#pass").disabled = !(turn && legal.has("pass"));
    if ($("#pass").disabled) disarmPass();
    else if (!g.passArmed) $("#pass").textContent = passLabel();
    $("#take-button").hidden = !v.button;
    $("#take-button").disabled = !(turn && legal.has("button"));
    $("#appeal").hidden = v.game !== "kee";
    $("#appeal").disabled = !(turn && v.legal.some(m => m.startsWith("appeal-")));
    $("#appeal").textContent = g.appeal ? "Appeal: click a point (cancel)" : "Appeal…";
    $("#move-form button").disabled = !turn;
    $("#undo").disabled = !(g.online && seat >= 0 && v.undoable[seat] > 0 && v.undoBy < 0);
    // Resigning is a move: only the player to move may (table.go).
    $("#resign").disabled = !mine();
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
    for (const b of document.querySelectorAll("#undo-box button, #pie-box button, #scoring-box button, #pie-komi input")) b.disabled = !g.online;
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
    $("#refuse").hidden = !v.refusable;
    if (v.phase === "scoring") {
      const accepted = v.seats.filter((_, i) => v.accepted && v.accepted[i]).map(s => s.name);
      const waiting = v.seats.filter((_, i) => !(v.accepted && v.accepted[i])).map(s => s.name);
      const computer = v.seats.some(s => s.kind === "computer");
      $("#scoring-status").textContent = (accepted.length ? `Accepted: ${accepted.join(", ")}. ` : "")
        + (waiting.length ? `Waiting for: ${waiting.join(", ")}.` : "")
        + (computer ? " The computer proposes the marking its reading gives; it accepts another only where it is no worse for it, and otherwise asks to resume play." : "");
    }
    // score
    const komiCol = v.score.some(s => s.bonus);
    const head = el("tr", {}, el("th", { text: "" }), el("th", { text: "stones" }), el("th", { text: "territory" }), ...(komiCol ? [el("th", { text: "komi/button" })] : []), el("th", { text: "total" }));
    $("#score").hidden = v.score.length === 0;
    $("#download").hidden = v.phase === "setup";
    $("#score").replaceChildren(head, ...v.score.map(s => el("tr", {},
      el("td", { text: s.color }), el("td", { text: s.stones }), el("td", { text: s.territory }),
      ...(komiCol ? [el("td", { text: s.bonus })] : []), el("td", { text: s.total + (v.phase === "over" && s.rank && v.score.length > 2 ? ` (#${s.rank})` : "") }))));
    // moves
    $("#moves").replaceChildren(...v.moves.map((m, i) => el("li", { class: `${g.at !== null && i === g.at - 1 ? "current" : ""}${m.rescinded ? " rescinded" : ""}`,
      ...(m.rescinded ? { title: "rescinded: taken out of the game by a pass after an appeal" } : {}) }, `${m.color[0].toUpperCase()} ${m.move}`)));
    $("#nav-pos").textContent = `${g.at === null ? v.moves.length : g.at} / ${v.moves.length}`;
    // The server analyses two-player games, and a live one only if at
    // most one seat is a person's (no help in a game between people).
    const people = v.seats.filter(s => s.kind === "human").length;
    $("#analyse").hidden = v.seats.length !== 2 || v.phase === "setup" || (v.phase !== "over" && people >= 2);
    // The analysis board, on the same terms for any number of players.
    $("#review-link").hidden = v.phase === "setup" || (v.phase !== "over" && people >= 2);
    $("#review-link").href = `#/review/${id}`;
    showInvites();
    drawGraph();
    draw();
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

  // draw draws the board at the position shown, with the aids chosen.
  function draw() {
    const v = g.view;
    if (!v) return;
    const live = g.at === null;
    const stones = live ? v.stones : g.positions[g.at];
    const showOwners = (v.phase === "over" || v.phase === "scoring" || $("#show-owners").checked) && live;
    const legal = new Set(v.legal);
    const est = g.analysis && $("#show-heat").checked && g.analysis.estimates[live ? v.moves.length : g.at];
    const aids = live ? v.aids || {} : stepAids();
    const on = g.aids;
    drawBoard($("#board"), v.board, {
      stones,
      last: !on.last ? -1 : live ? v.last : stepLast(stones),
      dead: live ? new Set(v.dead || []) : null,
      owners: showOwners ? v.owners : null,
      pending: g.pending,
      heat: est && est.ownership ? est.ownership : null,
      stars: on.stars,
      links: on.links && v.game === "keil" ? aids.links || null : null,
      control: on.control && v.game === "ki" ? aids.control || null : null,
      liberties: on.liberties ? aids.liberties || null : null,
      rings: live && v.appeal ? [{ point: v.appeal.point, class: "appealed" }] : [],
      cursor: g.keys ? g.cursor : -1,
      onClick: click,
      // A redraw under a pointer at rest "enters" its point again: only a
      // pointer that moved since the last key takes the description back.
      onHover: i => { if (!g.pointerIdle) { g.hovered = i; describe(stones, aids); } },
      hover: i => {
        const p = v.board.points[i];
        if (!myTurn() || stones[i] !== "." || !(legal.has(p.name) || g.appeal)) return 0;
        return COLORS.indexOf(v.seats[g.seat].color);
      },
    });
    describe(stones, aids);
  }

  // describe writes what the point under the pointer, or the cursor,
  // holds and shows, under the board.
  function describe(stones, aids) {
    const v = g.view;
    const i = g.hovered >= 0 ? g.hovered : g.keys ? g.cursor : -1;
    const show = { links: g.aids.links, control: g.aids.control, liberties: g.aids.liberties };
    $("#board-info").textContent = i >= 0 && v.board.points[i] ? pointText(v.board, stones, aids, i, show) : "";
  }

  // stepLast is the point of the move that led to the position stepped
  // to, if it is a stone still on the board (-1: none).
  function stepLast(stones) {
    const m = g.at > 0 && g.view.moves[g.at - 1];
    if (!m) return -1;
    const i = g.view.board.points.findIndex(p => p.name === m.move);
    return i >= 0 && stones[i] !== "." ? i : -1;
  }

  // stepAids are the aids of the position stepped to, asked of the server
  // once (POST /api/position) when an aid that needs them is on; {} until
  // they come.
  function stepAids() {
    const v = g.view, at = g.at;
    const wanted = (g.aids.links && v.game === "keil") || (g.aids.control && v.game === "ki") || g.aids.liberties;
    if (!wanted) return {};
    if (!g.stepAids.has(at)) {
      g.stepAids.set(at, {});
      api("/api/position", { rules: v.rules, board: v.board.spec, moves: v.moves.slice(0, at).map(m => m.move) })
        .then(p => { g.stepAids.set(at, p.aids); if (!g.closed && g.at === at) draw(); })
        // A position the server cannot replay has none; after a failure
        // of the network or the server, they are asked again next time.
        .catch(e => { if (!(e instanceof APIError) || e.status === 429 || e.status >= 500) g.stepAids.delete(at); });
    }
    return g.stepAids.get(at);
  }
  return g;
}

// showClocks writes each seat's time left beside its name: the running
// clock counts down from the view's deadline, on this computer's clock.
function showClocks(g) {
  const v = g.view;
  if (!v || !v.clock) return;
  for (const span of document.querySelectorAll("#seats-view .clock")) {
    const i = +span.dataset.seat;
    const c = v.clocks[i];
    if (!c) continue;
    let left = c.leftMs, periods = c.periods;
    if (i === v.clockSeat && v.deadline) {
      const total = Date.parse(v.deadline) - Date.now(); // main time and periods
      if (v.clock === "byoyomi") {
        const period = periodMs(v, c);
        left = Math.max(0, total - periods * period);
        if (left === 0 && period > 0) {
          const inPeriods = Math.max(0, total);
          periods = Math.ceil(inPeriods / period);
          left = inPeriods - (periods - 1) * period;
        }
      } else left = total;
    }
    const timedOut = (v.timedOut || []).includes(i);
    span.textContent = timedOut ? " — out of time" : ` ${formatClock(Math.max(0, left), v.clock)}${v.clock === "byoyomi" && periods ? ` +${periods}×` : ""}`;
    span.classList.toggle("running", i === v.clockSeat);
    span.classList.toggle("low", i === v.clockSeat && left < 10000);
  }
}

// periodMs is a byo-yomi period's length, as the deadline tells it.
function periodMs(v, c) {
  if (v.clockSeat < 0 || !c.periods) return 0;
  const total = Date.parse(v.deadline) - Date.parse(v.turnStart);
  return Math.max(0, (total - c.leftMs) / c.periods);
}

// formatClock writes a time left: "4:05", "1:02:03", or days and hours.
function formatClock(ms, kind) {
  const s = Math.ceil(ms / 1000);
  if (kind === "correspondence" || s >= 86400) {
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600);
    return d > 0 ? `${d} d ${h} h` : `${h} h ${Math.floor((s % 3600) / 60)} min`;
  }
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}
