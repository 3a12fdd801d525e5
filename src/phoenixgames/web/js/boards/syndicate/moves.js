// The click path of each action (its keys on the board, in order), its sentence, and what to click next.
//
//   place C3                tile:C3                       keep 2                keep:2
//   loot from C3            card:loot, tile:C3            to A2                 tile:A2
//   collect C3              card:collect, tile:C3         expand C3             card:expand, tile:C3
//   gamble reveal / three   card:gamble (both: a choice)  contract slot2        card:contract, slot:2
//   scheme P1C2O3 C2        card:scheme, hand:P1C2O3, tile:C2
//   connect C3>O4           tile:C3, tile:O4              join red              guild:red
//   cash P1C2O3             hand:P1C2O3                   bribe red slot2       res:R, slot:2
//   pay red                 res:R                         exchange              exchange
//   exchange RRY for green  give:R1, give:R2, give:Y1, take:G (the first, second... of a colour)
//   stop, join none         no place on the board: chosen from the list

import { COLOUR_OF, LETTER_OF, resourceText, resourceWords, tileName, tilesByCode } from "./common.js";

const CARD_OF_VERB = { collect: "collect", expand: "expand" };

export function path(action, view) {
  const words = action.split(" ");
  const [verb, first, second] = words;
  switch (verb) {
    case "place":
    case "to":
      return [`tile:${first}`];
    case "keep":
      return [`keep:${first}`];
    case "loot":
      return words.length === 3 && first === "from" ? ["card:loot", `tile:${second}`] : null;
    case "collect":
    case "expand":
      return [`card:${CARD_OF_VERB[verb]}`, `tile:${first}`];
    case "gamble":
      return ["card:gamble"];
    case "scheme":
      return ["card:scheme", `hand:${first}`, `tile:${second}`];
    case "contract":
      return ["card:contract", `slot:${first.replace("slot", "")}`];
    case "connect": {
      const [origin, target] = first.split(">");
      return [`tile:${origin}`, `tile:${target}`];
    }
    case "join":
      return first === "none" ? null : [`guild:${first}`];
    case "cash":
      return [`hand:${first}`];
    case "bribe":
      return [`res:${LETTER_OF[first]}`, `slot:${second.replace("slot", "")}`];
    case "pay":
      return [`res:${LETTER_OF[first]}`];
    case "exchange":
      return words.length === 1 ? ["exchange"] : exchangePath(first, words[3]);
    default:
      return null;
  }
}

// "RRY", "green": the first and second red, the first yellow, then green.
function exchangePath(give, take) {
  const seen = {};
  const keys = [...give].map((letter) => {
    seen[letter] = (seen[letter] || 0) + 1;
    return `give:${letter}${seen[letter]}`;
  });
  return [...keys, `take:${LETTER_OF[take]}`];
}

// A planet and what acquiring there gives the seat to act now (the view's acquire_now); by Scheme, the
// planet's figure alone, which Scheme always takes (the view's acquire[code].alone).
function acquireAt(view, code, scheme = false) {
  const cell = tilesByCode(view).get(code);
  if (!cell) return code;
  const figure = view.acquire[code];
  const gives = scheme ? figure && figure.alone : view.acquire_now[code];
  return gives ? `${tileName(cell)} (${resourceWords(gives)})` : tileName(cell);
}

function name(view, code) {
  const cell = tilesByCode(view).get(code);
  return cell ? tileName(cell) : code;
}

function kept(view, index) {
  const list = view.phase === "keep a gambled contract" ? view.drawn : view.offer;
  return list && list[index - 1] ? ` (${list[index - 1]})` : "";
}

export function describe(action, view) {
  const words = action.split(" ");
  const [verb, first, second] = words;
  switch (verb) {
    case "place": {
      const cell = tilesByCode(view).get(first);
      return `Place an agent on ${name(view, first)}${cell && cell.credit ? " and take its credit" : ""}`;
    }
    case "keep":
      return `Keep contract ${first}${kept(view, Number(first))}`;
    case "loot":
      return `Loot, starting from ${name(view, second)}`;
    case "to": {
      const cell = tilesByCode(view).get(first);
      if (cell && cell.kind === "asteroid") return `Loot on through ${name(view, first)}`;
      return `Loot ends at ${acquireAt(view, first)}`;
    }
    case "collect":
      return `Collect at ${acquireAt(view, first)}`;
    case "expand":
      return `Expand: acquire at ${acquireAt(view, first)}, then connect`;
    case "gamble":
      return first === "three"
        ? "Gamble: draw three contracts, keep one"
        : "Gamble: keep the top contract, reveal and discard two more for their colours' resources";
    case "scheme":
      return `Scheme: cash in ${first}, acquire at ${acquireAt(view, second, true)}`;
    case "contract": {
      const slot = Number(first.replace("slot", ""));
      const lying = view.slots[slot - 1];
      const what = lying && lying.contract ? ` (${lying.contract}, with ${resourceText(lying.resources)} on it)` : "";
      return `Contract: claim slot ${slot}${what}`;
    }
    case "connect": {
      const [origin, target] = first.split(">");
      const link = view.connect_costs[action];
      const cost = link ? `: costs ${resourceText(link.cost)}${link.gaps ? " (deep space)" : ""}` : "";
      return `Connect ${name(view, origin)} to ${name(view, target)}${cost}`;
    }
    case "stop":
      return "Stop connecting";
    case "join":
      return first === "none" ? "Join no guild" : `Join the ${first} guild`;
    case "cash":
      return `Cash in ${first}`;
    case "bribe":
      return `Bribe: one ${first} onto slot ${second.replace("slot", "")}`;
    case "pay":
      return `Pay one ${first} of the bribe`;
    case "exchange": {
      if (words.length === 1) return "Exchange three resources for one";
      const given = [...first].map((letter) => COLOUR_OF[letter]).join(", ");
      return `Exchange ${given} for one ${words[3]}`;
    }
    default:
      return action;
  }
}

// What to click next, given the keys clicked so far.
export function prompt(prefix, candidates, view) {
  const last = prefix[prefix.length - 1] || "";
  const [kind, value] = last.split(":");
  if (kind === "card") {
    switch (value) {
      case "loot":
        return "Loot: click the tile to start from (one holding your agent).";
      case "collect":
        return "Collect: click the planet to acquire at.";
      case "expand":
        return "Expand: click the planet to acquire at; you connect tiles after.";
      case "scheme":
        return "Scheme: click the contract in your hand to cash in.";
      case "contract":
        return "Contract: click the slot to claim.";
      case "gamble":
        return "Gamble: choose how.";
      default:
        return null;
    }
  }
  if (kind === "hand") return "Scheme: click the planet of that contract to acquire at.";
  if (kind === "tile") return `Connect from ${value}: click the tile to connect to.`;
  if (kind === "res") return `Click the contract slot the ${COLOUR_OF[value]} goes onto.`;
  if (kind === "give") {
    return prefix.length < 3 ? "Click the next resource to turn in." : "Click the colour to take.";
  }
  return candidates.length ? "Choose one." : null;
}
