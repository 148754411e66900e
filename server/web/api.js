// What every part of the page shares: the server's API, DOM helpers, and
// the colours and stone symbols of the views.

export const SVGNS = "http://www.w3.org/2000/svg";

// COLORS are the players' colours by index (0 is no player).
export const COLORS = ["empty", "black", "white", "red", "blue"];

// SYMBOL maps a view's point symbol to its colour index.
export const SYMBOL = { ".": 0, X: 1, O: 2, R: 3, U: 4 };

// $ is querySelector.
export const $ = (sel, root = document) => root.querySelector(sel);

// NetworkError is a request that never reached the server, or whose
// answer never came back: the page is offline, not refused.
export class NetworkError extends Error {
  constructor() {
    super("cannot reach the server");
    this.name = "NetworkError";
  }
}

// APIError is the server's refusal, with its status and its message.
export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "APIError";
    this.status = status;
  }
}

// api GETs path, or POSTs body as JSON if there is one, and returns the
// answer's JSON; it throws NetworkError or APIError.
export async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new NetworkError();
  }
  let data;
  try {
    data = await res.json();
  } catch {
    if (res.ok) throw new NetworkError(); // the answer was cut off
    data = { error: res.statusText || `status ${res.status}` };
  }
  if (!res.ok) throw new APIError(res.status, data.error || res.statusText);
  return data;
}

let options = null; // the answer's promise, once asked

// getOptions returns the server's options (games, rules, levels, boards),
// asked once: callers at the same time share the one request, and one
// that fails is asked again the next time.
export function getOptions() {
  if (!options) options = api("/api/options").catch(e => { options = null; throw e; });
  return options;
}

// el makes an element: "svg:" names an SVG element; attrs "text" is the
// text, "on…" an event listener, anything else an attribute.
export function el(tag, attrs = {}, ...children) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// swatch is a round spot of colour index c.
export const swatch = c => el("span", { class: `swatch c${c}` });
