// The board of Schatz des Phönix: the three nests with their treasures and each guild's side of cards,
// the deck and the face-up card, the viewer's hand, every seat's hand size, known cards and treasures,
// and the rounds' distributions broken down.
//
// Click paths: a card in the hand, then a nest (play R3 nest2); the deck (draw deck) or the face-up
// card (take B5); a treasure in the nest being handed out (pick 6, pick L10).

import { h, plural } from "/web/js/dom.js";
import { PieceIds, piece } from "./ids.js";
import {
  ACTING,
  START,
  back,
  card,
  cardName,
  count,
  ordinal,
  ranking,
  seatLabel,
  seatName,
  slot,
  sortTokens,
  token,
  tokenName,
  tokenWords,
} from "./schatz/pieces.js";
import { roundTable, scoringTable } from "./schatz/results.js";

export const game = "schatz";

// The pieces that move: cards (hand, nests' sides, face up, cards others took face up, others' backs) and
// treasure tokens (nests, seats). Their places, as data-piece-place says them: "hand:0" (the first of
// its kind in the hand), "nest2:1:0" (nest 2, seat 1's side, first card), "faceup", "known1:0",
// "nest3:0" (the first token of its kind on nest 3), "seat1:0".
const ids = new PieceIds();

// The n-th (0-based) copy of each code in `codes`: ["R3", "B5", "R3"] -> [0, 0, 1].
function copies(codes) {
  const seen = new Map();
  return codes.map((code) => {
    const n = seen.get(code) || 0;
    seen.set(code, n + 1);
    return n;
  });
}

const PLAY = /^play (\S+) nest(\d)$/;
const TAKE = /^take (\S+)$/;
const PICK = /^pick (\S+)$/;

