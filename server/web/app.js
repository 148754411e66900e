// moku's page: the router between the list of games, the new-game form
// and the game view. Plain JavaScript modules, no build step; the server
// embeds these files.
//
//   api.js    the server's API, DOM helpers, colours (shared)
//   board.js  the board renderer: any board from a view's geometry
//   game.js   the game view: actions, WebSocket, review, analysis
//   lists.js  the list of games and the new-game form
//   account.js  sign-up, sign-in, the player's games
//   profile.js  a player's ratings, their graph and games
//   lobby.js  open challenges and the games in play
//   rules.js  each game's rules, with diagrams and a board to try
//   aids.js   the board aids in words, and the player's choice of them
//   review.js the analysis board: a game or an uploaded record, variations

import { $ } from "./api.js";
import { showGame } from "./game.js";
import { showList, showNew } from "./lists.js";
import { showAccount, checkSignedIn } from "./account.js";
import { showProfile } from "./profile.js";
import { showLobby } from "./lobby.js";
import { showRules } from "./rules.js";
import { showReview } from "./review.js";

const main = $("#main");
let current = null; // the game view's state, while one is shown

function route() {
  if (current) current.close();
  current = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "new") return showNew(main);
  if (parts[0] === "account") return showAccount(main);
  if (parts[0] === "rules") return showRules(main, parts[1]);
  if (parts[0] === "p" && parts[1]) return showProfile(main, decodeURIComponent(parts[1]));
  if (parts[0] === "lobby") {
    current = showLobby(main);
    return;
  }
  if (parts[0] === "review") {
    current = showReview(main, parts[1]);
    return;
  }
  if (parts[0] === "g" && parts[1]) {
    current = showGame(main, parts[1], parts[2], parts[3]);
    return;
  }
  return showList(main);
}

// window.moku is the page's state, for the console and the end-to-end
// tests: moku.current is the game view shown, or null.
window.moku = { get current() { return current; } };

window.addEventListener("hashchange", route);
route();
checkSignedIn();
