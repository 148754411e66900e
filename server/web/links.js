// The seat tokens this browser holds, kept in localStorage per game, so
// that a seat survives the tab: opening a game from the list, or in
// another tab, gives its player their seat back, and its creator the
// invite links of the other seats.
//
// A game's record: {own: the seat its creator plays (-1: not created
// here), seat: the seat last played here, tokens: {seat: token},
// at: when last used}.

const PREFIX = "moku:game:";
const KEEP = 500; // games remembered at most; the least recently used go

function read(id) {
  try {
    const r = JSON.parse(localStorage.getItem(PREFIX + id));
    if (r && typeof r === "object" && r.tokens && typeof r.tokens === "object") return r;
  } catch { /* no storage, or not ours */ }
  return null;
}

function write(id, r) {
  r.at = Date.now();
  try {
    localStorage.setItem(PREFIX + id, JSON.stringify(r));
    prune();
  } catch { /* no storage: the seat lasts as long as the page */ }
}

function prune() {
  const games = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith(PREFIX)) games.push([k, read(k.slice(PREFIX.length))?.at || 0]);
  }
  if (games.length <= KEEP) return;
  games.sort((a, b) => a[1] - b[1]);
  for (const [k] of games.slice(0, games.length - KEEP)) localStorage.removeItem(k);
}

// link is the address of a seat's link.
export function link(id, seat, token) {
  return `${location.origin}${location.pathname}#/g/${id}/${seat}/${token}`;
}

// saveCreated keeps the tokens of a game just created here: own is the
// seat its creator plays (-1: none), tokens the creation's answer ("" for
// the computer's seats).
export function saveCreated(id, own, tokens) {
  const r = { own, seat: own, tokens: {} };
  tokens.forEach((t, i) => { if (t) r.tokens[i] = t; });
  if (own >= 0) write(id, r);
}

// saved returns the seat this browser plays in the game and its token
// ({seat: -1} if none).
export function saved(id) {
  const r = read(id);
  if (!r || !(r.seat in r.tokens)) return { seat: -1, token: "" };
  return { seat: +r.seat, token: r.tokens[r.seat] };
}

// keepSeat remembers a seat whose token the server has accepted, as the
// one this browser plays.
export function keepSeat(id, seat, token) {
  const r = read(id) || { own: -1, tokens: {} };
  r.tokens[seat] = token;
  r.seat = seat;
  write(id, r);
}

// forgetSeat forgets a seat's token (a wrong one, or at the player's
// wish); its invite link goes with it.
export function forgetSeat(id, seat) {
  const r = read(id);
  if (!r) return;
  delete r.tokens[seat];
  if (+r.seat === seat) r.seat = -1;
  if (+r.own === seat) r.own = -1;
  if (Object.keys(r.tokens).length === 0) return forgetGame(id);
  write(id, r);
}

// invites returns the links of the other seats, for the game's creator
// only: [{seat, link}], never the creator's own seat.
export function invites(id) {
  const r = read(id);
  if (!r || r.own < 0) return [];
  return Object.entries(r.tokens).map(([s, t]) => ({ seat: +s, link: link(id, s, t) }))
    .filter(x => x.seat !== +r.own).sort((a, b) => a.seat - b.seat);
}

// forgetGame forgets everything this browser keeps for the game.
export function forgetGame(id) {
  try { localStorage.removeItem(PREFIX + id); } catch { /* no storage */ }
}

// forgetInvites forgets the other seats' links, keeping the creator's own
// seat.
export function forgetInvites(id) {
  const r = read(id);
  if (!r) return;
  for (const s of Object.keys(r.tokens)) if (+s !== +r.own && +s !== +r.seat) delete r.tokens[s];
  r.own = -1; // no longer the creator here: nothing to invite with
  write(id, r);
}
