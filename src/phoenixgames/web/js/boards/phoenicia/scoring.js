// The scoring broken down, a row per seat: VP from each activity's workers, from the cards bought and
// from the City Centre; the production behind them; at the end, the unspent wealth the tie-break counts.

import { h } from "/web/js/dom.js";
import { cls, seatChip } from "./look.js";
import { ACTIVITIES, activityName, seatName } from "./words.js";

export function scoring(view, ctx) {
  const over = view.phase === "over";
  const head = [
    h("th", {}, "Seat"),
    ...ACTIVITIES.map((a) => h("th", {}, activityName(a))),
    h("th", {}, "Cards bought"),
    h("th", {}, "City Centre"),
    h("th", {}, "Total VP"),
    h("th", {}, "Production"),
    view.unspent ? h("th", { title: "production cards and disks left: the tie-break" }, "Unspent") : null,
  ];
  const rows = view.settlements.map((settlement, seat) => {
    const sources = view.sources[seat];
    const cards = Object.entries(sources.development_cards);
    const cardVp = cards.reduce((sum, [, c]) => sum + c.vp, 0);
    const cardList = cards.filter(([, c]) => c.vp).map(([name, c]) => `${name} ${c.vp}`).join(", ");
    const unspent = view.unspent ? view.unspent[seat] : null;
    const winner = over && view.winners.includes(seat);
    return h(
      "tr",
      { class: cls(winner ? "winner" : null) },
      h("td", {}, seatChip(seat), " ", seatName(seat, ctx), winner ? " ✓ winner" : "", view.overlord === seat ? " ♛" : ""),
      ...ACTIVITIES.map((a) => {
        const act = sources.activities[a];
        return h("td", { title: `${act.workers} workers × ${act.vp_per_worker} VP` }, act.tile ? `${act.vp} (${act.workers}×${act.vp_per_worker})` : "—");
      }),
      h("td", { title: cardList || "no card with VP" }, String(cardVp), cardList ? h("div", { class: cls("small muted") }, cardList) : null),
      h("td", {}, String(sources.city_centre_vp)),
      h("td", { class: cls("total") }, h("strong", {}, String(settlement.vp))),
      h("td", {}, String(settlement.production)),
      view.unspent ? h("td", {}, String(unspent)) : null,
    );
  });
  const notes = [];
  if (over) notes.push(h("p", {}, `The game ended with ${view.ending}. Ties go to the Overlord (♛), then to the most unspent production (cards and disks).`));
  return h(
    "div",
    { class: "phoenicia-scoring" },
    h("table", { class: cls("scoring-table") }, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows)),
    notes,
  );
}
