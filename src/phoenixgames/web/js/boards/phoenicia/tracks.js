// The victory point and production tracks: one lane a seat (its name, its marker, a disk with the seat's
// number, at its value on the scale, and the value written out), the VP needed to win shaded on the VP
// track. Drawn in HTML, so that names and numbers keep their size on any width of the board.

import { h } from "/web/js/dom.js";
import { cls } from "./look.js";
import { seatName } from "./words.js";

// Where `value` lies along a scale of `length`, as a share of the lane's width.
function at(value, length) {
  return `${(Math.min(value, length) / length) * 100}%`;
}

function scale(length) {
  const labels = [];
  for (let value = 0; value <= length; value += 5) {
    labels.push(h("span", { class: cls("tick-label"), style: { left: at(value, length) } }, String(value)));
  }
  return h("div", { class: cls("lane-scale"), "aria-hidden": "true" }, labels);
}

function track(key, title, values, length, goal, ctx, order) {
  const rows = order.map((seat) => {
    const value = values[seat];
    const name = seatName(seat, ctx);
    return [
      h("span", { class: cls(ctx.seat === seat ? "lane-name mine" : "lane-name") }, name),
      h(
        "span",
        { class: cls("lane"), style: `--step: ${100 / length}%`, "aria-hidden": "true" },
        goal ? h("span", { class: cls("goal-zone"), style: { left: at(goal - 0.5, length) } }) : null,
        h("span", { class: cls(`lane-bar seat-${seat}`), style: { width: at(value, length) } }),
        h(
          "span",
          {
            class: cls(`marker seat-${seat}`),
            "data-colour": `seat-${seat}`,
            "data-piece": `marker:${key}:${seat}`,
            style: { left: at(value, length) },
            title: `${name}: ${value}`,
          },
          String(seat + 1),
        ),
      ),
      h(
        "span",
        { class: cls("lane-value"), "data-piece": `count:${key}${seat}:track`, "data-count": value },
        String(value),
      ),
    ];
  });
  const words = order.map((seat) => `${seatName(seat, ctx)} ${values[seat]}`).join(", ");
  return h(
    "section",
    { class: cls("track"), role: "group", "aria-label": `${title}: ${words}${goal ? `; ${goal} to win` : ""}` },
    h(
      "div",
      { class: cls("track-title") },
      title,
      goal ? h("span", { class: cls("goal-label") }, ` · ${goal} to win (shaded)`) : null,
    ),
    h("div", { class: cls("lanes") }, h("span", {}), scale(length), h("span", {}), rows),
  );
}

export function tracks(view, ctx) {
  const seats = view.settlements.map((_, seat) => seat);
  const vps = view.settlements.map((settlement) => settlement.vp);
  const production = view.settlements.map((settlement) => settlement.production);
  const goal = view.victory_points_to_win;
  const vpLength = Math.max(goal + 8, Math.ceil((Math.max(...vps) + 3) / 5) * 5);
  const productionLength = Math.max(20, Math.ceil((Math.max(...production) + 3) / 5) * 5);
  return [
    track("vp", "Victory points", vps, vpLength, goal, ctx, seats),
    track("production", "Production", production, productionLength, null, ctx, seats),
  ];
}
