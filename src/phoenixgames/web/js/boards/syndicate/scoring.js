// The end-of-game scoring broken down (scoring.py): the credits earned in play, then each colour's most
// face-up contracts (3 credits, second most 1), the most colours (3, second 1), and each guild joined (1
// credit per planet of its colour holding the seat's agent; Reega counts for every guild, Sabean Core for
// red and purple). Everything it reads is public: face-up contracts, guilds, agents.

import { h } from "/web/js/dom.js";
import {
  COLOURS,
  LETTER_OF,
  SCORING,
  contractOf,
  cube,
  guildColours,
  isPlanet,
  pawn,
  seatName,
  tilesByCode,
} from "./common.js";

// Awards for the most (first) and the second most (second); a tie for the most gives no second place,
// and a place needs at least one.
export function placeAwards(counts, first, second) {
  const awards = counts.map(() => 0);
  const best = Math.max(...counts);
  if (best <= 0) return awards;
  const leaders = counts.filter((c) => c === best).length;
  counts.forEach((c, i) => {
    if (c === best) awards[i] = first;
  });
  if (leaders > 1) return awards;
  const runnerUp = Math.max(0, ...counts.filter((c) => c < best));
  if (runnerUp <= 0) return awards;
  counts.forEach((c, i) => {
    if (c === runnerUp) awards[i] = second;
  });
  return awards;
}

export function breakdown(view) {
  const tiles = tilesByCode(view);
  const counts = view.seats.map((info) => {
    const row = Object.fromEntries(COLOURS.map((colour) => [colour, 0]));
    for (const code of info.cashed) {
      const colour = contractOf(code, tiles).colour;
      if (colour) row[colour] += 1;
    }
    return row;
  });
  const colourAwards = COLOURS.map((colour) =>
    placeAwards(counts.map((row) => row[colour]), SCORING.colourFirst, SCORING.colourSecond),
  );
  const kinds = counts.map((row) => COLOURS.filter((colour) => row[colour] > 0).length);
  const variety = placeAwards(kinds, SCORING.varietyFirst, SCORING.varietySecond);
  return view.seats.map((info, seat) => {
    const held = view.galaxy.filter((cell) => isPlanet(cell) && cell.agents.includes(seat));
    const guilds = info.guilds.map((colour) => ({
      colour,
      planets: held.filter((cell) => guildColours(cell).includes(colour)).length,
    }));
    const colours = COLOURS.reduce((sum, colour, c) => sum + colourAwards[c][seat], 0);
    const guildTotal = guilds.reduce((sum, guild) => sum + guild.planets, 0);
    const agentsAtPlanets = view.galaxy
      .filter(isPlanet)
      .reduce((sum, cell) => sum + cell.agents.filter((who) => who === seat).length, 0);
    return {
      seat,
      credits: info.credits,
      counts: counts[seat],
      colourAwards: COLOURS.map((_, c) => colourAwards[c][seat]),
      colours,
      kinds: kinds[seat],
      variety: variety[seat],
      guilds,
      guildTotal,
      total: info.credits + colours + variety[seat] + guildTotal,
      agentsAtPlanets,
    };
  });
}

function award(points) {
  return points ? h("span", { class: "syn-award" }, `+${points}`) : h("span", { class: "syn-muted" }, "0");
}

// The table: a row per seat, a column per part of the score.
export function scoringTable(view, ctx) {
  const rows = breakdown(view);
  const head = h(
    "tr",
    {},
    h("th", {}, "Seat"),
    h("th", {}, "Credits in play"),
    COLOURS.map((colour) =>
      h("th", { title: `${colour} contracts face up: most 3, second 1` }, cube(LETTER_OF[colour])),
    ),
    h("th", {}, "Colours"),
    h("th", {}, "Variety"),
    h("th", {}, "Guilds"),
    h("th", {}, "Total"),
    h("th", { title: "the tie-break: agents at planets" }, "Agents at planets"),
  );
  const body = rows.map((row) =>
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
      COLOURS.map((colour, c) =>
        h(
          "td",
          {},
          `${row.counts[colour]}`,
          row.colourAwards[c] ? h("span", { class: "syn-award" }, ` +${row.colourAwards[c]}`) : null,
        ),
      ),
      h("td", {}, award(row.colours)),
      h("td", {}, `${row.kinds} colours `, award(row.variety)),
      h(
        "td",
        {},
        row.guilds.length
          ? row.guilds.map((guild) =>
              h("span", { class: "syn-res-item" }, cube(LETTER_OF[guild.colour]), `${guild.planets}`),
            )
          : h("span", { class: "syn-muted" }, "none"),
        row.guilds.length ? [" = ", award(row.guildTotal)] : null,
      ),
      h("td", { class: "syn-total", "data-seat": row.seat, "data-total": row.total }, h("b", {}, String(row.total))),
      h("td", {}, String(row.agentsAtPlanets)),
    ),
  );
  return h(
    "table",
    { class: "syn-scoring-table" },
    h(
      "caption",
      {},
      "Final scoring: credits in play, then colours (each colour's most face-up contracts +3, second +1), " +
        "variety (most colours +3, second +1) and guilds (+1 a planet of the colour with your agent)",
    ),
    h("thead", {}, head),
    h("tbody", {}, body),
  );
}
