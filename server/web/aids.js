// The board aids in words and settings: which aids the player wants on
// the game board (kept in localStorage), what a point shows (its stone,
// Keil's links, Ki's control, its group's liberties), and moves as
// sentences for screen readers. The drawing is board.js's.

import { COLORS, SYMBOL } from "./api.js";
import { linkText } from "./board.js";

// AIDS is the localStorage key of the player's choice of aids.
const AIDS = "moku:aids";

// DEFAULTS are the aids shown until the player chooses: the ones that
// show what is new in each game, the star points and the last move.
export const DEFAULTS = { links: true, control: true, liberties: false, stars: true, last: true };

// aidSettings returns the player's choice of aids, DEFAULTS where unset.
export function aidSettings() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(AIDS)) || {}; } catch { /* no storage, or not ours */ }
  const out = { ...DEFAULTS };
  for (const k of Object.keys(DEFAULTS)) if (typeof saved[k] === "boolean") out[k] = saved[k];
  return out;
}

// saveAid keeps the choice of aid name.
export function saveAid(name, on) {
  const s = aidSettings();
  s[name] = on;
  try { localStorage.setItem(AIDS, JSON.stringify(s)); } catch { /* kept for this page only */ }
}

// title is a colour's name with a capital.
export const title = c => c.charAt(0).toUpperCase() + c.slice(1);

// pointText describes point i for people: what is on it, then each aid
// that show names ({links, control, liberties}) and aids has.
export function pointText(board, stones, aids, i, show) {
  const name = board.points[i].name;
  const c = SYMBOL[stones[i]];
  const parts = [c ? `${name}: ${COLORS[c]} stone.` : `${name}: empty.`];
  if (show.links && aids.links) parts.push(linkText(board, aids.links, i));
  if (show.liberties && aids.liberties && c) {
    const n = aids.liberties[i];
    parts.push(`Its group has ${n} ${n === 1 ? "liberty" : "liberties"}.`);
  }
  if (show.control && aids.control) {
    const k = SYMBOL[aids.control[i]];
    parts.push(k ? `${title(COLORS[k])} controls it.` : "Nobody controls it.");
  }
  return parts.join(" ");
}

// moveText is a move of a view's moves as a sentence: "Black played d4."
export function moveText(m) {
  const who = title(m.color);
  if (m.move === "pass") return `${who} passed.`;
  if (m.move === "button") return `${who} took the button.`;
  if (m.move === "resign") return `${who} resigned.`;
  if (m.move.startsWith("appeal-")) return `${who} appealed, naming ${m.move.slice(7)}.`;
  if (m.move === "out of time") return `${who} ran out of time.`;
  if (m.move.startsWith("left ")) return `${who} left the game ${m.move.slice(5)}.`;
  return `${who} played ${m.move}.`;
}
