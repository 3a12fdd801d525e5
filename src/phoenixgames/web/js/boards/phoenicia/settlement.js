// One settlement: its village tiles (workers, tool disks, free circles), training ground, storehouses
// with production cards, treasury, cards bought, discounts and City Centre points. Only the viewer's own
// settlement carries the keys a move is clicked with.

import { h, plural } from "/web/js/dom.js";
import { piece } from "../ids.js";
import { cls, seatChip } from "./look.js";
import { ACTIVITIES, activityName, seatName } from "./words.js";

const SIDE_MARK = { basic: "", improved: "+", advanced: "++" };

// A worker on a tile, a tool disk, a free circle: shape and symbol differ, not only the colour. `place`:
// where a worker or a tool disk lies, as a piece ("tile:hunting:0", "trained:1").
function circle(kind, seat, pick, place = null) {
  const symbol = { worker: "●", tool: "◎", free: "○" }[kind];
  const title = { worker: "worker", tool: "tool disk (a worker to come, employed free)", free: "free circle" }[kind];
  const words = { worker: `worker of seat ${seat + 1}`, tool: "tool disk", free: "free circle" }[kind];
  return h(
    "span",
    {
      class: cls(`circle ${kind} seat-${seat}`),
      "data-colour": kind === "worker" ? `seat-${seat}` : null,
      title,
      role: pick ? null : "img",
      "aria-label": pick ? `the last ${words} here` : words,
      "data-pick": pick || null,
      ...(place && kind !== "free" ? piece(`${kind}:${seat}`, place) : {}),
    },
    h("span", { "aria-hidden": "true" }, symbol),
  );
}

function tileBox(view, seat, activity, source, own, legal) {
  const tile = view.settlements[seat].tiles.find((t) => t.activity === activity);
  if (!tile) {
    return h(
      "div",
      { class: cls(`tile ${activity} missing`), "data-colour": activity },
      h("div", { class: cls("tile-head") }, h("span", { class: cls("tile-name") }, activityName(activity))),
      h("div", { class: cls("tile-note") }, `Not yet: comes with a ${source.given_by}`),
    );
  }
  const workers = [];
  const shiftable = own && legal.some((action) => action.startsWith(`shift ${activity} `));
  for (let i = 0; i < tile.workers; i += 1) {
    const pick = shiftable && i === tile.workers - 1 ? `worker:${activity}` : null;
    workers.push(circle("worker", seat, pick, `tile:${activity}:${i}`));
  }
  const open = [];
  for (let i = 0; i < tile.tool_disks; i += 1) open.push(circle("tool", seat, null, `tile:${activity}:${i}`));
  for (let i = tile.workers + tile.tool_disks; i < tile.circles; i += 1) open.push(circle("free", seat));
  const next = source.next_worker_production;
  return h(
    "div",
    { class: cls(`tile ${activity} side-${tile.side}`), "data-colour": activity, "data-activity": activity },
    h(
      "div",
      { class: cls("tile-head") },
      h("span", { class: cls("tile-name") }, activityName(activity)),
      tile.side !== "basic" ? h("span", { class: cls("tile-side") }, `${SIDE_MARK[tile.side]} ${tile.side}`) : null,
      h("span", { class: cls("tile-output") }, `⚙ ${source.production} · ★ ${source.vp}`),
    ),
    h(
      "div",
      { class: cls("tile-circles") },
      h("span", { class: cls("tile-workers") }, workers),
      h(
        "span",
        {
          class: cls("tile-open"),
          "data-pick": own ? `tile:${activity}` : null,
          title: `free circles of ${activity}`,
          "aria-label": own ? `the free circles of ${activity}` : null,
        },
        open,
      ),
    ),
    h("div", { class: cls("tile-note") }, `Costs ${tile.tool_cost} · ★ ${source.vp_per_worker} a worker · next ⚙ +${next}`),
  );
}

function trainingGround(settlement, seat, own) {
  const untrained = [];
  for (let i = 0; i < settlement.untrained; i += 1) untrained.push(circle("worker", seat, null, `untrained:${i}`));
  const trained = [];
  for (let i = 0; i < settlement.trained; i += 1) trained.push(circle("worker", seat, null, `trained:${i}`));
  return h(
    "div",
    { class: cls("training") },
    h("div", { class: cls("box-title") }, "Training ground"),
    h(
      "div",
      { class: cls("training-row") },
      h("span", { class: cls("training-part"), "data-pick": own ? "train" : null, title: `untrained: training costs ${settlement.training_cost}`, "aria-label": own ? `${plural("untrained worker", settlement.untrained)}: train one` : null },
        h("span", { class: cls("label") }, `Untrained ${settlement.untrained}`), untrained),
      h("span", { class: cls("training-part"), "data-pick": own ? "trained" : null, title: "trained: ready to employ", "aria-label": own ? `${plural("trained worker", settlement.trained)}: employ one` : null },
        h("span", { class: cls("label") }, `Trained ${settlement.trained}`), trained),
    ),
    h("div", { class: cls("small muted") }, `Training costs ${settlement.training_cost}`),
  );
}

