// The Phoenix Syndicate's board: the galaxy of hexagons (route symbols, deep space gaps, agents, colony
// credits), what is happening now, the contract slots, deck and guilds, and every seat's area (resources,
// six action cards face up or down, guilds, contracts). See syndicate/moves.js for the click paths.

import { h } from "/web/js/dom.js";
import { viewerOf } from "./syndicate/common.js";
import { galaxy } from "./syndicate/galaxy.js";
import { scoringTable } from "./syndicate/scoring.js";
import { seats } from "./syndicate/seats.js";
import { side } from "./syndicate/side.js";

export { describe, path, prompt } from "./syndicate/moves.js";

export const game = "syndicate";

export function draw(root, view, ctx = {}) {
  const viewer = viewerOf(view, ctx);
  const legal = ctx.legal || [];
  const final = view.phase === "over" ? h("section", { class: "syn-final" }, scoringTable(view, ctx)) : null;
  root.append(
    h(
      "div",
      { class: "syn-board" },
      h("div", { class: "syn-top" }, galaxy(view, ctx, viewer), side(view, ctx, viewer)),
      final,
      seats(view, ctx, viewer, legal),
    ),
  );
}

export function scoring(view, ctx = {}) {
  return h("div", { class: "syn-final" }, scoringTable(view, ctx));
}
