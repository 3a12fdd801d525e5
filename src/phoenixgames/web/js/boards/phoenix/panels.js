// The parts of the board around the nests and plumages: who is who, the turn order, the bags, the key to
// the symbols and points, each player's area and the scoring table.

import { h, s, plural } from "../../dom.js";
import { piece } from "../ids.js";
import { COLOURS, PHOENIX_LETTER, SYMBOLS, symbolIcon } from "./halves.js";
import { nestBox } from "./nests.js";
import { mirrorLine, plumage } from "./plumage.js";
import { breakdownOf } from "./points.js";

// A seat's name: the one the table gives it (one name a seat, everywhere), else "Seat 2".
export function seatName(seat, ctx) {
  const name = ctx.names && ctx.names[seat];
  return name || `Seat ${seat + 1}`;
}

// The seat to act, or null once the game is over.
export function acting(view, ctx) {
  if (view.phase === "over") return null;
  return ctx.toAct ?? view.current_player ?? null;
}

function capital(text) {
  return text[0].toUpperCase() + text.slice(1);
}

// "you" for the viewer's own seat, else the seat's name.
function called(seat, ctx) {
  return seat === ctx.seat ? "you" : seatName(seat, ctx);
}

// An ash token showing `value` on its `side` ("white" or "black"); `attributes`: a piece's marks.
export function tokenChip(value, side, attributes = {}) {
  const words = `ash token ${value}, ${side} side`;
  return h(
    "span",
    { class: `phx-chip phx-chip-${side}`, title: words, role: "img", "aria-label": words, ...attributes },
    h("span", { "aria-hidden": "true" }, value),
  );
}

export function colourBadge(letter) {
  const name = COLOURS[letter] ? COLOURS[letter].name : letter;
  return h(
    "span",
    { class: `phx-badge phx-badge-${letter === "*" ? "rainbow" : letter}`, role: "img", "aria-label": name, title: name },
    h("span", { "aria-hidden": "true" }, letter),
  );
}

function symbolBadge(symbol) {
  return s("svg", { class: "phx-symbol-badge", viewBox: "-9 -9 18 18" }, symbolIcon(symbol, 0, 0, 16, "#1d1f24"));
}

function winnerText(view, ctx) {
  const winners = view.winners;
  if (!winners.length) return "Game over.";
  const best = view.scores[winners[0]];
  const names = winners.map((seat) => called(seat, ctx)).join(" and ");
  const verb = winners.length > 1 ? "share the victory" : winners[0] === ctx.seat ? "win" : "wins";
  const why = view.decided_by_tie_breaker ? " (tie broken by the most feathers of their phoenix's colour)" : "";
  return `Game over: ${capital(names)} ${verb} with ${plural("point", best)}${why}.`;
}

export function statusLine(view, ctx) {
  if (view.phase === "over") return winnerText(view, ctx);
  const seat = acting(view, ctx);
  const token = view.turn_order.length ? view.turn_order[0].token : null;
  if (seat === ctx.seat) {
    return (
      `Your turn: lay ash token ${token} on a nest without a token, ` +
      "take one of its halves and place it on your phoenix."
    );
  }
  return `${seatName(seat, ctx)} is to play, with ash token ${token}.`;
}

export function topBar(view, ctx) {
  const round = view.phase === "over" ? `After round ${view.rounds}` : `Round ${view.round} of ${view.rounds}`;
  const viewer = ctx.seat === null || ctx.seat === undefined ? "Watching" : `You are ${seatName(ctx.seat, ctx)}`;
  const order = view.phase === "over" ? [] : view.turn_order;
  return h(
    "div",
    { class: "phx-top" },
    h(
      "p",
      { class: "phx-status" },
      h("strong", {}, round),
      h("span", { class: "phx-viewer" }, viewer),
      h("span", {}, statusLine(view, ctx)),
    ),
    order.length
      ? h(
          "p",
          { class: "phx-order" },
          h("span", { class: "phx-label" }, "Still to play this round, lowest token first:"),
          order.map((turn, i) =>
            h(
              "span",
              { class: `phx-turn${i === 0 ? " phx-turn-now" : ""}`, "data-seat": turn.seat },
              tokenChip(turn.token, sideShowing(view, turn.token)),
              ` ${seatName(turn.seat, ctx)}`,
              i === 0 ? h("em", {}, " ▶ now") : null,
            ),
          ),
        )
      : null,
  );
}

