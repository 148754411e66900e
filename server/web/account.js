// The account page: sign up, sign in and out, the player's games, a new
// password, deletion. Accounts are optional; the session is an HttpOnly
// cookie the page never sees.

import { $, api, el, APIError } from "./api.js";
import { gameRow, olderGames } from "./lists.js";

// showAccount shows the account page in main.
export async function showAccount(main) {
  main.replaceChildren($("#tpl-account").content.cloneNode(true));
  // A page shown since (the player went on, or came back before the
  // answer) is left alone: this one's answer would land in it.
  const shown = main.firstElementChild;
  let me = null;
  try {
    me = await api("/api/account");
  } catch (e) {
    if (main.firstElementChild !== shown) return;
    if (!(e instanceof APIError && e.status === 401)) {
      $("#account-out", main).hidden = false;
      $("#account-error", main).textContent = e.message;
      return;
    }
  }
  if (main.firstElementChild !== shown) return;
  updateLink(me);
  if (!me) return showSignIn(main);
  $("#account-in", main).hidden = false;
  $("#account-name", main).textContent = me.name;
  $("#profile-link", main).href = `#/p/${encodeURIComponent(me.name)}`;
  const body = $("#my-games", main);
  for (const g of me.games) body.append(gameRow(g));
  if (!me.games.length) body.append(el("tr", {}, el("td", { colspan: 5, text: "No games yet." })));
  olderGames($("#my-games-more", main), body, me.name, me.next);
  $("#signout", main).onclick = async () => {
    await api("/api/account/signout", {}).catch(() => {});
    showAccount(main);
  };
  const form = $("#password-form", main);
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const del = ev.submitter && ev.submitter.name === "delete";
    const password = form.elements.password.value, newPassword = form.elements.newPassword.value;
    try {
      if (del) {
        if (!confirm("Delete the account? Its games stay, playable by their links.")) return;
        await api("/api/account/delete", { password });
      } else {
        await api("/api/account/password", { password, newPassword });
      }
      showAccount(main);
    } catch (e) {
      $("#password-error", main).textContent = e.message;
    }
  });
}

function showSignIn(main) {
  $("#account-out", main).hidden = false;
  const form = $("#account-form", main);
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const path = ev.submitter && ev.submitter.name === "signup" ? "/api/account/signup" : "/api/account/signin";
    try {
      await api(path, { name: form.elements.name.value, password: form.elements.password.value });
      showAccount(main);
    } catch (e) {
      $("#account-error", main).textContent = e.message;
    }
  });
}

// updateLink shows who is signed in, in the header.
export function updateLink(me) {
  const link = $("#account-link");
  if (link) link.textContent = me ? me.name : "Sign in";
}

// checkSignedIn updates the header's link from the server.
export async function checkSignedIn() {
  try {
    updateLink(await api("/api/account"));
  } catch {
    updateLink(null);
  }
}
