// /web/howto.html?game=<game>: a game's How to play as a page of its own (linked from the lobby).

import { h } from "/web/js/dom.js";
import { summary } from "./howto.js";

async function main() {
  const root = document.getElementById("howto-page");
  const game = new URLSearchParams(location.search).get("game");
  const known = await fetch("/games").then((answer) => answer.json()).catch(() => ({ games: [] }));
  if (!known.games.some((entry) => entry.name === game)) {
    root.append(h("p", { class: "error" }, "Which game? Open How to play from a game's card in the lobby."));
  } else {
    const shown = await summary(game);
    document.title = `${shown.querySelector("h2").textContent} · phoenixgames`;
    root.append(shown);
  }
  document.body.dataset.ready = "true";
}

main().catch((error) => {
  console.warn(error);
  document.getElementById("howto-page").append(h("p", { class: "error" }, `How to play could not be shown: ${error.message}`));
});