// The production cards in a hand, one a storehouse: face up where the view shows them (the viewer's own,
// every hand at the end), else face down, with a preset card (which all saw dealt) face up. Of the
// viewer's cards the first of each value carries the key that turns it into disks.
function handCards(view, seat, own) {
  const settlement = view.settlements[seat];
  let cards = view.hands ? view.hands[seat] : own && view.hand ? view.hand : null;
  if (!cards) {
    const hidden = settlement.cards_in_hand - settlement.presets_in_hand;
    cards = [...Array(hidden).fill(null), ...Array(settlement.presets_in_hand).fill("P5")];
  }
  const keyed = new Set();
  const copies = new Map();
  return cards.map((card, i) => {
    if (card === null) {
      const words = "production card, face down";
      const attributes = { title: words, role: "img", "aria-label": words, ...piece(`production:${seat}`, `${i}`) };
      return h("span", { class: cls("prod-card face-down"), ...attributes }, h("span", { "aria-hidden": "true" }, "?"));
    }
    const pick = own && !keyed.has(card) ? `hand:${card}` : null;
    keyed.add(card);
    const copy = copies.get(card) || 0;
    copies.set(card, copy + 1);
    const preset = card.startsWith("P");
    const title = `production card worth ${card.replace("P", "")}${preset ? " (preset)" : ""}`;
    return h(
      "span",
      {
        class: cls(`prod-card face-up${preset ? " preset" : ""}`),
        "data-hand-card": card,
        "data-pick": pick,
        title,
        role: pick ? null : "img",
        "aria-label": pick ? `${title}: turn it into disks` : title,
        ...piece(`production:${card}`, `seat${seat}:${copy}`),
      },
      h("span", { "aria-hidden": "true" }, card),
    );
  });
}

function storage(view, seat, own) {
  const settlement = view.settlements[seat];
  const cards = handCards(view, seat, own);
  const slots = [];
  for (let i = 0; i < Math.max(cards.length, settlement.storehouses); i += 1) {
    const over = i >= settlement.storehouses;
    slots.push(h("span", { class: cls(`storehouse${over ? " over" : ""}`), title: over ? "over the storehouses: discarded at the end of the turn" : "storehouse" }, cards[i] || null));
  }
  return h(
    "div",
    { class: cls("storage") },
    h("div", { class: cls("box-title") }, `Storehouses (${settlement.storehouses}): ${plural("card", settlement.cards_in_hand)}`),
    h("div", { class: cls("storehouses") }, slots),
  );
}

function treasury(view, seat, own) {
  const settlement = view.settlements[seat];
  const disks = [];
  for (let i = 0; i < Math.max(settlement.disks, settlement.treasury_limit); i += 1) {
    const over = i >= settlement.treasury_limit;
    const full = i < settlement.disks;
    disks.push(
      h(
        "span",
        {
          class: cls(`disk${full ? " full" : ""}${over ? " over" : ""}`),
          title: over ? "over the limit" : "disk",
          "aria-hidden": "true",
          ...(full ? piece(`disk:${seat}`, `${i}`) : {}),
        },
        full ? "◉" : "○",
      ),
    );
  }
  return h(
    "div",
    { class: cls("treasury-box") },
    h(
      "div",
      { class: cls("box-title") },
      "Treasury: ",
      counter(`disks${seat}`, settlement.disks),
      ` of ${settlement.treasury_limit} disks`,
    ),
    h("div", { class: cls("treasury") }, disks),
    own && view.wealth !== undefined ? h("div", { class: cls("small") }, `Your wealth: ${view.wealth}`) : null,
    cityCentre(settlement, own),
  );
}

function boughtCards(settlement, sources, seat) {
  const names = Object.keys(settlement.development_cards);
  const chips = names.map((name) => {
    const copies = settlement.development_cards[name];
    const source = sources.development_cards[name];
    const facts = [source.production ? `⚙+${source.production}` : null, source.vp ? `★${source.vp}` : null].filter(Boolean).join(" ");
    return h(
      "li",
      { class: cls("bought-card"), title: source.effect || null, ...piece(`development:${name}`, `seat${seat}`) },
      h("span", { class: cls("bought-name") }, name + (copies > 1 ? ` ×${copies}` : "")),
      facts ? h("span", { class: cls("muted") }, ` ${facts}`) : null,
    );
  });
  return h(
    "div",
    { class: cls("bought") },
    h("span", { class: cls("box-title") }, `Cards bought (${names.length}): `),
    chips.length ? h("ul", { class: cls("bought-list") }, chips) : h("span", { class: cls("muted small") }, "none yet"),
  );
}

