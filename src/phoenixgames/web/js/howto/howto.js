// How to play: a one-screen summary of a game for a newcomer (the goal, a turn, how it scores, the end),
// with the board's own pieces as pictures, and a link to the full rules as implemented.
//
// Each game's summary is a module /web/js/howto/<game>.js exporting `title`, `root` (the class of its
// board's root element, under which its board's CSS draws the pieces) and `sections()`: four
// [heading, ...content] lists. summary(game) builds the summary's element; it needs the game's board CSS
// (/web/css/<game>.css) and /web/css/howto.css, which it adds to the page when they are missing.

import { h } from "/web/js/dom.js";

function stylesheet(href) {
  if (!document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href }));
  }
}

export function rulesAddress(game) {
  return `/games/${encodeURIComponent(game)}/rules`;
}

// The summary of `game` as an element (an <article>), its heading "How to play <title>" among them.
export async function summary(game) {
  stylesheet("/web/css/howto.css");
  stylesheet(`/web/css/${game}.css`);
  const module = await import(`/web/js/howto/${game}.js`);
  const parts = module.sections().map(([heading, ...content], i) =>
    h("section", { class: `howto-part howto-part-${i + 1}` }, h("h3", {}, heading), content),
  );
  return h(
    "article",
    { class: "howto", "data-game": game, "aria-labelledby": "howto-title" },
    h(
      "header",
      { class: "howto-head" },
      h("h2", { id: "howto-title" }, `How to play ${module.title}`),
      h(
        "a",
        { class: "howto-rules", href: rulesAddress(game), target: "_blank", rel: "noopener" },
        "§ The full rules as implemented",
      ),
    ),
    h("div", { class: `howto-body ${module.root}` }, parts),
  );
}

// A small picture and its words under it, side by side with others in a row (a `figures` list).
export function figure(picture, words) {
  return h("figure", { class: "howto-figure" }, picture, h("figcaption", {}, words));
}

export function figures(...items) {
  return h("div", { class: "howto-figures" }, items);
}

export function para(...content) {
  return h("p", {}, content);
}