function names(seats, ctx) {
  const list = seats.map((seat) => seatName(seat, ctx));
  return list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

function toActOf(view, ctx) {
  return ctx.toAct !== undefined && ctx.toAct !== null ? ctx.toAct : view.current_player;
}

// The nests in the order their treasures are handed out: the smaller nests, then the big one.
function scoringOrder(view) {
  return [...view.nests.filter((nest) => !nest.big), ...view.nests.filter((nest) => nest.big)].map((n) => n.nest);
}

// ------------------------------------------------------------------ what is happening now
function statusText(view, ctx, toAct) {
  if (view.phase === "over") {
    const winners = view.winners || [];
    const best = winners.length ? view.scores[winners[0]] : 0;
    if (winners.length === 1) {
      const you = winners[0] === ctx.seat;
      return `Game over: ${you ? "you win" : `${seatName(winners[0], ctx)} wins`} with ${best} points.`;
    }
    return `Game over: ${names(winners, ctx)} share the victory with ${best} points each.`;
  }
  const you = toAct === ctx.seat;
  const who = you ? "You" : seatName(toAct, ctx);
  if (view.phase === "play") {
    return you
      ? "Your turn: lay a card from your hand beside a nest, on your side."
      : `${who} lays a card beside a nest.`;
  }
  if (view.phase === "draw") {
    const faceUp = view.face_up ? ` or the face-up ${cardName(view.face_up)}` : "";
    return you ? `Now draw a card: the top of the deck${faceUp}.` : `${who} draws a card: the top of the deck${faceUp}.`;
  }
  const picking = view.picking || { nest: "?", order: [toAct] };
  const then = picking.order.slice(1);
  const rest = then.length ? ` (then ${names(then, ctx)})` : "";
  return `${you ? "Pick" : `${who} picks`} a treasure from nest ${picking.nest}${rest}.`;
}

function header(view, ctx, toAct) {
  const over = view.phase === "over";
  const who =
    ctx.seat === null || ctx.seat === undefined
      ? "Watching: the hands are hidden"
      : `You are ${seatName(ctx.seat, ctx)}`;
  return h(
    "header",
    { class: "sz-header" },
    h(
      "div",
      { class: "sz-title" },
      h("strong", {}, "Schatz des Phönix"),
      h("span", {}, over ? ` · after round ${view.rounds}` : ` · Round ${view.round} of ${view.rounds}`),
      h("span", {}, ` · ${who}`),
      h("span", { class: "sz-start-player" }, ` · ${START} Start player: ${seatName(view.start_player, ctx)}`),
    ),
    h(
      "div",
      { class: `sz-status${toAct === ctx.seat && !over ? " sz-your-turn" : ""}`, "data-status": view.phase },
      over ? "" : `${ACTING} `,
      statusText(view, ctx, toAct),
    ),
  );
}

function legend() {
  return h(
    "div",
    { class: "sz-legend" },
    `${ACTING} to act · ${START} start player: plays first and wins ties · `,
    token("L10", { mini: true }),
    " the large 10: whoever takes it becomes start player · the best combo at a nest picks first",
  );
}

// ------------------------------------------------------------------ the nests
function treasures(nest, distributing) {
  if (!nest.treasures.length) return h("div", { class: "sz-treasures sz-empty" }, "no treasures left");
  const groups = new Map(); // alike tokens share one click: which of them is taken makes no difference
  for (const code of sortTokens(nest.treasures)) groups.set(code, [...(groups.get(code) || []), code]);
  return h(
    "div",
    { class: "sz-treasures", role: "group", "aria-label": `treasures on nest ${nest.nest}` },
    [...groups].map(([code, tokens]) =>
      h(
        "span",
        {
          class: "sz-token-group",
          "data-pick": distributing ? `treasure:${code}` : null,
          title: distributing ? `pick ${tokenName(code)}` : null,
          "aria-label": distributing ? `pick ${tokenWords(code)}${tokens.length > 1 ? ` (${tokens.length} alike)` : ""}` : null,
        },
        tokens.map((each, i) => token(each, piece(`token:${each}`, `nest${nest.nest}:${i}`))),
      ),
    ),
  );
}

function side(view, ctx, toAct, nest, seat, places) {
  const cards = nest.sides[seat];
  const combo = nest.combos[seat];
  const classes = ["sz-side", seat === ctx.seat ? "sz-mine" : "", seat === toAct ? "sz-acting" : ""];
  return h(
    "li",
    { class: classes.join(" ").trim(), "data-seat": seat },
    seatLabel(view, ctx, seat, toAct),
    h(
      "span",
      { class: "sz-side-cards" },
      cards.map((code, i) => card(code, piece(`card:${code}`, `nest${nest.nest}:${seat}:${i}`))),
      Array.from({ length: Math.max(0, 2 - cards.length) }, () => slot()),
    ),
    h("span", { class: "sz-combo", title: "combo value" }, combo === null || combo === undefined ? "" : `= ${combo}`),
    places ? h("span", { class: "sz-place", title: "place in the picking order" }, ordinal(places[seat])) : null,
  );
}

function nestPanel(view, ctx, toAct, nest, order) {
  const picking = view.phase === "pick" ? view.picking : null;
  const distributing = Boolean(picking && picking.nest === nest.nest);
  const done = Boolean(picking && order.indexOf(nest.nest) < order.indexOf(picking.nest));
  // Once every card is down, the picking order at each nest: best combo first.
  let places = null;
  if (view.phase === "pick") {
    places = [];
    ranking(view, nest).forEach((seat, i) => (places[seat] = i + 1));
  }
  const classes = ["sz-nest", nest.big ? "sz-big" : "", distributing ? "sz-distributing" : "", done ? "sz-done" : ""];
  const seats = [...Array(view.players).keys()];
  return h(
    "section",
    {
      class: classes.join(" ").trim(),
      "data-pick": `nest:${nest.nest}`,
      "data-nest": nest.nest,
      "aria-label": `Nest ${nest.nest}, ${nest.big ? "the big nest" : "a small nest"}`,
    },
    h(
      "h3",
      {},
      `Nest ${nest.nest}`,
      h("span", { class: "sz-nest-kind" }, nest.big ? " · big nest" : " · small nest"),
      distributing ? h("span", { class: "sz-badge" }, `${ACTING} handing out`) : null,
      done ? h("span", { class: "sz-badge sz-badge-done" }, "✓ handed out") : null,
    ),
    treasures(nest, distributing),
    h(
      "ol",
      { class: "sz-sides", "aria-label": `the guilds' sides of nest ${nest.nest}` },
      seats.map((seat) => side(view, ctx, toAct, nest, seat, places)),
    ),
  );
}

function nestsRow(view, ctx, toAct) {
  const order = scoringOrder(view);
  return h(
    "div",
    { class: "sz-nests" },
    view.nests.map((nest) => nestPanel(view, ctx, toAct, nest, order)),
  );
}

// ------------------------------------------------------------------ the deck, the face-up card, the hand
function supply(view) {
  const deck = view.deck_size;
  const mayHold = Object.entries(view.deck_may_hold || {});
  return h(
    "section",
    { class: "sz-supply", "aria-label": "the deck and the face-up card" },
    h(
      "div",
      {
        class: "sz-pile",
        "data-pick": "deck",
        title: "draw the top card of the deck",
        "aria-label": `the deck: ${plural("card", deck)}`,
      },
      deck ? h("div", { class: "sz-deck-stack" }, back(), deck > 1 ? back() : null) : slot(),
      h("div", { class: "sz-pile-label" }, "Deck: ", count("deck", deck), deck === 1 ? " card" : " cards"),
    ),
    view.face_up
      ? h(
          "div",
          {
            class: "sz-pile",
            "data-pick": "faceup",
            title: `take the face-up ${cardName(view.face_up)}`,
            "aria-label": `the face-up card: ${cardName(view.face_up)}`,
          },
          card(view.face_up, piece(`card:${view.face_up}`, "faceup")),
          h("div", { class: "sz-pile-label" }, "Face-up card"),
        )
      : h("div", { class: "sz-pile" }, slot(), h("div", { class: "sz-pile-label" }, "No face-up card")),
    h(
      "div",
      { class: "sz-pile-info" },
      h("div", {}, "Discards: ", count("discards", view.discards.length), view.discards.length === 1 ? " card" : " cards"),
      mayHold.length
        ? h(
            "details",
            { class: "sz-may-hold" },
            h("summary", {}, "Cards the deck may still hold"),
            h(
              "div",
              { class: "sz-card-list" },
              mayHold.map(([code, n]) =>
                h("span", { class: "sz-count" }, card(code, { mini: true }), n > 1 ? `×${n}` : ""),
              ),
            ),
          )
        : null,
    ),
  );
}

function hand(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined || !Array.isArray(view.hand)) {
    return h(
      "p",
      { class: "sz-hand-hidden" },
      "Spectators see no hand: only how many cards each seat holds and the cards all saw them take face up.",
    );
  }
  const known = new Set(view.known_cards[ctx.seat] || []);
  const groups = new Map(); // alike cards share one click: which copy is laid makes no difference
  for (const code of view.hand) groups.set(code, (groups.get(code) || 0) + 1);
  const size = view.hand.length;
  return h(
    "section",
    { class: "sz-hand", "aria-label": "your hand", "data-seat": ctx.seat },
    h("h3", {}, "Your hand: ", count("hand", size), size === 1 ? " card" : " cards"),
    h(
      "div",
      { class: "sz-hand-cards" },
      [...groups].map(([code, alike]) =>
        h(
          "span",
          {
            class: "sz-hand-group",
            "data-pick": `hand:${code}`,
            "aria-label": `${alike > 1 ? `${alike} × ` : ""}${cardName(code)}${known.has(code) ? ", seen by all" : ""}`,
          },
          Array.from({ length: alike }, (_, i) => card(code, piece(`card:${code}`, `hand:${i}`))),
          known.has(code)
            ? h("span", { class: "sz-seen", title: "all saw you take it face up", "aria-hidden": "true" }, "seen")
            : null,
        ),
      ),
    ),
  );
}

