// The game's board module (/web/js/boards/<game>.js, with /web/css/<game>.css), and what the page does
// when it cannot be had: a board that is missing or fails shows the view as readable text, and every
// move is then made from the list or the notation box.

import { h, clear } from "../dom.js";

export async function loadBoard(game) {
  if (!document.querySelector(`link[data-game="${CSS.escape(game)}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: `/web/css/${game}.css`, "data-game": game }));
  }
  try {
    const module = await import(`/web/js/boards/${game}.js`);
    if (typeof module.draw === "function" && typeof module.path === "function") return module;
    console.warn(`the board of ${game} has no draw() or path(): the view is shown as text`);
  } catch (error) {
    console.warn(`the board of ${game} could not be loaded (${error}): the view is shown as text`);
  }
  return null;
}

// Draws `view` with the board module into `root`; false (and the view as text) if it cannot.
export function drawBoard(root, board, view, ctx) {
  clear(root);
  if (board) {
    try {
      board.draw(root, view, ctx);
      return true;
    } catch (error) {
      console.warn(`the board could not draw this view (${error}): it is shown as text`);
      clear(root);
    }
  }
  root.append(h("div", { class: "text-view" }, h("p", { class: "note" }, "The board as text:"), textOf(view)));
  return false;
}

// A view as nested lists of its fields: every value the server sent, in words a person can read.
function textOf(value) {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== "object")) {
      return h("span", { class: "value" }, value.length ? value.map(scalar).join(", ") : "none");
    }
    return h(
      "ol",
      { start: 1 },
      value.map((item) => h("li", {}, textOf(item))),
    );
  }
  if (value && typeof value === "object") {
    return h(
      "dl",
      {},
      Object.entries(value).flatMap(([key, item]) => [h("dt", {}, key.replace(/_/g, " ")), h("dd", {}, textOf(item))]),
    );
  }
  return h("span", { class: "value" }, scalar(value));
}

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}
