// The cards up for auction (each with its set, minimum bid, what it brings and the viewer's price) and
// the auction in progress (the card, every bid, who is still in, each bidder's discount).

import { h, plural } from "/web/js/dom.js";
import { piece } from "../ids.js";
import { cls, seatChip } from "./look.js";
import { seatName } from "./words.js";

function gains(card) {
  const items = [];
  if (card.production) items.push(h("span", { class: cls("gain production"), title: "production" }, `⚙ +${card.production}`));
  if (card.vp) items.push(h("span", { class: cls("gain vp"), title: "victory points" }, `★ ${card.vp} VP`));
  return items;
}

function cardFace(card, extra) {
  return [
    h("div", { class: cls("card-head") }, h("span", { class: cls("card-name") }, card.name), h("span", { class: cls("card-set"), title: `from set ${card.set}` }, `Set ${card.set}`)),
    h("div", { class: cls("card-bid") }, "Minimum bid ", h("strong", {}, String(card.minimum_bid))),
    h("div", { class: cls("card-gains") }, gains(card)),
    h("div", { class: cls("card-effect") }, card.effect || (card.production || card.vp ? "" : "nothing more")),
    extra,
  ];
}

function priceLine(card) {
  if (card.your_price_at_minimum === undefined) return null;
  const discount = card.your_discount ? ` (your discount −${card.your_discount})` : "";
  return h("div", { class: cls("card-price") }, "You pay at the minimum: ", h("strong", {}, String(card.your_price_at_minimum)), discount);
}

function forAuction(view) {
  const underAuction = view.auction ? view.auction.card : null;
  const cards = view.cards_for_auction.map((card) =>
    h(
      "div",
      {
        class: cls(`dev-card set-${card.set}${card.name === underAuction ? " in-auction" : ""}`),
        "data-pick": `card:${card.notation}`,
        ...piece(`development:${card.name}`, "market"),
      },
      card.copies > 1 ? h("span", { class: cls("copies"), title: `${card.copies} copies for sale` }, `×${card.copies}`) : null,
      cardFace(card, [priceLine(card), card.name === underAuction ? h("div", { class: cls("card-flag") }, "⚖ Up for auction now") : null]),
    ),
  );
  const decks = view.development_decks.map((count, i) => h("li", {}, `Set ${i + 1}: ${plural("card", count)}`));
  return h(
    "section",
    { class: cls("market") },
    h("h3", {}, `For auction (${plural("card", view.cards_for_auction.length)})`),
    h("div", { class: cls("market-cards") }, cards.length ? cards : h("p", { class: cls("empty") }, "No card is left for auction.")),
    h("div", { class: cls("supply") }, h("span", { class: cls("supply-title") }, "Development decks, face down:"), h("ul", { class: cls("decks") }, decks)),
  );
}

// A bidder's chip in the auction, where its last bid or pass is marked (a piece's key of a fixed size, so
// that the table moves it and never stretches it).
function bidder(seat) {
  const chip = seatChip(seat);
  chip.setAttribute("data-piece", `bid:${seat}`);
  return chip;
}

function bidRows(view, ctx) {
  const auction = view.auction;
  const bidsBy = new Map();
  for (const [seat, amount] of auction.bids) bidsBy.set(seat, amount);
  const order = [];
  for (let i = 0; i < view.players; i += 1) order.push((auction.auctioneer + i) % view.players);
  return order.map((seat) => {
    const inAuction = auction.bidders.includes(seat);
    const high = auction.opened && auction.high_bidder === seat;
    const last = bidsBy.has(seat) ? `bid ${bidsBy.get(seat)}` : "no bid yet";
    const state = high ? "▲ highest" : inAuction ? (seat === view.current_player ? "▶ to bid" : "in") : "✕ passed";
    const discount = auction.discounts[seat] ? `−${auction.discounts[seat]} discount` : "";
    return h(
      "tr",
      { class: cls(`${high ? "high" : ""} ${inAuction ? "" : "out"}`) },
      h("td", {}, bidder(seat), " ", seatName(seat, ctx), seat === ctx.seat ? " (you)" : "", seat === auction.auctioneer ? " · auctioneer" : ""),
      h("td", {}, last),
      h("td", {}, state),
      h("td", { class: cls("muted") }, discount),
    );
  });
}

function auctionPanel(view, ctx) {
  const auction = view.auction;
  if (!auction) return null;
  const card = auction.card_facts;
  const summary = auction.opened
    ? `Highest bid: ${auction.high_bid} by ${seatName(auction.high_bidder, ctx)}. Next bid at least ${auction.lowest_bid}.`
    : `${seatName(auction.auctioneer, ctx)} chose it and now opens the bidding, at least ${auction.lowest_bid}.`;
  const pass = (ctx.legal || []).includes("pass")
    ? h("div", { class: cls("pass-token"), "data-pick": "pass", title: "leave this auction", "aria-label": "Pass: leave this auction" }, "✕ Pass")
    : null;
  return h(
    "section",
    { class: cls("auction") },
    h("h3", {}, "⚖ Auction in progress"),
    h(
      "div",
      { class: cls("auction-body") },
      h(
        "div",
        {
          class: cls(`dev-card set-${card.set} auction-card`),
          "data-pick": "auction-card",
          title: "click to choose a bid",
          "aria-label": `${card.name}, up for auction: choose a bid`,
          ...piece(`development:${card.name}`, "auction"),
        },
        cardFace(card, null),
      ),
      h(
        "div",
        { class: cls("auction-bids") },
        h("p", { class: cls("auction-summary") }, summary),
        h("table", { class: cls("bids") }, h("tbody", {}, bidRows(view, ctx))),
        h("p", { class: cls("muted small") }, "The winner pays the bid less their discount on this card."),
        pass,
      ),
    ),
  );
}

export function market(view, ctx) {
  return h("div", { class: cls("market-row") }, forAuction(view), auctionPanel(view, ctx));
}
