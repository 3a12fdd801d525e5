// The Phoenix Syndicate's board: the galaxy of hexagons (route symbols, deep space gaps, agents, colony
// credits), what is happening now, the contract slots, deck and guilds, and every seat's area (resources,
// six action cards face up or down, guilds, contracts). See syndicate/moves.js for the click paths and
// syndicate/last.js for where a move shows.

import { h } from "/web/js/dom.js";
import { viewerOf } from "./syndicate/common.js";
import { galaxy, galaxyLegend } from "./syndicate/galaxy.js";
import { scoringTable } from "./syndicate/scoring.js";
import { ids } from "./syndicate/pieces.js";
import { seatArea, seats } from "./syndicate/seats.js";
import { guilds, keeping, slots, status, supply } from "./syndicate/side.js";

export { describe, path, prompt } from "./syndicate/moves.js";
export { lastMove } from "./syndicate/last.js";

export const game = "syndicate";

// The phases whose moves are all made on the galaxy: on a phone it comes first then.
const GALAXY_PHASES = new Set(["place first agent", "place second agent", "loot", "connect"]);

// On a wide board the galaxy and the contract slots on the left, and on the right what is happening,
// the viewer's own area (resources, action cards, hand) and the guilds: an action is clicked without a
// scroll. Then the deck and the key, and the other seats. On a narrow board, one column: what is
// happening and the viewer's area first, the galaxy (scrolled sideways) after; the galaxy right under
// what is happening while a move is made on it alone.
export function draw(root, view, ctx = {}) {
  const viewer = viewerOf(view, ctx);
  const legal = ctx.legal || [];
  const final = view.phase === "over" ? h("section", { class: "syn-final" }, scoringTable(view, ctx)) : null;
  const mine = viewer === null ? null : seatArea(view, ctx, view.seats[viewer], viewer, legal);
  const onGalaxy = GALAXY_PHASES.has(view.phase) && !view.exchange_open;
  const board = h(
    "div",
    { class: `syn-board${onGalaxy ? " syn-galaxy-first" : ""}` },
    h(
      "div",
      { class: "syn-top" },
      h("div", { class: "syn-main" }, galaxy(view, ctx, viewer), slots(view, viewer)),
      h("div", { class: "syn-side" }, status(view, ctx, viewer), keeping(view, ctx, viewer), mine, guilds(view)),
    ),
    final,
    h("div", { class: "syn-more" }, supply(view), galaxyLegend()),
    seats(view, ctx, viewer, legal),
  );
  ids.assign(board);
  root.append(board);
}

export function scoring(view, ctx = {}) {
  return h("div", { class: "syn-final" }, scoringTable(view, ctx));
}
