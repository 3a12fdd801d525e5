// The ids of the Syndicate's pieces, kept from one drawing of the board to the next (see ../ids.js): the
// agents (a pawn a seat and tile: "agent:2" at "C3"), the colonies' credits, the contracts (by their
// codes: in a hand, on a slot, face up, offered to keep).
import { PieceIds } from "../ids.js";

export const ids = new PieceIds();
