// How to play Phoenix (rulebook: phoenix.txt; docs/rules/phoenix.md), drawn with the board's feather
// halves and ash tokens.

import { h, s } from "/web/js/dom.js";
import { halfDrawing, rainbowDefs, symbolIcon } from "/web/js/boards/phoenix/halves.js";
import { tokenDisc } from "/web/js/boards/phoenix/nests.js";
import { figure, figures, para } from "./howto.js";

export const title = "Phoenix";
export const root = "phx";

const WIDTH = 40;
const LENGTH = 48;

// A feather: its lower half and, laid on it, its upper half (either may be missing).
function feather(lower, upper, words) {
  const picture = s(
    "svg",
    { class: "howto-feather", viewBox: `${-WIDTH / 2 - 2} ${-LENGTH - 2} ${WIDTH + 4} ${2 * LENGTH + 4}`, role: "img", "aria-label": words },
    lower ? halfDrawing(lower, "lower", WIDTH, LENGTH) : null,
    upper ? halfDrawing(upper, "upper", WIDTH, LENGTH) : null,
  );
  return picture;
}

function ashToken(value, side) {
  return s(
    "svg",
    { class: "howto-token", viewBox: "-19 -19 38 38", role: "img", "aria-label": `ash token ${value}, ${side} side` },
    tokenDisc(value, side, 0, 0, 17),
  );
}

function symbol(letter, name) {
  return s("svg", { class: "howto-symbol", viewBox: "-10 -10 20 20", role: "img", "aria-label": name }, symbolIcon(letter, 0, 0, 16, "#1d1f24"));
}

export function sections() {
  return [
    [
      "The goal",
      rainbowDefs(),
      para(
        "Give your phoenix the finest plumage: eight feathers, each a lower half with an upper half laid on ",
        "it. The most points at the end wins.",
      ),
      figures(
        figure(feather("Rf", null, "a lower red flame half"), "a lower half"),
        figure(feather("Rf", "R", "a red feather"), "a whole feather"),
      ),
    ],
    [
      "A turn",
      para(
        "Lay your ash token on a nest that has none and take one half from that nest onto a slot of your ",
        "phoenix: a lower half first, then an upper half on it. Halves never move again.",
      ),
      figures(figure(ashToken(2, "white"), "on another nest: white"), figure(ashToken(7, "black"), "on your own nest: black")),
      para(
        "The lowest token plays first. At the round's end you take back the tokens on your nests (or the ",
        "centre's): laying on your own nest means playing late next round.",
      ),
    ],
    [
      "How it scores",
      figures(
        figure(feather("Y", "Ym", "a feather of your phoenix's colour"), "your colour 4"),
        figure(feather("B", "Bd", "a feather of another colour"), "other colour 2"),
        figure(feather("*", "*", "a rainbow feather"), "rainbow 12"),
        figure(feather("R", "Kf", "a feather of two colours"), "two colours 0"),
      ),
      para(
        "A rainbow half with a colour counts as that colour. Every symbol scores: ",
        symbol("f", "flame"), " flame 3, ", symbol("m", "moon"), " moon 2, ", symbol("d", "diamond"), " diamond 1. ",
        "Facing slots (1 and 8, 2 and 7, 3 and 6, 4 and 5) of identical colours: +5.",
      ),
    ],
    [
      "The end",
      para(
        "When every phoenix is complete (8 rounds with two players, 16 with three or four), the most points ",
        "wins. A tie goes to the most feathers of your phoenix's own colour (rainbow ones do not count).",
      ),
    ],
  ];
}
