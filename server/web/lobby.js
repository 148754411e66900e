// The lobby: open challenges, accepted with one click, and the games in
// play to watch. A challenge's maker keeps its secret here (localStorage):
// it withdraws the challenge, and it is the token of the maker's seat in
// the game an acceptance makes, so the page goes to that seat as soon as
// the lobby's WebSocket tells of the acceptance (or, without one, when
// asking the server finds it accepted). In Kee of three or four, each
// acceptance but the last takes a seat and waits: its secret is kept the
// same way (it withdraws the acceptance), and the page goes to its seat
// when the last seat is taken. The WebSocket tells every change, expiries
// too.

import { $, api, el, getOptions } from "./api.js";
import { gameRow, boardHints } from "./lists.js";
import { keepSeat } from "./links.js";

// MINE keeps this browser's open challenges: {id: secret} of those it
// made, {id: {secret, joined: true}} of those whose seat it took.
const MINE = "moku:challenges";

// secretOf is an entry of MINE's secret.
const secretOf = v => (typeof v === "string" ? v : v?.secret);

function mine() {
  try {
    const m = JSON.parse(localStorage.getItem(MINE));
    if (m && typeof m === "object") return m;
  } catch { /* no storage */ }
  return {};
}

function setMine(m) {
  try { localStorage.setItem(MINE, JSON.stringify(m)); } catch { /* no storage */ }
}

// clockText describes a challenge's clock.
function clockText(c) {
  if (!c) return "no clock";
  switch (c.kind) {
    case "absolute": return `${c.main / 60} min`;
    case "fischer": return `${c.main / 60} min + ${c.increment} s`;
    case "byoyomi": return `${c.main / 60} min + ${c.periods}×${c.period} s`;
    case "correspondence": return `${c.days} days a move`;
  }
  return c.kind;
}

// CLOCKS are the clocks the lobby's form offers.
const CLOCKS = {
  "": null,
  blitz: { kind: "fischer", main: 300, increment: 5 },
  rapid: { kind: "fischer", main: 900, increment: 10 },
  byoyomi: { kind: "byoyomi", main: 1200, periods: 5, period: 30 },
  correspondence: { kind: "correspondence", days: 3 },
};

