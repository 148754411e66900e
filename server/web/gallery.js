// The new-game form's board: a gallery of the boards the chosen game is
// played on, each drawn small by the board renderer, and a board file
// (JSON) read by the server. Which boards a game allows is the server's
// word (GET /api/boards, POST /api/boards): nothing here knows the games.

import { $, api, el } from "./api.js";
import { drawBoard } from "./board.js";

// galleries holds each game's boards, asked once.
const galleries = new Map();

function boardsOf(game) {
  if (!galleries.has(game)) {
    const p = api(`/api/boards?game=${encodeURIComponent(game)}`).then(a => a.boards);
    p.catch(() => galleries.delete(game)); // asked again next time
    galleries.set(game, p);
  }
  return galleries.get(game);
}

// boardChooser wires the board part of the new-game form: the gallery
// (#gallery), the board field (board), the file field (board-file) with
// its preview (#upload). options are the server's (options.boardFile:
// the limits of a board file). It returns {show(game), fill(req)}: show
// lists game's boards (after the game changed), fill puts the board chosen
// into a creation request.
export function boardChooser(form, options) {
  const f = name => form.elements[name];
  let upload = null; // the board file in use: {name, text, res}
  let game = "";

  const markChosen = () => {
    const spec = f("board").value.trim().toLowerCase();
    for (const b of $("#gallery", form).querySelectorAll(".board-choice")) {
      b.setAttribute("aria-pressed", String(!upload && b.dataset.spec === spec));
    }
  };
  const showRefusal = () => {
    const refusal = upload && upload.res.refusals && upload.res.refusals[game];
    $("#upload-refusal", form).textContent = refusal || "";
    $("#upload-refusal", form).hidden = !refusal;
  };
  const clearUpload = () => {
    const was = upload;
    upload = null;
    f("board-file").value = "";
    f("board").disabled = false;
    f("board").placeholder = "";
    if (was && !f("board").value) f("board").value = (options.boards && options.boards[game]) || "";
    $("#upload", form).hidden = true;
    markChosen();
  };
  const choose = spec => {
    clearUpload();
    f("board").value = spec;
    markChosen();
  };

  f("board").addEventListener("input", markChosen);
  $("#upload-clear", form).addEventListener("click", () => {
    clearUpload();
    $("#upload-error", form).textContent = "";
  });
  f("board-file").addEventListener("change", async () => {
    const file = f("board-file").files[0];
    $("#upload-error", form).textContent = "";
    if (!file) return;
    const max = options.boardFile && options.boardFile.maxBytes;
    if (max && file.size > max) {
      clearUpload();
      $("#upload-error", form).textContent = `${file.name}: the board file is ${file.size} bytes, at most ${max} allowed`;
      return;
    }
    try {
      const text = await file.text();
      const res = await api("/api/boards", { file: text, name: file.name });
      upload = { name: file.name, text, res };
    } catch (e) {
      clearUpload();
      $("#upload-error", form).textContent = `The board file was not taken: ${e.message}`;
      return;
    }
    const res = upload.res;
    drawBoard($("#upload-preview", form), res.board, { coordinates: false });
    $("#upload-caption", form).textContent = [`${res.spec}: ${res.description}`, ...(res.warnings || [])].join("; ");
    f("board").value = "";
    f("board").placeholder = "the board file below";
    f("board").disabled = true;
    $("#upload", form).hidden = false;
    showRefusal();
    markChosen();
  });

  return {
    async show(g) {
      game = g;
      if (upload) f("board").value = ""; // the file stays the board
      showRefusal();
      let boards = [];
      try {
        boards = await boardsOf(g);
      } catch {
        // The board field still takes any board.
      }
      if (game !== g) return; // the game changed meanwhile
      $("#gallery", form).replaceChildren(...boards.map(b => {
        const svg = el("svg:svg", { class: "preview", role: "img", "aria-label": b.description });
        drawBoard(svg, b.board, { coordinates: false });
        const button = el("button", { type: "button", class: "board-choice", "data-spec": b.spec, title: b.description, "aria-pressed": "false" },
          svg, el("span", { class: "spec", text: b.spec }), el("span", { class: "desc", text: b.description }));
        button.addEventListener("click", () => choose(b.spec));
        return button;
      }));
      markChosen();
    },
    fill(req) {
      if (upload) {
        delete req.board;
        req.boardFile = upload.text;
        req.boardName = upload.name;
      }
    },
  };
}