function bags(view) {
  const letters = Object.keys(COLOURS);
  const count = (bag, letter) =>
    Object.entries(bag)
      .filter(([code]) => code[0] === letter)
      .reduce((sum, [, n]) => sum + n, 0);
  const row = (position) => {
    const bag = view.bags[position];
    const total = Object.values(bag).reduce((sum, n) => sum + n, 0);
    return h(
      "tr",
      {},
      h("th", { scope: "row" }, `${position} bag`),
      letters.map((letter) => h("td", {}, count(bag, letter))),
      h("td", { class: "phx-total" }, total),
    );
  };
  return h(
    "table",
    { class: "phx-bags" },
    h("caption", {}, "Halves left in the bags"),
    h(
      "tr",
      {},
      h("th", {}, ""),
      letters.map((letter) => h("th", { scope: "col" }, colourBadge(letter))),
      h("th", { scope: "col" }, "all"),
    ),
    row("lower"),
    row("upper"),
  );
}

// "1–4": the lowest to the highest of `values`.
function span(values) {
  return `${Math.min(...values)}–${Math.max(...values)}`;
}

function legend(view) {
  const values = view.score_values;
  const feathers = values.feathers;
  const tokens = view.token_rules;
  const elsewhere = tokens.laid_elsewhere ? `elsewhere ${tokens.laid_elsewhere}` : "elsewhere it keeps its side";
  return h(
    "div",
    { class: "phx-legend" },
    h("h4", {}, "How it scores"),
    h(
      "p",
      {},
      "Colours: ",
      Object.entries(COLOURS).map(([letter, colour]) =>
        h("span", { class: "phx-key" }, colourBadge(letter), colour.name),
      ),
    ),
    h(
      "p",
      {},
      "A feather is a lower half, then an upper half laid on it: ",
      `your phoenix's colour ${feathers.own}, another colour ${feathers.other}, `,
      `rainbow ${feathers.rainbow}, two colours ${feathers.mixed} `,
      "(rainbow with a colour counts as that colour).",
    ),
    h(
      "p",
      {},
      "Every symbol: ",
      Object.entries(SYMBOLS).map(([symbol, { name }]) =>
        h("span", { class: "phx-key" }, symbolBadge(symbol), `${name} ${values.symbols[name]}`),
      ),
    ),
    h(
      "p",
      {},
      `Facing slots (${view.mirror_pairs.map(([a, b]) => `${a}↔${b}`).join(", ")}) with the same colours: `,
      `+${values.mirror}.`,
    ),
    h(
      "p",
      {},
      "Ash tokens: ",
      tokenChip(Math.min(...tokens.white), "white"),
      ` white side ${span(tokens.white)}, `,
      tokenChip(Math.max(...tokens.black), "black"),
      ` black side ${span(tokens.black)}. The lowest plays first; a token laid on its player's own nest `,
      `turns ${tokens.laid_on_own_nest}, ${elsewhere}. `,
      "At the round's end each player takes the tokens on their own nests (or the centre's, if theirs stayed empty).",
    ),
  );
}

export function tableArea(view, ctx, scoringTable) {
  const centre = view.nests.find((nest) => nest.owner === null);
  return h(
    "div",
    { class: "phx-table" },
    scoringTable ? h("div", { class: "phx-final" }, scoringTable) : null,
    centre ? nestBox(centre, nestNote(view, centre, ctx), laidOn(view, centre)) : null,
    bags(view),
    legend(view),
  );
}

function nestNote(view, nest, ctx) {
  if (view.phase === "over") return "left over";
  const rules = view.token_rules;
  if (nest.owner === null) {
    const stays = rules.laid_elsewhere ? `stays ${rules.laid_elsewhere}` : "keeps its side";
    return `nobody's: a token laid here ${stays}`;
  }
  if (nest.owner !== ctx.seat) return `${seatName(nest.owner, ctx)}'s`;
  return `yours: a token laid here turns ${rules.laid_on_own_nest}`;
}

