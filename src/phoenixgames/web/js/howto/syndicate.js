// How to play The Phoenix Syndicate (rulebook: phoenix-syndicate.txt; docs/rules/syndicate.md), drawn
// with the board's tiles, resource cubes, action cards and contracts.

import { h } from "/web/js/dom.js";
import { cube } from "/web/js/boards/syndicate/common.js";
import { tilePicture } from "/web/js/boards/syndicate/galaxy.js";
import { figure, figures, para } from "./howto.js";

export const title = "The Phoenix Syndicate";
export const root = "syn-board";

const COLONY = {
  cell: 0,
  tile: "C4",
  kind: "colony",
  colour: "green",
  moon: "purple",
  edges: { E: "R", SE: "G", SW: "GB", W: "*", NW: "B", NE: "P" },
  agents: [0],
  credit: true,
};
const GIVES = { alone: { R: 0, Y: 0, G: 4, B: 0, P: 2 }, shared: { R: 0, Y: 0, G: 4, B: 0, P: 1 } };

function actionCard(name, bribe, up = true) {
  return h(
    "span",
    { class: `syn-card ${up ? "up" : "down"}`, role: "img", "aria-label": `${name}, ${up ? `bribe ${bribe}` : "used"}` },
    h("span", { class: "syn-card-name" }, name),
    h("span", { class: "syn-card-bribe" }, up ? `bribe ${bribe}` : "used"),
  );
}

export function sections() {
  return [
    [
      "The goal",
      para(
        "Spread your agents over the galaxy's planets, gather resources and cash in contracts: the most ",
        "credits at the end wins.",
      ),
      figures(
        figure(tilePicture(COLONY, GIVES), "a Colony: green, with a purple moon, a credit ($) and an agent of seat 1"),
        figure(h("span", { class: "howto-row" }, ["R", "Y", "G", "B", "P"].map((letter) => cube(letter))), "the five resources"),
      ),
    ],
    [
      "A turn",
      para(
        "Choose one of your face-up action cards, do it, turn it face down and pay its bribe (its first ",
        "resource goes onto a contract slot). ",
        h("b", {}, "Loot"), ": connect to a planet and acquire there. ",
        h("b", {}, "Collect"), ": acquire where you have an agent. ",
        h("b", {}, "Expand"), ": acquire, then connect. ",
        h("b", {}, "Gamble"), ": draw contracts. ",
        h("b", {}, "Scheme"), ": cash in a contract, acquire at one of its planets, maybe join a guild. ",
        h("b", {}, "Contract"), ": take a slot's contract and resources and turn all your cards face up.",
      ),
      figures(figure(h("span", { class: "howto-row" }, actionCard("Collect", 1), actionCard("Expand", 3, false)), "face up, and used")),
    ],
    [
      "Resources and contracts",
      para(
        "Acquiring gives 4 of the planet's colour and 2 of its moon's (1 if another player has an agent ",
        "there). Connecting places an agent on a tile next to one of yours: pay a resource for each symbol ",
        "on the edges between them (a deep space gap ✶: one of each colour).",
      ),
      para(
        "A contract names three planets. Cashed in with your agent on one of them it lies face up; on two, ",
        "+1 credit; on all three, +3. On none, it is discarded.",
      ),
    ],
    [
      "The end",
      para(
        "When the credit pool runs out, or the contract deck is reshuffled a second time, the round is ",
        "played out. Contracts in hand are cashed in. Each colour's most face-up contracts +3 (second +1), ",
        "the most colours +3 (second +1), each guild joined +1 a planet of its colour with your agent. Most ",
        "credits wins; a tie goes to the most agents on planets.",
      ),
    ],
  ];
}
