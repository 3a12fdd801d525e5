// The words at the top of the page and over the move panel: whose turn it is, or that the table waits for
// a player, or that the game is over; and the prompt where the board has none to give.

const $ = (id) => document.getElementById(id);

export function showTurn(state, names, { watching, together }) {
  const turn = $("turn");
  turn.classList.toggle("mine", Boolean(state.your_turn));
  $("move-title").textContent =
    state.status === "over" ? "The game has ended" : watching ? "Watching" : state.your_turn ? "Your move" : "Moves";
  const panel = document.querySelector(".move-panel");
  panel.classList.toggle("watching", watching);
  panel.classList.toggle("finished", state.status === "over");
  if (state.status === "open") {
    const free = state.seats.filter((info) => info.kind === "person" && !info.taken).length;
    const waiting = `Waiting for ${free === 1 ? "a player" : `${free} players`} to join`;
    turn.textContent = waiting;
    $("move-title").textContent = waiting;
    $("prompt").textContent = "The game starts once every seat is taken. Share the table's link from the lobby.";
    return;
  }
  if (state.status === "over") {
    turn.textContent = "Game over";
    $("prompt").textContent = "The final scores are shown above the board.";
    return;
  }
  const info = state.seats[state.to_act];
  const name = names[state.to_act];
  if (state.your_turn && info.stand_in) {
    turn.textContent = "A stand-in bot is playing for you: your next move takes your seat back";
    $("prompt").textContent = "You were away, so a bot played your seat meanwhile: make a move, or take your seat back.";
  } else if (state.your_turn) turn.textContent = together ? `▶ ${name}: your turn` : "▶ Your turn";
  else if (info.kind === "bot") turn.textContent = `${name} is thinking…`;
  else if (info.stand_in) turn.textContent = `A stand-in bot is playing for ${name}`;
  else if (!info.present) turn.textContent = `Waiting for ${name} (away)`;
  else turn.textContent = `Waiting for ${name} to move`;
  if (watching) $("prompt").textContent = "You are watching: you see what every player may see, and no one's hand.";
  else if (!state.your_turn) $("prompt").textContent = "";
}
