// A game's chat: the players' channel for a seat's page, the watchers'
// for a watcher's (both once the game is over), read over the chat's
// WebSocket and posted with the API. Every line is shown as text, never
// as markup. Muted authors (kept per browser and game) are hidden.

import { $, api, el } from "./api.js";

const muteKey = id => `moku-mute-${id}`;

// muted returns the authors muted in game id on this browser.
function muted(id) {
  try {
    const m = JSON.parse(localStorage.getItem(muteKey(id)) || "[]");
    return new Set(Array.isArray(m) ? m : []);
  } catch {
    return new Set();
  }
}

function saveMuted(id, set) {
  try {
    if (set.size) localStorage.setItem(muteKey(id), JSON.stringify([...set]));
    else localStorage.removeItem(muteKey(id));
  } catch { /* private mode: muted for this page only */ }
}

// author names who wrote a line: a seat of the game, or a watcher by name.
const author = l => l.seat >= 0 ? `seat:${l.seat}` : `watcher:${l.name}`;

// startChat runs the chat of game page g (game.js): call update() after
// each view and when the seat changes, close() when leaving the game.
export function startChat(g) {
  const c = { ws: null, key: null, lines: [], ids: new Set(), mute: muted(g.id), closed: false, timer: 0, retry: 500 };
  const err = text => { $("#chat-error").textContent = text || ""; };

  const show = () => {
    const seat = g.seat;
    const shown = c.lines.filter(l => !c.mute.has(author(l)));
    $("#chat-lines").replaceChildren(...shown.map(l => {
      const mine = seat >= 0 && l.seat === seat;
      return el("li", { class: `chat-line ${l.channel}` },
        el("span", { class: "chat-name", text: l.name + (l.seat < 0 && l.name !== "watcher" ? " (watching)" : "") }),
        el("span", { class: "chat-text", text: l.text }),
        ...(mine ? [] : [el("button", { class: "chat-mute", type: "button", title: `hide ${l.name}'s lines`, text: "mute",
          onclick: () => { c.mute.add(author(l)); saveMuted(g.id, c.mute); show(); } })]));
    }));
    const hidden = c.lines.length - shown.length;
    $("#chat-muted").hidden = c.mute.size === 0;
    $("#chat-muted-text").textContent = `${c.mute.size} muted (${hidden} lines hidden)`;
    const box = $("#chat-lines");
    box.scrollTop = box.scrollHeight;
  };

  const drop = () => {
    const ws = c.ws;
    c.ws = null;
    if (!ws) return;
    ws.onmessage = ws.onclose = ws.onopen = null;
    ws.close();
  };
  const connect = () => {
    if (c.closed) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${g.id}/chat/ws`);
    c.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify(g.seat >= 0 ? { seat: g.seat, token: g.token } : {}));
    ws.onmessage = ev => {
      c.retry = 500;
      for (const l of JSON.parse(ev.data).lines || []) {
        if (c.ids.has(l.id)) continue;
        c.ids.add(l.id);
        c.lines.push(l);
      }
      c.lines.sort((a, b) => a.id - b.id);
      show();
    };
    ws.onclose = () => {
      if (c.ws !== ws) return;
      c.ws = null;
      clearTimeout(c.timer);
      c.timer = setTimeout(connect, c.retry);
      c.retry = Math.min(c.retry * 2, 8000);
    };
  };

  // update reconnects when what the page may read changes: its seat, or
  // the game's end (then everyone reads both channels).
  c.update = () => {
    const v = g.view;
    if (!v || g.claim) return;
    const over = v.phase === "over";
    const key = `${g.seat}|${over}`;
    $("#chat-channel").textContent = over ? "— everyone" : g.seat >= 0 ? "— the players" : "— the watchers (the players do not see it)";
    if (key === c.key) return;
    c.key = key;
    drop();
    c.lines = [];
    c.ids = new Set();
    show();
    connect();
  };
  c.close = () => { c.closed = true; clearTimeout(c.timer); drop(); };

  $("#chat-form").addEventListener("submit", async ev => {
    ev.preventDefault();
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    err("");
    const body = g.seat >= 0 ? { seat: g.seat, token: g.token, text } : { text };
    try {
      const l = await api(`/api/games/${g.id}/chat`, body);
      input.value = "";
      if (!c.ids.has(l.id)) {
        c.ids.add(l.id);
        c.lines.push(l);
        c.lines.sort((a, b) => a.id - b.id);
        show();
      }
    } catch (e) {
      err(e.message);
    }
  });
  $("#chat-unmute").onclick = () => { c.mute.clear(); saveMuted(g.id, c.mute); show(); };
  return c;
}