// ------------------------------------------------------------------ every seat
function seatBox(view, ctx, toAct, seat) {
  const known = view.known_cards[seat] || [];
  const size = view.hand_sizes[seat];
  const mine = seat === ctx.seat;
  const hidden = mine ? 0 : Math.max(0, size - known.length);
  const classes = ["sz-player", mine ? "sz-mine" : "", seat === toAct ? "sz-acting" : ""];
  return h(
    "section",
    { class: classes.join(" ").trim(), "data-seat": seat },
    h("h4", {}, seatLabel(view, ctx, seat, toAct)),
    h(
      "div",
      { class: "sz-player-hand" },
      h("span", { class: "sz-label" }, "Hand: ", count(`hand${seat}`, size), size === 1 ? " card" : " cards"),
      mine
        ? h("span", { class: "sz-note" }, "(your hand, above)")
        : h(
            "span",
            { class: "sz-backs" },
            known.map((code, i) =>
              card(code, {
                mini: true,
                title: `${cardName(code)}: all saw it taken face up`,
                ...piece(`card:${code}`, `known${seat}:${copies(known)[i]}`),
              }),
            ),
            Array.from({ length: hidden }, (_, i) =>
              back({ class: "sz-card sz-back sz-mini", ...piece("back", `seat${seat}:${i}`) }),
            ),
          ),
      known.length && !mine ? h("span", { class: "sz-note" }, `(${known.length} known)`) : null,
    ),
    h(
      "div",
      { class: "sz-player-treasures" },
      h("span", { class: "sz-label" }, "Treasures: "),
      view.treasures[seat].length
        ? sortTokens(view.treasures[seat]).map((code, i, all) =>
            token(code, { mini: true, ...piece(`token:${code}`, `seat${seat}:${copies(all)[i]}`) }),
          )
        : h("span", { class: "sz-none" }, "none yet"),
    ),
    h("div", { class: "sz-score" }, "Score: ", count(`score${seat}`, view.scores[seat])),
  );
}

function players(view, ctx, toAct) {
  return h(
    "div",
    { class: "sz-players" },
    [...Array(view.players).keys()].map((seat) => seatBox(view, ctx, toAct, seat)),
  );
}

