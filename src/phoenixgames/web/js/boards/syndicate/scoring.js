// The end-of-game scoring broken down, as the view's scoring gives it (scoring.py): the credits earned in
// play, then each colour's most face-up contracts, the most colours, and each guild joined (1 credit per
// planet of its colour holding the seat's agent). Everything it shows is public.

import { h } from "/web/js/dom.js";
import { COLOURS, LETTER_OF, cube, pawn, seatName } from "./common.js";

// The guilds joined, each with its planets holding the seat's agents, and their credits.
function guilds(row) {
  const joined = Object.entries(row.guilds);
  if (!joined.length) return h("span", { class: "syn-muted" }, "none");
  return [
    joined.map(([colour, planets]) => h("span", { class: "syn-res-item" }, cube(LETTER_OF[colour]), `${planets}`)),
    " = ",
    award(row.guild_credits),
  ];
}

function award(points) {
  return points ? h("span", { class: "syn-award" }, `+${points}`) : h("span", { class: "syn-muted" }, "0");
}

// The table: a row per seat, a column per part of the score.
export function scoringTable(view, ctx) {
  const awards = view.scoring_awards;
  const colourAwards = `+${awards.colour_first}, second +${awards.colour_second}`;
  const head = h(
    "tr",
    {},
    h("th", {}, "Seat"),
    h("th", {}, "Credits in play"),
    COLOURS.map((colour) =>
      h("th", { title: `${colour} contracts face up: most ${colourAwards}` }, cube(LETTER_OF[colour])),
    ),
    h("th", {}, "Colours"),
    h("th", {}, "Variety"),
    h("th", {}, "Guilds"),
    h("th", {}, "Total"),
    h("th", { title: "the tie-break: agents at planets" }, "Agents at planets"),
  );
  const body = view.scoring.map((row) =>
    h(
      "tr",
      { class: view.winners.includes(row.seat) ? "winner" : "" },
      h(
        "th",
        { scope: "row" },
        pawn(row.seat),
        " ",
        seatName(ctx, row.seat),
        view.winners.includes(row.seat) ? " ♛" : "",
      ),
      h("td", {}, String(row.credits)),
      COLOURS.map((colour) =>
        h(
          "td",
          {},
          `${row.contracts[colour]}`,
          row.colour_awards[colour] ? h("span", { class: "syn-award" }, ` +${row.colour_awards[colour]}`) : null,
        ),
      ),
      h("td", {}, award(row.colours)),
      h("td", {}, `${row.kinds} colours `, award(row.variety)),
      h("td", {}, guilds(row)),
      h("td", { class: "syn-total", "data-seat": row.seat, "data-total": row.total }, h("b", {}, String(row.total))),
      h("td", {}, String(row.agents_at_planets)),
    ),
  );
  return h(
    "table",
    { class: "syn-scoring-table" },
    h(
      "caption",
      {},
      `Final scoring: credits in play, then colours (each colour's most face-up contracts ${colourAwards}), ` +
        `variety (most colours +${awards.variety_first}, second +${awards.variety_second}) ` +
        "and guilds (+1 a planet of the colour with your agent)",
    ),
    h("thead", {}, head),
    h("tbody", {}, body),
  );
}