// The side of the token showing `value` (no two tokens show the same number).
function sideShowing(view, value) {
  return view.tokens.find((token) => token.showing === value).side;
}

// The token laid on `nest` (its entry of view.tokens), if any.
function laidOn(view, nest) {
  return view.tokens.find((token) => token.nest === nest.nest);
}

function held(view, seat) {
  return view.tokens.filter((token) => token.holder === seat);
}

export function playerArea(view, ctx, phoenix) {
  const seat = phoenix.seat;
  const mine = seat === ctx.seat;
  const toAct = seat === acting(view, ctx);
  const winner = view.phase === "over" && view.winners.includes(seat);
  const score = phoenix.score;
  const tokens = held(view, seat);
  const letter = PHOENIX_LETTER[phoenix.colour];
  const classes = ["phx-player", mine ? "phx-mine" : null, toAct ? "phx-acting" : null, winner ? "phx-winner" : null];
  return h(
    "section",
    { class: classes.filter(Boolean).join(" "), "data-seat": seat },
    h(
      "header",
      {},
      toAct ? h("span", { class: "phx-flag" }, "▶ to play") : null,
      winner ? h("span", { class: "phx-flag phx-flag-win" }, "★ winner") : null,
      h("h3", {}, mine ? `${seatName(seat, ctx)}: you` : seatName(seat, ctx)),
      h("span", { class: "phx-colour" }, colourBadge(letter), `${phoenix.colour} phoenix`),
    ),
    h(
      "p",
      { class: "phx-score" },
      h(
        "strong",
        {},
        h("span", { "data-piece": `count:score${seat}`, "data-count": score.total }, String(score.total)),
        score.total === 1 ? " point" : " points",
      ),
      `: colours ${score.colours} · symbols ${score.symbols} · mirrors ${score.mirrors}`,
      ` · ${phoenix.colour} feathers ${score.own_colour_feathers}`,
    ),
    h(
      "p",
      { class: "phx-holds" },
      tokens.length
        ? [
            tokens.length > 1 ? "Holds ash tokens " : "Holds ash token ",
            tokens.map((token) => tokenChip(token.showing, token.side, piece(`token:${token.token}`, `seat${seat}`))),
          ]
        : view.phase === "over"
          ? "Plumage complete."
          : "No token in hand: all laid this round.",
    ),
    h(
      "div",
      { class: "phx-nests" },
      view.nests
        .filter((nest) => nest.owner === seat)
        .map((nest) => nestBox(nest, nestNote(view, nest, ctx), laidOn(view, nest))),
    ),
    plumage(phoenix, breakdownOf(view, seat), view.score_values, {
      pickable: toAct,
      label: `${seatName(seat, ctx)}'s ${phoenix.colour} phoenix`,
    }),
    mirrorLine(breakdownOf(view, seat)),
  );
}

// The scores phase by phase, and the tie-breaker: a row a seat.
export function scoringTable(view, ctx) {
  const phases = ["1. Colours", "2. Symbols", "3. Mirrors", "Total", "Own-colour feathers (tie-breaker)"];
  const headings = ["", "Phoenix", ...phases];
  return h(
    "table",
    { class: "phx-scoring" },
    h("caption", {}, view.phase === "over" ? "Final scoring" : "Scores so far"),
    h(
      "tr",
      {},
      headings.map((text) => h("th", { scope: "col" }, text)),
    ),
    view.phoenixes.map((phoenix) => {
      const seat = phoenix.seat;
      const score = phoenix.score;
      const winner = view.winners.includes(seat);
      return h(
        "tr",
        { class: winner ? "phx-winner" : null, "data-seat": seat },
        h("th", { scope: "row" }, `${winner ? "★ " : ""}${seatName(seat, ctx)}${seat === ctx.seat ? " (you)" : ""}`),
        h("td", {}, colourBadge(PHOENIX_LETTER[phoenix.colour]), ` ${phoenix.colour}`),
        h("td", {}, score.colours),
        h("td", {}, score.symbols),
        h("td", {}, score.mirrors),
        h("td", { class: "phx-total" }, score.total),
        h("td", {}, score.own_colour_feathers),
      );
    }),
  );
}
