// The How to play window of the table page: the table's "How to play" button (#howto-link, beside
// § Rules) opens the game's summary in a dialog; its link to the full rules opens the table's own rules
// window (§ Rules) where the page has one. The game is the one whose rules § Rules links to
// (/games/<game>/rules, set by the table page).

import { h, clear } from "/web/js/dom.js";
import { summary } from "./howto.js";

function gameOfPage() {
  const rules = document.getElementById("rules-link");
  const match = rules ? /\/games\/([^/]+)\/rules/.exec(rules.getAttribute("href") || "") : null;
  return match ? decodeURIComponent(match[1]) : null;
}

function dialog() {
  let found = document.getElementById("howto");
  if (found) return found;
  found = h(
    "dialog",
    { id: "howto", class: "howto-dialog", "aria-labelledby": "howto-title" },
    h("button", { id: "howto-close", type: "button", class: "howto-close", "aria-label": "Close How to play" }, "✕"),
    h("div", { class: "howto-content" }),
  );
  found.querySelector("#howto-close").addEventListener("click", () => found.close());
  found.addEventListener("click", (event) => {
    if (event.target === found) found.close(); // a click on the backdrop
  });
  document.body.append(found);
  return found;
}

export async function openHowTo(game) {
  const box = dialog();
  const content = box.querySelector(".howto-content");
  if (content.dataset.game !== game) {
    clear(content);
    content.append(await summary(game));
    content.dataset.game = game;
    const rules = content.querySelector(".howto-rules");
    const tableRules = document.getElementById("rules-link");
    if (rules && tableRules) {
      rules.addEventListener("click", (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        box.close();
        tableRules.click();
      });
    }
  }
  if (!box.open) box.showModal();
  box.querySelector("#howto-close").focus();
}

export function wire() {
  const button = document.getElementById("howto-link");
  if (!button) return;
  button.addEventListener("click", () => {
    const game = gameOfPage();
    if (game) openHowTo(game).catch((error) => console.warn(`How to play could not be shown: ${error}`));
  });
}

wire();
