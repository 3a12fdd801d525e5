// The parts of the board around the galaxy and the seats: what is happening now (the seat to act and its
// decision), the contracts to keep, the three contract slots, the deck, the discards and the credit
// pool, and the guilds.

import { h, plural } from "/web/js/dom.js";
import { CARDS, COLOURS, LETTER_OF, cube, pawn, resourceList, resourceWords, seatName } from "./common.js";
import { contractBack, contractCard, contractChip } from "./contracts.js";

const SET_UP = ["place first agent", "place second agent", "keep a contract"];

function actor(view, ctx, viewer) {
  const seat = view.current_player;
  return seat === viewer ? "You" : seatName(ctx, seat);
}

// What the seat to act decides now, in words.
function decision(view, ctx, viewer) {
  const you = view.current_player === viewer;
  const who = actor(view, ctx, viewer);
  const card = CARDS.find((c) => c.name === view.action);
  switch (view.phase) {
    case "place first agent":
      return `${who} ${you ? "place" : "places"} a first agent on any planet (set-up).`;
    case "place second agent":
      return `${who} ${you ? "place" : "places"} a second agent on a planet next to the first (set-up).`;
    case "keep a contract":
      return `${who} ${you ? "keep" : "keeps"} one of two starting contracts; the other is discarded face down.`;
    case "choose an action":
      return `${who} ${you ? "choose" : "chooses"} a face-up action card.`;
    case "loot": {
      const route = (view.loot_route || []).join(" → ");
      const next = "next an asteroid field or the planet that ends it";
      return `${who} ${you ? "are" : "is"} looting: the path so far ${route}; ${next}.`;
    }
    case "connect":
      const whose = you ? "yours" : "theirs";
      return `${who} ${you ? "are" : "is"} expanding: connect a tile next to one of ${whose}, or stop.`;
    case "keep a gambled contract":
      return `${who} ${you ? "keep" : "keeps"} one of the ${plural("contract", view.drawn_count || 0)} Gamble drew.`;
    case "join a guild":
      return `${who} may join a guild (Scheme), paying its cost, or join none.`;
    case "cash in":
      return `${who} ${you ? "hold" : "holds"} four contracts: cash one in, down to three.`;
    case "pay the bribe":
      return (
        `${who} ${you ? "pay" : "pays"} the bribe for ${card ? card.title : "the action"}: ` +
        `${plural("resource", view.bribe_left)} left to pay (a bribe's first resource goes onto a contract slot, ` +
        "the rest to the supply)."
      );
    default:
      return view.phase;
  }
}

// How the viewer makes its move on the board, when it is its turn.
function howTo(view, legal) {
  if (view.exchange_open) return "Click three resources to turn in, then the colour to take (in your area).";
  const has = (verb) => legal.some((action) => action.startsWith(`${verb} `) || action === verb);
  switch (view.phase) {
    case "place first agent":
    case "place second agent":
      return "Click a highlighted planet.";
    case "keep a contract":
    case "keep a gambled contract":
      return "Click the contract to keep.";
    case "choose an action":
      return "Click one of your face-up action cards, then where: a tile, a contract of your hand or a slot.";
    case "loot":
      return "Click the next tile of the path.";
    case "connect":
      return has("connect")
        ? "Click one of your tiles, then the tile next to it to connect; or choose Stop in the list."
        : "Choose Stop in the list.";
    case "join a guild":
      return "Click a guild to join, or choose Join no guild in the list.";
    case "cash in":
      return "Click a contract of your hand to cash in.";
    case "pay the bribe":
      return has("bribe")
        ? "Click one of your resources, then the slot it goes onto."
        : "Click one of your resources to pay.";
    default:
      return null;
  }
}

function winnersText(view, ctx, viewer) {
  const names = view.winners.map((seat) => (seat === viewer ? "you" : seatName(ctx, seat)));
  if (names.length === 1) return `${names[0] === "you" ? "You win" : `${names[0]} wins`}.`;
  return `${names.join(" and ")} share the victory.`;
}

export function status(view, ctx, viewer) {
  const lines = [];
  if (view.phase === "over") {
    lines.push(h("p", { class: "syn-status-main" }, "Game over: ", winnersText(view, ctx, viewer)));
  } else {
    lines.push(
      h(
        "p",
        { class: "syn-status-main" },
        h("span", { class: "syn-acting-mark", "aria-hidden": "true" }, "▶ "),
        pawn(view.current_player),
        " ",
        decision(view, ctx, viewer),
      ),
    );
    const legal = (ctx && ctx.legal) || [];
    if (legal.length && view.current_player === viewer) {
      const how = howTo(view, legal);
      if (how) lines.push(h("p", { class: "syn-how" }, how));
      if (legal.includes("exchange")) {
        const note = "You may also turn in three resources for one: ⇄ Exchange, in your area.";
        lines.push(h("p", { class: "syn-muted" }, note));
      }
    }
    if (view.exchange_open) {
      const note = "⇄ An exchange is open: three resources are turned in for one of another colour.";
      lines.push(h("p", { class: "syn-status-note" }, note));
    }
  }
  if (view.last_round && view.phase !== "over") {
    lines.push(h("p", { class: "syn-last-round" }, "⚠ Last round: the game ends before the start player's next turn."));
  }
  const viewing = viewer === null ? "You are watching." : `You are ${seatName(ctx, viewer)}.`;
  const start = `${seatName(ctx, view.start_player)} started (★).`;
  lines.push(h("p", { class: "syn-muted" }, `${viewing} ${start} Turns played: ${view.turns}.`));
  return h("section", { class: `syn-status${view.phase === "over" ? " over" : ""}`, "aria-live": "polite" }, lines);
}

