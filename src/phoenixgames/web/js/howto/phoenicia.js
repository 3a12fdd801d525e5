// How to play Phoenicia (rulebook: phoenicia.txt; docs/rules/phoenicia.md), drawn with the board's
// workers, tool disks, production cards, treasury disks and development cards.

import { h } from "/web/js/dom.js";
import { cls, seatChip } from "/web/js/boards/phoenicia/look.js";
import { figure, figures, para } from "./howto.js";

export const title = "Phoenicia";
export const root = "phoenicia";

function pieces(kind, count, symbol, words) {
  const one = () => h("span", { class: cls(`circle ${kind} seat-0`), role: "img", "aria-label": words }, h("span", { "aria-hidden": "true" }, symbol));
  return h("span", { class: "howto-row" }, Array.from({ length: count }, one));
}

function productionCard(value) {
  return h("span", { class: cls("prod-card face-up"), role: "img", "aria-label": `production card worth ${value}` }, String(value));
}

function disks(count) {
  return h("span", { class: cls("treasury"), role: "img", "aria-label": `${count} treasury disks` }, "◉".repeat(count));
}

function developmentCard() {
  return h(
    "div",
    { class: cls("dev-card set-1 howto-card") },
    h("div", { class: cls("card-head") }, h("span", { class: cls("card-name") }, "Tracker"), h("span", { class: cls("card-set") }, "Set 1")),
    h("div", { class: cls("card-bid") }, "Minimum bid ", h("strong", {}, "3")),
    h("div", { class: cls("card-gains") }, "★ 1 VP"),
    h("div", { class: cls("card-effect") }, "improved hunting; −2 on Caravans"),
  );
}

function tile() {
  return h(
    "div",
    { class: cls("tile hunting howto-tile") },
    h("div", { class: cls("tile-head") }, h("span", { class: cls("tile-name") }, "Hunting"), h("span", { class: cls("tile-output") }, "⚙ 2 · ★ 2")),
    h("div", { class: cls("tile-circles") }, pieces("worker", 2, "●", "worker"), pieces("free", 3, "○", "free circle")),
  );
}

export function sections() {
  return [
    [
      "The goal",
      para(
        "Grow a village into a city. Victory points (★ VP) come from your workers and the cards you buy. ",
        "When a round ends with someone at 32 VP or more, the most VP wins.",
      ),
      figures(figure(h("span", { class: "howto-row" }, seatChip(0), tile()), "workers on an activity bring ⚙ production and ★ VP")),
    ],
    [
      "A turn",
      para(
        h("b", {}, "a. Auctions: "),
        "put cards up for auction; in turn each bids more or passes, and the last one in pays the bid less ",
        "any discount.",
      ),
      figures(figure(developmentCard(), "a development card")),
      para(
        h("b", {}, "b. Workers: "),
        "train one (2), employ a trained one on an activity (its tool cost), or shift one. ",
        h("b", {}, "c. "),
        "Buy tool disks ◎ (a later worker there is free) or, with a City Centre, VP. Then end the turn.",
      ),
    ],
    [
      "Money: production",
      para(
        "Between rounds your production (⚙) pays you: a production card (worth 4 to 6) for every full 4, ",
        "the rest as treasury disks. You pay with both. Each card needs a storehouse and the treasury holds ",
        "3 disks (6 with a Granary): cards over go to the treasury, and what is over there is lost.",
      ),
      figures(
        figure(h("span", { class: "howto-row" }, productionCard(5), productionCard(6)), "⚙ 9: two cards…"),
        figure(disks(1), "…and a disk"),
      ),
    ],
    [
      "The end",
      para(
        "Players take turns from the Overlord (the most VP). After a round in which someone has 32 VP or ",
        "more, the most VP wins; a tie goes to the Overlord, then to the most unspent production (cards and ",
        "disks).",
      ),
    ],
  ];
}
