// Each seat's area: its resources, credits, six action cards (face up, or face down once used), guilds,
// face-up contracts by colour, and its hand: the viewer's own contracts in full, another seat's as backs
// (with the codes every seat saw it take). The viewer's cards, resources, hand and exchange are pick
// targets: `card:loot`, `res:R`, `hand:P1C2O3`, `exchange`, `give:R1`, `take:G`.

import { h, plural } from "/web/js/dom.js";
import { CARDS, COLOURS, LETTERS, LETTER_OF, cube, pawn, seatName } from "./common.js";
import { contractBack, contractCard, contractChip } from "./contracts.js";

function header(view, ctx, seat, viewer) {
  const tags = [];
  if (seat === viewer) tags.push(h("span", { class: "syn-tag you" }, "You"));
  if (seat === view.current_player) tags.push(h("span", { class: "syn-tag acting" }, "▶ to act"));
  if (seat === view.start_player) {
    tags.push(h("span", { class: "syn-tag start", title: "the start player" }, "★ start"));
  }
  if (view.winners.includes(seat)) tags.push(h("span", { class: "syn-tag winner" }, "♛ winner"));
  const name = h("b", { class: "syn-seat-name" }, seatName(ctx, seat));
  return h("header", { class: "syn-seat-head" }, pawn(seat), name, tags);
}

function agentCounts(view, seat) {
  let agents = 0;
  const tiles = new Set();
  for (const cell of view.galaxy) {
    for (const who of cell.agents) {
      if (who === seat) {
        agents += 1;
        tiles.add(cell.tile);
      }
    }
  }
  return { agents, tiles: tiles.size };
}

function numbers(view, info) {
  const { agents, tiles } = agentCounts(view, info.seat);
  const seat = info.seat;
  const items = [h("span", {}, h("b", {}, counter(`credits${seat}`, info.credits), info.credits === 1 ? " credit" : " credits"))];
  if (view.phase === "over") items.push(h("span", {}, h("b", {}, "Score ", counter(`score${seat}`, view.scores[seat]))));
  items.push(h("span", {}, agents ? `${plural("agent", agents)} on ${plural("tile", tiles)}` : "no agents yet"));
  items.push(h("span", {}, "hand: ", counter(`hand${seat}`, info.hand_size), info.hand_size === 1 ? " contract" : " contracts"));
  return h("div", { class: "syn-numbers" }, items);
}

// A number the table counts up or down when it changes.
function counter(key, value) {
  return h("span", { "data-piece": `count:${key}`, "data-count": value }, String(value));
}

function resources(info, mine) {
  return h(
    "div",
    { class: "syn-resources", role: "group", "aria-label": "resources" },
    LETTERS.map((letter) => {
      const words = `${info.resources[letter]} ${COLOURS[LETTERS.indexOf(letter)]}`;
      return h(
        "span",
        {
          class: `syn-pile${info.resources[letter] ? "" : " empty"}`,
          "data-pick": mine ? `res:${letter}` : null,
          title: words,
          "aria-label": words,
        },
        cube(letter, "", { "aria-hidden": "true" }),
        h(
          "span",
          {
            class: "syn-pile-count",
            "aria-hidden": "true",
            "data-piece": `count:res${info.seat}:${letter}`,
            "data-count": info.resources[letter],
          },
          String(info.resources[letter]),
        ),
      );
    }),
  );
}

// The exchange the viewer opened: three resources to turn in (the first, second, third of a colour, as
// they are given up in colour order) and the colour to take.
function exchangePanel(info) {
  const give = LETTERS.filter((letter) => info.resources[letter] > 0).map((letter) =>
    h(
      "span",
      { class: "syn-give-colour" },
      Array.from({ length: Math.min(info.resources[letter], 3) }, (_, i) =>
        cube(letter, "syn-give", {
          "data-pick": `give:${letter}${i + 1}`,
          title: `turn in a ${COLOURS[LETTERS.indexOf(letter)]} (${i + 1})`,
        }),
      ),
    ),
  );
  const take = LETTERS.map((letter) =>
    cube(letter, "syn-take", { "data-pick": `take:${letter}`, title: `take one ${COLOURS[LETTERS.indexOf(letter)]}` }),
  );
  return h(
    "div",
    { class: "syn-exchange" },
    h("div", {}, h("b", {}, "Exchange: "), "click three resources to turn in, then the colour to take."),
    h("div", { class: "syn-exchange-row" }, h("span", { class: "syn-muted" }, "Turn in:"), give),
    h("div", { class: "syn-exchange-row" }, h("span", { class: "syn-muted" }, "Take:"), take),
  );
}

