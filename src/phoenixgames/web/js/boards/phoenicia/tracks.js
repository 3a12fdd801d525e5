// The victory point and production tracks: one lane a seat, its marker (a disk with the seat's number)
// at its value, the 32 to win marked on the VP track.

import { s } from "/web/js/dom.js";
import { cls } from "./look.js";
import { seatName } from "./words.js";

const WIDTH = 1060;
const LEFT = 96; // room for the lane's seat name
const LANE = 20;
const TOP = 22; // room for the scale's numbers

function track(title, values, length, goal, ctx, order) {
  const step = (WIDTH - LEFT - 14) / length;
  const x = (value) => LEFT + 7 + Math.min(value, length) * step;
  const height = TOP + LANE * order.length + 6;
  const parts = [s("title", {}, title)];
  parts.push(s("text", { x: 4, y: 15, class: cls("track-title") }, title));
  for (let value = 0; value <= length; value += 1) {
    const major = value % 5 === 0;
    parts.push(s("line", { x1: x(value), x2: x(value), y1: TOP - 4, y2: height - 4, class: cls(major ? "tick major" : "tick") }));
    if (major) parts.push(s("text", { x: x(value), y: 15, class: cls("tick-label") }, String(value)));
  }
  if (goal) {
    parts.push(s("rect", { x: x(goal) - step / 2, y: TOP - 4, width: (length - goal + 1) * step, height: height - TOP, class: cls("goal-zone") }));
    parts.push(s("text", { x: x(goal) + 4, y: height - 8, class: cls("goal-label") }, `${goal} to win`));
  }
  order.forEach((seat, lane) => {
    const y = TOP + lane * LANE + LANE / 2;
    const value = values[seat];
    const mine = ctx.seat === seat;
    parts.push(s("text", { x: 4, y: y + 4, class: cls(mine ? "lane-name mine" : "lane-name") }, seatName(seat, ctx)));
    parts.push(s("line", { x1: x(0), x2: x(Math.min(value, length)), y1: y, y2: y, class: cls(`lane-bar seat-stroke-${seat}`) }));
    parts.push(
      s(
        "g",
        { class: cls(`marker seat-${seat}`), "data-colour": `seat-${seat}`, transform: `translate(${x(value)},${y})` },
        s("title", {}, `${seatName(seat, ctx)}: ${value}`),
        s("circle", { r: 9, class: cls("marker-disk") }),
        s("text", { y: 4, class: cls("marker-text") }, String(seat + 1)),
      ),
    );
    parts.push(s("text", { x: x(value) + 13, y: y + 4, class: cls("marker-value") }, String(value)));
  });
  return s("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: cls("track"), role: "img", "aria-label": title }, parts);
}

export function tracks(view, ctx) {
  const seats = view.settlements.map((_, seat) => seat);
  const vps = view.settlements.map((settlement) => settlement.vp);
  const production = view.settlements.map((settlement) => settlement.production);
  const goal = view.victory_points_to_win;
  const vpLength = Math.max(goal + 8, Math.ceil((Math.max(...vps) + 3) / 5) * 5);
  const productionLength = Math.max(20, Math.ceil((Math.max(...production) + 3) / 5) * 5);
  return [
    track("Victory points", vps, vpLength, goal, ctx, seats),
    track("Production", production, productionLength, null, ctx, seats),
  ];
}
