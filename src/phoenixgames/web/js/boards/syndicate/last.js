// Where a move shows on the board: lastMove(action, seat, view) gives the keys (data-pick or data-piece
// values of the board drawn last) of what the move of `seat` touched: its action card, the tiles, the
// slot, the guild, the contract, the resources it paid or took.

import { LETTER_OF } from "./common.js";
import { ids } from "./pieces.js";

function agent(seat, tile) {
  const id = ids.at(`agent:${seat}`, tile);
  return id ? [id] : [];
}

function contract(code) {
  const found = ids.under("", `contract:${code}`);
  return found.length ? [found[0]] : [];
}

export function lastMove(action, seat, view) {
  const words = action.split(" ");
  const [verb, first, second] = words;
  const card = (name) => `card:${seat}:${name}`;
  const resource = (colour) => `count:res${seat}:${LETTER_OF[colour]}`;
  switch (verb) {
    case "place":
      return [`tile:${first}`, ...agent(seat, first)];
    case "keep":
      return [`count:hand${seat}`];
    case "loot":
      return words.length === 3 ? [card("loot"), `tile:${second}`] : [card("loot")];
    case "to":
      return [`tile:${first}`, ...agent(seat, first)];
    case "collect":
    case "expand":
      return [card(verb), `tile:${first}`];
    case "gamble":
      return [card("gamble")];
    case "scheme":
      return [card("scheme"), ...contract(first), `tile:${second}`];
    case "contract":
      return [card("contract"), `slot:${first.replace("slot", "")}`];
    case "connect": {
      const [origin, target] = first.split(">");
      return [`tile:${origin}`, `tile:${target}`, ...agent(seat, target)];
    }
    case "join":
      return first === "none" ? [] : [`guild:${first}`];
    case "cash":
      return contract(first);
    case "bribe":
      return [resource(first), `slot:${second.replace("slot", "")}`];
    case "pay":
      return [resource(first)];
    case "exchange":
      return words.length === 4 ? [resource(words[3])] : [];
    default:
      return [];
  }
}
