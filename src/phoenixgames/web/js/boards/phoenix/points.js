// The points of the game as the view gives them, so the board can show where each point comes from
// without knowing the rules: view.breakdown (each plumage slot by slot and pair by pair),
// view.score_values (what each kind of feather, symbol and mirror pair is worth) and view.gains (what
// each legal action would add now).

// view.breakdown's entry of `seat`: {slots: [{slot, free, symbols, feather, colours, own_colour}],
// mirrors: [{slots: [a, b], state, points}]}.
export function breakdownOf(view, seat) {
  return view.breakdown.find((entry) => entry.seat === seat);
}

// The words for a complete feather's kind (view.breakdown's and view.gains' `feather`).
export const FEATHER_WORDS = {
  own: "feather of the phoenix's colour",
  other: "feather of another colour",
  rainbow: "rainbow feather",
  mixed: "two-colour feather",
};

// "+6 (symbol 2, feather of the phoenix's colour 4)": what the legal action `action` adds to the score
// now, or "" where the view does not say (it gives the gains only with the legal actions).
export function gainWords(action, view) {
  const gain = view.gains && view.gains[action];
  if (!gain) return "";
  const parts = [
    gain.symbols ? `symbol ${gain.symbols}` : null,
    gain.feather ? `${FEATHER_WORDS[gain.feather]} ${gain.colours}` : null,
    gain.mirrors ? `mirror ${gain.mirrors}` : null,
  ].filter(Boolean);
  return `: +${gain.total}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}
