// The list of games and the new-game form.

import { $, api, el, getOptions, swatch, COLORS } from "./api.js";
import { saveCreated } from "./links.js";
import { boardChooser } from "./gallery.js";

const LIST_PAGE = 50; // games a page of the list

// gameRow is a game of a list as a table row.
export function gameRow(g) {
  const players = g.seats.map(s => `${s.name} (${s.color})`).join(", ");
  return el("tr", {},
    el("td", { "data-label": "Game" }, el("a", { href: `#/g/${g.id}`, text: g.rules })),
    el("td", { text: g.board, "data-label": "Board" }), el("td", { text: players, "data-label": "Players" }),
    el("td", g.yourTurn ? { text: "your turn", class: "your-turn", "data-label": "Status" } : { text: g.status, "data-label": "Status" }),
    el("td", { text: g.result || "", "data-label": "Result" }));
}

// showList shows the welcome (what moku is, each game in a line, and a
// game against the computer one click away) and the list of games in
// main, newest first, a page at a time.
export async function showList(main) {
  main.replaceChildren($("#tpl-list").content.cloneNode(true));
  showWelcome($("#welcome-games", main));
  const body = $("tbody", main);
  const more = $("#list-more", main);
  // This page's own elements, found now: by the time an answer comes,
  // main may show another page.
  const empty = $(".empty", main);
  let path = `/api/games?limit=${LIST_PAGE}`;
  const page = async () => {
    more.hidden = true;
    try {
      const games = await api(path);
      if (!body.children.length) empty.hidden = games.length > 0;
      for (const g of games) body.append(gameRow(g));
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

// olderGames makes button show, while the player named name has games
// older than those in body, the next page of them (next, from the server:
// where the list goes on, or null at its end).
export function olderGames(button, body, name, next) {
  const show = n => {
    next = n;
    button.hidden = !n;
  };
  button.onclick = async () => {
    button.disabled = true;
    try {
      const p = await api(`/api/players/${encodeURIComponent(name)}/games?limit=${LIST_PAGE}` +
        `&before=${encodeURIComponent(next.before)}&before_id=${encodeURIComponent(next.beforeId)}`);
      for (const g of p.games) body.append(gameRow(g));
      show(p.next || null);
    } catch (e) {
      body.append(el("tr", {}, el("td", { colspan: 5, class: "error", text: e.message })));
    } finally {
      button.disabled = false;
    }
  };
  show(next || null);
}

// rulesOf lists the rulesets of game, from the server's table of games
// (options.catalog), the default first.
function rulesOf(options, game) {
  const g = (options.catalog || []).find(g => g.name === game);
  return g && Array.isArray(g.rulesets) && g.rulesets.length ? g.rulesets : [game];
}

// showNew shows the new-game form in main; a game created goes to its
// creator's seat, and its tokens are kept (links.js).
export async function showNew(main) {
  // The options first: the form appears whole, seats and all. A page
  // shown meanwhile is left alone (as in showAccount).
  main.replaceChildren(el("p", { class: "loading", text: "Loading…" }));
  const shown = main.firstElementChild;
  const options = await getOptions().catch(() => ({ levels: ["random"] }));
  if (main.firstElementChild !== shown) return;
  main.replaceChildren($("#tpl-new").content.cloneNode(true));
  const form = $("#new-game");
  const f = name => form.elements[name];
  const boards = boardChooser(form, options);
  const update = () => {
    const game = f("game").value;
    f("rules").replaceChildren(...rulesOf(options, game).map(r => el("option", { value: r, text: r })));
    const hints = boardHints(options, game);
    $("#boards").replaceChildren(...hints.suggest.map(b => el("option", { value: b })));
    f("board").value = hints.default;
    $("#board-hint").textContent = hints.text;
    boards.show(game);
    $("#new-error").textContent = "";
    $("#new-rules").href = `#/rules/${game}`;
    $("#new-rules").textContent = `How to play ${f("game").selectedOptions[0].textContent}`;
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
      box.append(el("div", { class: "seat-row" }, swatch(i + 1), el("span", { text: COLORS[i + 1] }), kind, name, level));
    }
  };
  // The clock's fields that its kind uses.
  const updateClock = () => {
    const kind = f("clock").value;
    const uses = { main: ["absolute", "fischer", "byoyomi"], increment: ["fischer"], periods: ["byoyomi"], period: ["byoyomi"], days: ["correspondence"] };
    for (const [field, kinds] of Object.entries(uses)) $(`.clock-${field}`, form).hidden = !kinds.includes(kind);
  };
  f("clock").addEventListener("change", updateClock);
  updateClock();
  f("game").addEventListener("change", update);
  f("players").addEventListener("change", updateSeats);
  f("setup").addEventListener("change", updateKomi);
  update();
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const game = f("game").value;
    const n = +f("players").value;
    const req = { game, rules: f("rules").value, board: f("board").value.trim(), players: n, seats: [] };
    boards.fill(req);
    if (game === "keil") { req.setup = f("setup").value; req.button = f("button").value; }
    if (!(game === "keil" && req.setup === "pie") && f("komi").value.trim() !== "") req.komi = f("komi").value.trim();
    for (let i = 0; i < n; i++) {
      req.seats.push({ kind: f(`kind${i}`).value, name: f(`name${i}`).value, level: f(`level${i}`).value });
    }
    if (f("clock").value) {
      const num = name => Number(f(name).value);
      req.clock = { kind: f("clock").value, main: 60 * num("clock-main"), increment: num("clock-increment"),
        periods: num("clock-periods"), period: num("clock-period"), days: num("clock-days") };
    }
    if (f("rated").checked) req.rated = true;
    $("#new-error").textContent = "";
    try {
      const res = await api("/api/games", req);
      const seat = res.tokens.findIndex(t => t);
      saveCreated(res.id, seat, res.tokens);
      location.hash = seat >= 0 ? `#/g/${res.id}/${seat}/${res.tokens[seat]}` : `#/g/${res.id}`;
    } catch (e) {
      $("#new-error").textContent = `The game was not created: ${e.message}`;
    }
  });
}

