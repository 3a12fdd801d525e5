// The scoring broken down: each finished round nest by nest (the combos, the picking order, the token
// each seat took) and the game's totals round by round, from the view's round_results and treasures.

import { h } from "/web/js/dom.js";
import { card, ordinal, seatLabel, sortTokens, token, tokenValue } from "./pieces.js";

function sum(tokens) {
  return tokens.reduce((total, code) => total + tokenValue(code), 0);
}

function tokensWithSum(tokens) {
  if (!tokens.length) return h("span", { class: "sz-none" }, "none");
  return h(
    "span",
    { class: "sz-token-sum" },
    sortTokens(tokens).map((code) => token(code, { mini: true })),
    h("span", { class: "sz-sum" }, ` = ${sum(tokens)}`),
  );
}

function nestTitle(view, number) {
  const nest = view.nests.find((each) => each.nest === number);
  return `Nest ${number}${nest && nest.big ? " (big)" : ""}`;
}

// One finished round: a row per seat, a column per nest (in the order they were handed out).
export function roundTable(result, view, ctx) {
  const seats = [...Array(view.players).keys()];
  const nests = [...result.nests].sort((a, b) => a.nest - b.nest);
  return h(
    "table",
    { class: "sz-results", "data-round": result.round },
    h("caption", { class: "sz-caption-quiet" }, "The combo at each nest, the place in the picking order, the treasure taken"),
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "Seat"), nests.map((nest) => h("th", {}, nestTitle(view, nest.nest))), h("th", {}, "Round")),
    ),
    h(
      "tbody",
      {},
      seats.map((seat) =>
        h(
          "tr",
          { class: seat === ctx.seat ? "sz-mine" : null },
          h("th", { scope: "row" }, seatLabel(view, ctx, seat, null, false)),
          nests.map((nest) => {
            const place = nest.order.indexOf(seat) + 1;
            const got = nest.tokens[seat];
            return h(
              "td",
              {},
              h("span", { class: "sz-cards-mini" }, nest.cards[seat].map((code) => card(code, { mini: true }))),
              h("span", { class: "sz-combo", title: "combo value" }, ` = ${nest.combos[seat]}`),
              h("span", { class: "sz-place", title: "place in the picking order" }, ` ${ordinal(place)} `),
              got
                ? [h("span", { class: "sz-arrow" }, "→ "), token(got, { mini: true })]
                : h("span", { class: "sz-none", title: "no token was left for this seat" }, "→ nothing"),
            );
          }),
          h("td", {}, tokensWithSum(result.treasures[seat])),
        ),
      ),
    ),
  );
}

// The treasures each seat took, round by round, and the totals; the winners marked at the end.
export function scoringTable(view, ctx) {
  const results = view.round_results || [];
  const seats = [...Array(view.players).keys()];
  const over = view.phase === "over";
  // Treasures taken in the round being handed out now: those after the finished rounds' own.
  const current = seats.map((seat) => {
    const counted = results.reduce((total, result) => total + result.treasures[seat].length, 0);
    return view.treasures[seat].slice(counted);
  });
  const showCurrent = current.some((tokens) => tokens.length > 0);
  const winners = new Set(view.winners || []);
  return h(
    "table",
    { class: "sz-scoring" },
    h("caption", {}, over ? "Final scoring: the treasures each took" : "Scores so far"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "Seat"),
        results.map((result) => h("th", {}, `Round ${result.round}`)),
        showCurrent ? h("th", {}, `Round ${view.round} (so far)`) : null,
        results.length || showCurrent ? null : h("th", {}, "Treasures"),
        h("th", {}, "Total"),
      ),
    ),
    h(
      "tbody",
      {},
      seats.map((seat) =>
        h(
          "tr",
          { class: [seat === ctx.seat ? "sz-mine" : "", winners.has(seat) ? "sz-winner" : ""].join(" ").trim() || null },
          h("th", { scope: "row" }, seatLabel(view, ctx, seat, null, false)),
          results.map((result) => h("td", {}, tokensWithSum(result.treasures[seat]))),
          showCurrent ? h("td", {}, tokensWithSum(current[seat])) : null,
          results.length || showCurrent ? null : h("td", {}, tokensWithSum(view.treasures[seat])),
          h(
            "td",
            { class: "sz-total" },
            String(view.scores[seat]),
            winners.has(seat) ? h("span", { class: "sz-winner-mark" }, " ♛ winner") : null,
          ),
        ),
      ),
    ),
  );
}
