// Phoenicia in words: seat names, the actions as sentences, what to do now.

export const ACTIVITIES = ["hunting", "farming", "mining", "clothmaking"];

export function seatName(seat, ctx) {
  const names = ctx && ctx.names;
  return names && names[seat] ? names[seat] : `Seat ${seat + 1}`;
}

// A seat as a sentence names it: "you" for the viewer.
export function who(seat, ctx) {
  return ctx && seat === ctx.seat ? "you" : seatName(seat, ctx);
}

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function activityName(activity) {
  return capital(activity);
}

// A card's notation ("dye-house") to its facts, from the cards for auction or the auction in progress.
export function cardByNotation(view, notation) {
  const auction = view.auction;
  if (auction && auction.card_facts.notation === notation) return auction.card_facts;
  return view.cards_for_auction.find((card) => card.notation === notation) || null;
}

// The seat whose actions are being described: the viewer, or the seat to act for a spectator.
function actor(view) {
  return Number.isInteger(view.viewer) ? view.viewer : view.current_player;
}

function tileOf(view, seat, activity) {
  return view.settlements[seat].tiles.find((tile) => tile.activity === activity) || null;
}

export function describe(action, view) {
  const words = action.split(" ");
  const seat = actor(view);
  const settlement = seat === null || seat === undefined ? null : view.settlements[seat];
  switch (words[0]) {
    case "auction": {
      const card = cardByNotation(view, words[1]);
      const name = card ? card.name : words[1];
      return `Put the ${name} up for auction (minimum bid ${card ? card.minimum_bid : "?"})`;
    }
    case "bid": {
      const auction = view.auction;
      if (!auction) return `Bid ${words[1]}`;
      const discount = seat === null || seat === undefined ? 0 : auction.discounts[seat];
      const price = view.bid_prices ? view.bid_prices[words[1]] : undefined;
      const pays = discount && price !== undefined ? ` (you would pay ${price} after your discount)` : "";
      const verb = auction.opened ? "Bid" : "Open the auction with";
      return `${verb} ${words[1]} on the ${auction.card}${pays}`;
    }
    case "pass":
      return view.auction ? `Pass: leave the auction for the ${view.auction.card}` : "Pass";
    case "train":
      return `Train a worker (pay ${settlement ? settlement.training_cost : 2})`;
    case "employ": {
      const tile = settlement && tileOf(view, seat, words[1]);
      const cost = tile && tile.tool_disks > 0 ? "free: a tool disk is there" : `pay ${tile ? tile.tool_cost : "?"}`;
      return `Employ a trained worker in ${words[1]} (${cost})`;
    }
    case "shift": {
      const tile = settlement && tileOf(view, seat, words[2]);
      const cost = tile ? tile.tool_cost : "?";
      return `Shift a worker from ${words[1]} to ${words[2]} (pay ${cost}; a tool disk stays in ${words[1]})`;
    }
    case "tool": {
      const tile = settlement && tileOf(view, seat, words[1]);
      return `Buy a tool disk for ${words[1]} (pay ${tile ? tile.tool_cost : "?"})`;
    }
    case "vp":
      return "Buy a victory point at the City Centre (pay 3)";
    case "end":
      return "End your turn";
    case "convert":
      return `Turn a production card worth ${words[1]} into disks and end your turn`;
    default:
      return action;
  }
}

// The parts of a turn, as the rulebook letters them.
export const PARTS = {
  auctions: "part a (auctions)",
  workers: "part b (workers)",
  tools: "part c (tool disks and VP)",
};

// What is happening now, in one sentence.
export function status(view, ctx) {
  if (view.phase === "over") {
    const names = view.winners.map((seat) => who(seat, ctx));
    const verdict = names.length > 1 ? "share the victory" : names[0] === "you" ? "win" : "wins";
    return `Game over (${view.ending}): ${capital(names.join(" and "))} ${verdict}.`;
  }
  const seat = view.current_player;
  const name = capital(who(seat, ctx));
  const auction = view.auction;
  if (auction) {
    if (!auction.opened) return `${name}: open the auction for the ${auction.card} with a bid of at least ${auction.lowest_bid}.`;
    const cannotBid = seat === ctx.seat && (ctx.legal || []).length > 0 && !ctx.legal.some((a) => a.startsWith("bid "));
    if (cannotBid) return `${name}: pass on the ${auction.card}; the next bid, ${auction.lowest_bid}, is more than you can pay.`;
    return `${name}: bid ${auction.lowest_bid} or more on the ${auction.card}, or pass.`;
  }
  const turn = view.turn_seat === ctx.seat ? "Your turn" : `${seatName(view.turn_seat, ctx)}'s turn`;
  return `${turn}, ${PARTS[view.part] || view.part}: ${who(seat, ctx)} to act.`;
}

// What to click next, once a first key is clicked.
export function prompt(prefix, candidates, view) {
  const first = prefix[0] || "";
  if (first === "auction-card" && view.auction) return `Choose your bid for the ${view.auction.card}.`;
  if (first === "trained") return "Click a free circle of the tile to employ the worker in.";
  if (first.startsWith("worker:")) return `Click a free circle of the tile to shift the ${first.slice(7)} worker to.`;
  return candidates.length > 1 ? "Choose one." : "";
}