// Each finished round's distribution, the last one open (every one at the end of the game).
function rounds(view, ctx) {
  const results = view.round_results || [];
  if (!results.length) return null;
  const over = view.phase === "over";
  let start = 0; // seat 0 starts the game; the taker of the large 10 starts the next round
  return h(
    "div",
    { class: "sz-rounds" },
    results.map((result, i) => {
      const starter = start;
      const big = result.nests.find((nest) => nest.tokens.includes("L10"));
      if (big) start = big.tokens.indexOf("L10");
      return h(
        "details",
        { open: over || i === results.length - 1 },
        h(
          "summary",
          {},
          `Round ${result.round}: how the treasures were handed out (${START} start player: ${seatName(starter, ctx)})`,
        ),
        roundTable(result, view, ctx),
      );
    }),
  );
}

export function draw(root, view, ctx) {
  const toAct = toActOf(view, ctx);
  const over = view.phase === "over";
  const board = h(
    "div",
    { class: `sz-board sz-players-${view.players}` },
    header(view, ctx, toAct),
    legend(),
    over ? h("div", { class: "sz-final" }, scoringTable(view, ctx)) : nestsRow(view, ctx, toAct),
    h("div", { class: "sz-middle" }, hand(view, ctx), supply(view)),
    players(view, ctx, toAct),
    rounds(view, ctx),
  );
  ids.assign(board);
  root.append(board);
}

// Where the move `action` of `seat` shows on the board drawn last from `view`: the card it laid, took
// or the treasure it picked (where they still lie), else the place it was made at.
export function lastMove(action, seat, view) {
  let match = PLAY.exec(action);
  if (match) {
    const nest = view.nests.find((each) => each.nest === Number(match[2]));
    const cards = nest ? nest.sides[seat] : [];
    const at = cards.lastIndexOf(match[1]);
    const laid = at >= 0 ? ids.at(`card:${match[1]}`, `nest${match[2]}:${seat}:${at}`) : null;
    return laid ? [laid] : [`nest:${match[2]}`];
  }
  if (action === "draw deck") return ["deck"];
  match = TAKE.exec(action);
  if (match) {
    const code = match[1];
    const held = seat === view.viewer && Array.isArray(view.hand) ? view.hand : view.known_cards[seat] || [];
    const place = seat === view.viewer ? "hand" : `known${seat}`;
    const n = held.filter((each) => each === code).length;
    const taken = n ? ids.at(`card:${code}`, `${place}:${n - 1}`) : null;
    return taken ? [taken] : ["faceup"];
  }
  match = PICK.exec(action);
  if (match) {
    const n = (view.treasures[seat] || []).filter((each) => each === match[1]).length;
    const picked = n ? ids.at(`token:${match[1]}`, `seat${seat}:${n - 1}`) : null;
    return picked ? [picked] : [];
  }
  return [];
}

// ------------------------------------------------------------------ moves
export function path(action, view) {
  let match = PLAY.exec(action);
  if (match) return [`hand:${match[1]}`, `nest:${match[2]}`];
  if (action === "draw deck") return ["deck"];
  match = TAKE.exec(action);
  if (match) return ["faceup"];
  match = PICK.exec(action);
  if (match && view.picking) return [`treasure:${match[1]}`];
  return null;
}

export function describe(action, view) {
  let match = PLAY.exec(action);
  if (match) {
    const nest = view.nests.find((each) => each.nest === Number(match[2]));
    return `Lay ${cardName(match[1])} beside nest ${match[2]}${nest && nest.big ? " (the big nest)" : ""}`;
  }
  if (action === "draw deck") return "Draw the top card of the deck";
  match = TAKE.exec(action);
  if (match) return `Take the face-up ${cardName(match[1])}`;
  match = PICK.exec(action);
  if (match) {
    const from = view.picking ? ` from nest ${view.picking.nest}` : "";
    const large = match[1] === "L10" ? " (and with it the start player token)" : "";
    return `Pick ${tokenName(match[1])}${from}${large}`;
  }
  return action;
}

export function prompt(prefix, candidates, view) {
  if (prefix.length && prefix[0].startsWith("hand:")) {
    return `Now click a nest to lay ${cardName(prefix[0].slice(5))} beside it, or another card.`;
  }
  if (view.phase === "play") return "Click a card in your hand, then the nest to lay it beside.";
  if (view.phase === "draw") return "Click the deck or the face-up card to draw.";
  if (view.phase === "pick" && view.picking) return `Click the treasure to take from nest ${view.picking.nest}.`;
  return null;
}

export function scoring(view, ctx) {
  return h("div", { class: "sz-final" }, scoringTable(view, ctx || { seat: null, names: null }));
}