function discounts(settlement) {
  const names = Object.keys(settlement.discounts);
  if (!names.length) return null;
  return h(
    "div",
    { class: cls("discounts") },
    h("span", { class: cls("box-title") }, "Discounts: "),
    h("ul", { class: cls("discount-list") }, names.map((name) => {
      const d = settlement.discounts[name];
      return h("li", {}, `${name} −${d.amount}`, h("span", { class: cls("muted") }, ` (${plural("cube", d.cubes)})`));
    })),
  );
}

function cityCentre(settlement, own) {
  if (!settlement.development_cards["City Centre"]) return null;
  return h(
    "div",
    {
      class: cls("city-centre"),
      "data-pick": own ? "citycentre" : null,
      title: "buy a victory point for 3",
      "aria-label": own ? `City Centre: buy a victory point for 3 (${settlement.vp_for_sale} left)` : null,
    },
    h("span", { class: cls("box-title") }, "City Centre: "),
    `${settlement.bought_vp} VP bought, ${settlement.vp_for_sale} left at 3 each`,
  );
}

// A number the table counts up or down when it changes.
function counter(key, value) {
  return h("span", { "data-piece": `count:${key}`, "data-count": value }, String(value));
}

function vpLine(settlement, sources) {
  if (!sources) return null;
  const fromWorkers = ACTIVITIES.reduce((sum, a) => sum + sources.activities[a].vp, 0);
  const fromCards = Object.values(sources.development_cards).reduce((sum, c) => sum + c.vp, 0);
  const parts = [`workers ${fromWorkers}`, `cards ${fromCards}`];
  if (sources.city_centre_vp) parts.push(`City Centre ${sources.city_centre_vp}`);
  return h("span", { class: cls("vp-from muted") }, `= ${parts.join(" + ")}`);
}

function tags(view, seat, ctx) {
  const list = [];
  if (seat === ctx.seat) list.push(h("span", { class: cls("tag you") }, "You"));
  if (seat === view.overlord) list.push(h("span", { class: cls("tag overlord"), title: "the Overlord plays first this round" }, "♛ Overlord"));
  if (view.phase !== "over") {
    if (seat === view.current_player) list.push(h("span", { class: cls("tag acting") }, "▶ to act"));
    else if (seat === view.turn_seat) list.push(h("span", { class: cls("tag turn") }, "its turn"));
    else if (view.turn_order.indexOf(seat) < view.finished_turns) list.push(h("span", { class: cls("tag done") }, "✓ turn done"));
  } else if (view.winners.includes(seat)) {
    list.push(h("span", { class: cls("tag winner") }, "✓ Winner"));
  }
  if (wonThisRound(view, seat)) list.push(h("span", { class: cls("tag muted") }, "won an auction this round"));
  return list;
}

function wonThisRound(view, seat) {
  return view.phase !== "over" && view.settlements[seat].won_auction_this_round;
}

export function settlementPanel(view, seat, ctx) {
  const settlement = view.settlements[seat];
  const sources = view.sources ? view.sources[seat] : null;
  const own = ctx.seat === seat;
  const legal = own ? ctx.legal || [] : [];
  const classes = ["settlement", `seat-border-${seat}`];
  if (own) classes.push("own");
  if (view.phase !== "over" && seat === view.current_player) classes.push("acting");
  return h(
    "section",
    { class: cls(classes.join(" ")), "data-seat": seat },
    h(
      "header",
      { class: cls("settlement-head") },
      seatChip(seat),
      h("span", { class: cls("settlement-name") }, own ? `${seatName(seat, ctx)}: your settlement` : `${seatName(seat, ctx)}'s settlement`),
      tags(view, seat, ctx),
    ),
    h(
      "div",
      { class: cls("settlement-score") },
      h("span", { class: cls("big") }, "★ ", counter(`vp${seat}`, settlement.vp), " VP"),
      vpLine(settlement, sources),
      h("span", { class: cls("big") }, "⚙ ", counter(`production${seat}`, settlement.production), " production"),
    ),
    h("div", { class: cls("village") }, ACTIVITIES.map((activity) => tileBox(view, seat, activity, sources.activities[activity], own, legal))),
    h("div", { class: cls("settlement-lower") }, trainingGround(settlement, seat, own), storage(view, seat, own), treasury(view, seat, own)),
    boughtCards(settlement, sources, seat),
    discounts(settlement),
  );
}
