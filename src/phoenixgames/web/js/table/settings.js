// The table's settings (⚙ Settings, kept by the browser for every table): the pace at which the bots'
// moves are shown, and whether a move clicked that cannot be taken back asks to be confirmed.

import { keepSettings } from "./storage.js";

// `kept`: the settings as the browser keeps them; `changed.pace(ms)`, `changed.confirm(bool)`: told of a
// change, which is kept at once.
export function wireSettings(kept, changed) {
  const pace = document.getElementById("pace");
  const offered = [...pace.options].map((option) => Number(option.value));
  const nearest = offered.reduce((a, b) => (Math.abs(b - kept.pace) < Math.abs(a - kept.pace) ? b : a));
  pace.value = String(nearest);
  pace.addEventListener("change", () => changed.pace(keepSettings({ pace: Number(pace.value) }).pace));
  const confirm = document.getElementById("confirm-final");
  confirm.checked = kept.confirm;
  confirm.addEventListener("change", () => changed.confirm(keepSettings({ confirm: confirm.checked }).confirm));
}
