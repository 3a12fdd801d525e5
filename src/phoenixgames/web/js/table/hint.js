// A hint (or a learning game's advice) in the move list's words: the move as the list says it, what it
// does and expects where the server says so, and the figures of the search behind it, with the number of
// searches it made. The server's figures come apart ({action, visit_share, searches, win_share,
// fair_share, runner_ups, explanation}); an older server's sentence in notation is shown with each
// notation it names put in words.

const percent = (share) => `${Math.round(share * 100)}%`;
const count = (n) => n.toLocaleString("en");

// {move, why, figures}: three sentences ("" where there is nothing to say).
export function hintWords(message, describe) {
  const say = (action) => {
    try {
      return describe(action) || action;
    } catch {
      return action;
    }
  };
  const move = say(message.action);
  if (!Number.isFinite(message.searches)) {
    // A sentence in notation: every legal notation it names, in words.
    return { move, why: String(message.text || "").split(message.action).join(`“${move}”`), figures: "" };
  }
  let figures;
  if (message.searches <= 0) figures = "It is the only move you can make.";
  else {
    figures = `Hard gave it ${percent(message.visit_share)} of ${count(message.searches)} searches`;
    if (Number.isFinite(message.win_share)) {
      figures += ` and expects you then to win ${percent(message.win_share)} of the time`;
      if (message.fair_share) figures += ` (a fair share is ${percent(message.fair_share)})`;
    }
    figures += ".";
    const next = (message.runner_ups || []).slice(0, 2).map((other) => `“${say(other.action)}” (${percent(other.visit_share)})`);
    if (next.length) figures += ` Next best: ${next.join(", ")}.`;
  }
  return { move, why: message.explanation || "", figures };
}