// The contracts being kept from: the starting two (set-up) or Gamble's draw, for the seat that sees them;
// for every other seat, how many lie face down.
export function keeping(view, ctx, viewer) {
  const you = view.current_player === viewer;
  if (view.phase === "keep a contract" && view.offer && view.offer.length) {
    const title = you ? "Your starting contracts: keep one" : "Your starting contracts (you keep one on your turn)";
    return offerPanel(title, view.offer, view, viewer, "keep");
  }
  if (view.phase === "keep a gambled contract") {
    if (you && view.drawn) return offerPanel("Drawn by your Gamble: keep one", view.drawn, view, viewer, "keep");
    const count = view.drawn_count || 0;
    return h(
      "section",
      { class: "syn-keep" },
      h("h3", { class: "syn-heading" }, `${seatName(ctx, view.current_player)} drew ${plural("contract", count)}`),
      h("div", { class: "syn-row" }, Array.from({ length: count }, () => contractBack(null, view))),
    );
  }
  return null;
}

function offerPanel(title, codes, view, viewer, prefix) {
  return h(
    "section",
    { class: "syn-keep" },
    h("h3", { class: "syn-heading" }, title),
    h(
      "div",
      { class: "syn-row" },
      codes.map((code, i) =>
        contractCard(code, view, {
          pick: `${prefix}:${i + 1}`,
          caption: `Keep ${i + 1}`,
          holder: viewer,
          value: true,
          place: "offer",
        }),
      ),
    ),
  );
}

function heading(title, note) {
  return h("h3", { class: "syn-heading" }, `${title} `, h("span", { class: "syn-muted" }, note));
}

export function slots(view, viewer) {
  return h(
    "section",
    { class: "syn-slots" },
    heading("Contract slots", "(claimed with the Contract action, with what lies on them)"),
    h(
      "div",
      { class: "syn-row" },
      view.slots.map((slot, i) =>
        h(
          "div",
          {
            class: "syn-slot",
            "data-pick": `slot:${i + 1}`,
            "data-slot": i + 1,
            "aria-label": `Contract slot ${i + 1}: ${slot.contract || "empty"}; on it ${resourceWords(slot.resources)}`,
          },
          h("div", { class: "syn-slot-label" }, `Slot ${i + 1}`),
          slot.contract
            ? contractCard(slot.contract, view, { holder: viewer, small: true, place: `slot${i + 1}` })
            : h("div", { class: "syn-slot-empty" }, SET_UP.includes(view.phase) ? "dealt after the set-up" : "empty"),
          h("div", { class: "syn-slot-resources" }, "On it: ", resourceList(slot.resources)),
        ),
      ),
    ),
  );
}

export function supply(view) {
  const reshuffles = `reshuffled ${view.reshuffles} of ${view.last_reshuffle} times (then the last round begins)`;
  const items = [
    h("li", {}, h("b", {}, `Deck: ${plural("contract", view.deck_size)}`), `, ${reshuffles}`),
    h("li", {}, h("b", {}, `Discard pile: ${plural("contract", view.discard_size)}`), " (face down)"),
    h(
      "li",
      {},
      h("b", {}, `Credit pool: ${plural("credit", view.pool)}`),
      view.from_box ? `, ${view.from_box} more from the box` : "",
    ),
  ];
  if (view.revealed && view.revealed.length) {
    items.push(h("li", {}, "Revealed by the last Gamble: ", view.revealed.map((code) => contractChip(code, view))));
  }
  if (view.discards_seen && view.discards_seen.length) {
    const chips = view.discards_seen.map((code) => contractChip(code, view));
    items.push(h("li", {}, "Seen going into the discards: ", chips));
  }
  if (view.my_discards && view.my_discards.length) {
    const chips = view.my_discards.map((code) => contractChip(code, view));
    items.push(h("li", {}, "Discarded by you (only you saw): ", chips));
  }
  return h("section", { class: "syn-supply" }, h("ul", { class: "syn-facts" }, items));
}

export function guilds(view) {
  const members = (colour) => view.seats.filter((seat) => seat.guilds.includes(colour)).map((seat) => pawn(seat.seat));
  return h(
    "section",
    { class: "syn-guilds" },
    heading("Guilds", "(joined by Scheme; at the end 1 credit per planet of the colour with your agent)"),
    h(
      "div",
      { class: "syn-guild-row" },
      COLOURS.map((colour) => {
        const letter = LETTER_OF[colour];
        const joined = members(colour);
        const cost = view.guild_costs[colour];
        return h(
          "div",
          {
            class: `syn-guild guild-${letter}`,
            "data-pick": `guild:${colour}`,
            title: `The ${colour} guild: costs ${cost} ${colour}`,
            "aria-label": `The ${colour} guild: costs ${cost} ${colour}`,
          },
          h("div", { class: "syn-guild-name" }, cube(letter), ` ${colour}`),
          h("div", { class: "syn-guild-cost" }, `cost ${cost}${letter}`),
          h("div", { class: "syn-guild-members" }, joined.length ? joined : h("span", { class: "syn-muted" }, "—")),
        );
      }),
    ),
  );
}