function cards(view, info, mine) {
  const inUse = info.seat === view.current_player ? view.action : null;
  return h(
    "div",
    { class: "syn-cards", "aria-label": "action cards" },
    CARDS.map((card) => {
      const up = info.cards_up.includes(card.name);
      const state = up ? "face up" : card.name === inUse ? "in use" : "used, face down";
      const bribe = view.bribes[info.seat][card.name];
      const label = up ? `bribe ${bribe}` : card.name === inUse ? "in use" : "used";
      const note = card.bribeNote ? ` (${card.bribeNote})` : "";
      return h(
        "div",
        {
          class: `syn-card ${up ? "up" : "down"}${card.name === inUse ? " in-use" : ""}`,
          "data-pick": mine ? `card:${card.name}` : null,
          "data-card": card.name,
          "data-piece": `card:${info.seat}:${card.name}`,
          title: `${card.title}: ${card.does}. Bribe: ${bribe}${note}. (${state})`,
          "aria-label": `${card.title}, ${state}${up ? `, bribe ${bribe}` : ""}`,
        },
        h("div", { class: "syn-card-name" }, card.title),
        h("div", { class: "syn-card-bribe" }, label),
      );
    }),
  );
}

// The seat's face-up contracts, counted by colour as the view's scoring counts them.
function faceUp(view, info) {
  const counts = view.scoring[info.seat].contracts;
  const summary = COLOURS.filter((colour) => counts[colour]).map((colour) =>
    h("span", { class: "syn-res-item" }, cube(LETTER_OF[colour]), `×${counts[colour]}`),
  );
  return h(
    "div",
    { class: "syn-faceup" },
    h("div", {}, h("b", {}, `Face-up contracts: ${info.cashed.length}`), summary.length ? [" ", summary] : null),
    info.cashed.length
      ? h("div", { class: "syn-chips" }, info.cashed.map((code) => contractChip(code, view, "", `up${info.seat}`)))
      : null,
  );
}

function guildsJoined(info) {
  return h(
    "div",
    { class: "syn-joined" },
    h("b", {}, "Guilds: "),
    info.guilds.length
      ? info.guilds.map((colour) => h("span", { class: "syn-res-item" }, cube(LETTER_OF[colour]), colour))
      : h("span", { class: "syn-muted" }, "none"),
  );
}

function hand(view, info, mine, legal) {
  if (mine) {
    const codes = view.hand || [];
    return h(
      "div",
      { class: "syn-hand" },
      h("b", {}, "Your hand "),
      h("span", { class: "syn-muted" }, "(hidden from the others; ✓ your agent on that planet)"),
      h(
        "div",
        { class: "syn-row" },
        codes.length
          ? codes.map((code) =>
              contractCard(code, view, { pick: `hand:${code}`, holder: info.seat, value: true, place: `hand${info.seat}` }),
            )
          : h("span", { class: "syn-muted" }, "no contracts"),
      ),
    );
  }
  const known = [...info.known_in_hand];
  const backs = Array.from({ length: info.hand_size }, (_, i) =>
    contractBack(known[i] || null, view, known[i] ? `hand${info.seat}` : `hand${info.seat}:${i - known.length}`),
  );
  return h(
    "div",
    { class: "syn-hand" },
    h("b", {}, "Hand: "),
    info.hand_size ? backs : h("span", { class: "syn-muted" }, "no contracts"),
    known.length ? h("span", { class: "syn-muted" }, " (codes shown: taken from a slot, seen by all)") : null,
  );
}

export function seatArea(view, ctx, info, viewer, legal) {
  const mine = info.seat === viewer;
  const acting = info.seat === view.current_player;
  return h(
    "section",
    {
      class: `syn-seat seat-${info.seat}${mine ? " mine" : ""}${acting ? " acting" : ""}`,
      "data-seat": info.seat,
      "aria-label": mine ? "Your area" : `${seatName(ctx, info.seat)}'s area`,
    },
    header(view, ctx, info.seat, viewer),
    numbers(view, info),
    h(
      "div",
      { class: "syn-resource-line" },
      resources(info, mine),
      mine && legal.includes("exchange")
        ? h(
            "button",
            { type: "button", class: "syn-exchange-open", "data-pick": "exchange", title: "three resources for one" },
            "⇄ Exchange 3 for 1",
          )
        : null,
    ),
    mine && acting && view.exchange_open ? exchangePanel(info) : null,
    cards(view, info, mine),
    guildsJoined(info),
    faceUp(view, info),
    hand(view, info, mine, legal),
  );
}

// The other seats' areas (every seat's for a spectator), in turn order from the viewer's.
export function seats(view, ctx, viewer, legal) {
  const order = view.seats.map((info) => info.seat);
  const first = viewer === null ? 0 : order.indexOf(viewer);
  const others = [...order.slice(first), ...order.slice(0, first)].filter((seat) => seat !== viewer);
  return h(
    "div",
    { class: `syn-seats players-${view.players}` },
    others.map((seat) => seatArea(view, ctx, view.seats[seat], viewer, legal)),
  );
}