// boardHints are the form's board default, suggestions and hint for game,
// as the server's options give them: the default board of each game
// (options.boards), and, where the server gives them, per-game limits
// (options.limits[game]: {hint: a sentence, suggest: [board specs]}).
// Nothing here knows the games' limits: a board the server refuses is
// refused with its reason.
export function boardHints(options, game) {
  const def = (options.boards && options.boards[game]) || "";
  const lim = (options.limits && options.limits[game]) || {};
  const suggest = Array.isArray(lim.suggest) ? lim.suggest.filter(s => typeof s === "string") : [];
  if (def && !suggest.includes(def)) suggest.unshift(def);
  return { default: def, suggest, text: typeof lim.hint === "string" ? lim.hint : "" };
}

// showWelcome lists each game of the server's table (options.catalog)
// with its summary and a button that starts a game against the computer
// on its usual web board, the player taking the first seat.
async function showWelcome(list) {
  const options = await getOptions().catch(() => null);
  if (!options || !Array.isArray(options.catalog)) return;
  const levels = options.levels || ["random"];
  const level = levels[Math.min(1, levels.length - 1)]; // the first level above random
  for (const g of options.catalog) {
    const err = el("span", { class: "error", role: "alert" });
    const play = el("button", { type: "button", class: "play-computer", "data-game": g.name, text: `Play ${g.title} against the computer` });
    play.addEventListener("click", async () => {
      play.disabled = true;
      err.textContent = "";
      try {
        const res = await api("/api/games", { game: g.name, board: g.board, seats: [{ kind: "human" }, { kind: "computer", level }] });
        saveCreated(res.id, 0, res.tokens);
        location.hash = `#/g/${res.id}/0/${res.tokens[0]}`;
      } catch (e) {
        err.textContent = `The game was not created: ${e.message}`;
        play.disabled = false;
      }
    });
    const rules = el("a", { href: `#/rules/${g.name}`, class: "rules-link", text: `How to play ${g.title}` });
    list.append(el("li", {}, el("h3", { text: g.title }), el("p", { text: g.summary }), el("p", {}, rules), play, err));
  }
}