// showLobby shows the lobby in main; its close() ends its WebSocket.
export function showLobby(main) {
  main.replaceChildren($("#tpl-lobby").content.cloneNode(true));
  const st = { ws: null, closed: false, retry: 500, timer: 0, going: false };
  const form = $("#challenge-form", main);
  const f = name => form.elements[name];
  // Once the lobby is closed (the player went elsewhere), an answer still
  // on its way changes nothing: main shows another page.
  const say = text => { if (!st.closed) $("#lobby-error", main).textContent = text; };
  // A signed-in player posts and accepts under their account's name.
  api("/api/account").then(me => {
    if (st.closed || !me) return;
    f("name").value = me.name;
    f("name").disabled = true;
    f("name").title = "signed in: you play under your account's name";
  }, () => {});
  getOptions().then(options => {
    const update = () => {
      const kee = f("game").value === "kee";
      f("board").value = boardHints(options, f("game").value).default;
      for (const e of form.querySelectorAll(".for-kee")) e.hidden = !kee;
      if (!kee) f("players").value = "2";
    };
    f("game").addEventListener("change", update);
    update();
  }).catch(() => {});

  // goSeat takes the maker to their seat of an accepted challenge.
  const goSeat = async id => {
    const secret = secretOf(mine()[id]);
    if (!secret || st.going) return;
    try {
      const a = await api(`/api/lobby/challenges/${id}/seat`, { secret });
      if (a.state === "open") return;
      const m = mine();
      delete m[id];
      setMine(m);
      if (a.state === "accepted") {
        keepSeat(a.game, a.seat, secret);
        if (st.closed) return;
        st.going = true;
        location.hash = `#/g/${a.game}/${a.seat}/${secret}`;
      }
    } catch (e) {
      if (e.status === 404) { const m = mine(); delete m[id]; setMine(m); }
    }
  };

  const render = l => {
    if (st.closed) return;
    const own = mine();
    const rows = l.challenges.map(c => {
      const cell = el("td");
      const left = c.players - 1 - c.joined.length; // seats to take
      if (own[c.id]?.joined) {
        cell.append(el("span", { class: "waiting", text: `joined: waiting for ${left} more… ` }),
          el("button", { type: "button", class: "cancel", text: "Leave", onclick: () => cancel(c.id) }));
      } else if (own[c.id]) {
        cell.append(el("span", { class: "waiting", text: c.players > 2 ? `yours: waiting for ${left} more… ` : "yours: waiting… " }),
          el("button", { type: "button", class: "cancel", text: "Cancel", onclick: () => cancel(c.id) }));
      } else {
        cell.append(el("button", { type: "button", class: "accept", "data-id": c.id, text: "Accept", onclick: ev => accept(c.id, ev.target) }));
      }
      const color = { first: "plays first", second: "plays second", random: "random colours" }[c.color] || c.color;
      const players = c.players > 2 ? `${[c.maker, ...c.joined].join(", ")} (${left} of ${c.players} seats open)` : "2";
      return el("tr", { "data-id": c.id }, el("td", { text: c.maker }), el("td", { text: c.rules || c.game }),
        el("td", { text: c.board || "" }), el("td", { class: "players", text: players }), el("td", { text: clockText(c.clock) }), el("td", { text: color }),
        el("td", { text: c.rated ? "rated" : "" }), cell);
    });
    $("#challenges", main).replaceChildren(...rows);
    $("#no-challenges", main).hidden = rows.length > 0;
    $("#live-games", main).replaceChildren(...l.games.map(gameRow));
    $("#no-live", main).hidden = l.games.length > 0;
    // An acceptance of one of this browser's challenges, told or missed.
    if (l.accepted && own[l.accepted.challenge]) goSeat(l.accepted.challenge);
    const listedIds = new Set(l.challenges.map(c => c.id));
    for (const id of Object.keys(own)) if (!listedIds.has(id)) goSeat(id);
  };

  const accept = async (id, button) => {
    button.disabled = true;
    say("");
    try {
      const a = await api(`/api/lobby/challenges/${id}/accept`, { name: f("name").value.trim() });
      if (!a.game) { // a seat taken: the game starts when the last one is
        setMine({ ...mine(), [id]: { secret: a.secret, joined: true } });
        refresh();
        return;
      }
      keepSeat(a.game, a.seat, a.token);
      if (st.closed) return;
      st.going = true;
      location.hash = `#/g/${a.game}/${a.seat}/${a.token}`;
    } catch (e) {
      say(`Not accepted: ${e.message}`);
      button.disabled = false;
      refresh();
    }
  };

  const cancel = async id => {
    try {
      await api(`/api/lobby/challenges/${id}/cancel`, { secret: secretOf(mine()[id]) });
    } catch (e) {
      if (e.status !== 404 && e.status !== 409) { say(e.message); return; }
    }
    const m = mine();
    delete m[id];
    setMine(m);
    refresh();
  };

  const refresh = async () => {
    try { render(await api("/api/lobby")); } catch (e) { say(e.message); }
  };

  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const req = { game: f("game").value, board: f("board").value.trim(), players: +f("players").value, color: f("color").value,
      name: f("name").value.trim(), rated: f("rated").checked };
    const clock = CLOCKS[f("clock").value];
    if (clock) req.clock = clock;
    say("");
    try {
      const c = await api("/api/lobby/challenges", req);
      setMine({ ...mine(), [c.id]: c.secret });
      refresh();
    } catch (e) {
      say(`The challenge was not posted: ${e.message}`);
    }
  });

  const connect = () => {
    if (st.closed) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/lobby/ws`);
    st.ws = ws;
    ws.onopen = () => { st.retry = 500; };
    ws.onmessage = ev => { try { render(JSON.parse(ev.data)); } catch { /* a bad message: the next one does */ } };
    ws.onclose = () => {
      if (st.closed) return;
      st.timer = setTimeout(connect, st.retry);
      st.retry = Math.min(st.retry * 2, 8000);
    };
  };
  connect();
  return {
    close() {
      st.closed = true;
      clearTimeout(st.timer);
      if (st.ws) { st.ws.onclose = null; st.ws.close(); }
    },
  };
}
