// How to play Schatz des Phönix (rulebook: schatz-des-phoenix.txt; docs/rules/schatz.md), drawn with
// the board's cards and treasure tokens.

import { h } from "/web/js/dom.js";
import { back, card, token } from "/web/js/boards/schatz/pieces.js";
import { figure, figures, para } from "./howto.js";

export const title = "Schatz des Phönix";
export const root = "sz-board";

function pair(a, b, value) {
  return figure(h("span", { class: "howto-row" }, card(a), card(b)), `= ${value}`);
}

export function sections() {
  return [
    [
      "The goal",
      para(
        "Three nests hold treasures. Lay pairs of cards beside them: the best pair at a nest picks its treasure ",
        "first. After three rounds, whoever has the most treasure wins.",
      ),
      figures(
        figure(h("span", { class: "howto-row" }, token("9"), token("6"), token("L10")), "treasures on a nest"),
        figure(h("span", { class: "howto-row" }, back(), card("B5")), "the deck and the face-up card"),
      ),
    ],
    [
      "A turn",
      para(
        "Lay one card from your hand beside any nest, on your own side: two cards at most per side. Then draw ",
        "a card, the top of the deck or the face-up one. Your hand stays at five cards.",
      ),
      para(
        "A round ends when everyone has two cards beside each of the three nests. Hands are kept for the ",
        "next round.",
      ),
    ],
    [
      "How a pair scores",
      figures(
        pair("R3", "R3", "33"),
        pair("W2", "B2", "22"),
        pair("P7", "P6", "13"),
        pair("G6", "B6", "12"),
        pair("R7", "Rx2", "14"),
        pair("Y5", "B2", "5"),
      ),
      para(
        "Same colour and number, or a wild card with that number: the number twice. Same colour or same ",
        "number: the sum. A ×2 doubles a card of its colour; with another colour only the card counts; two ",
        "×2 are 0. Nothing alike: the higher card.",
      ),
    ],
    [
      "Treasures and the end",
      para(
        "Nest by nest, the small ones first, the best pair picks a treasure, then the next best: a nest may ",
        "run out. Ties go to the start player, then in turn order after them. Whoever takes the large 10 ",
        "becomes the start player.",
      ),
      para("After the third round, add up your treasures: the highest total wins; a tie shares the victory."),
    ],
  ];
}
