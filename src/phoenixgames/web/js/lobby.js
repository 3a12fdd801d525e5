// The lobby (index.html, served at /): a quick start against bots, a table set up in full, and the
// tables of the server, open, running and finished.

import * as api from "/web/js/api.js";
import { clear, h, plural } from "/web/js/dom.js";

// How often the list of tables is read again, in milliseconds.
const REFRESH_MS = 4000;
// How many finished tables the list shows.
const FINISHED_SHOWN = 6;
// The player count a quick start offers first, where the game allows it.
const QUICK_PLAYERS = 3;

const $ = (id) => document.getElementById(id);

let catalog = null; // GET /games

function gameOf(name) {
  return catalog.games.find((game) => game.name === name);
}

function titleOf(name) {
  const game = catalog && gameOf(name);
  return game ? game.title : name;
}

function playerCounts(game) {
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  return counts;
}

const sensiblePlayers = (game) => Math.min(Math.max(QUICK_PLAYERS, game.min_players), game.max_players);

const capitalised = (word) => word.charAt(0).toUpperCase() + word.slice(1);

function yourName() {
  return $("your-name").value.trim() || "Player";
}

// A difficulty in words for a tooltip: what it plays like, and the bot it stands for in this game.
function difficultyTitle(game, level) {
  const words = catalog.difficulty_help[level] || "";
  const spec = game.difficulties[level];
  return spec ? `${capitalised(level)}: ${words} (here: ${spec})` : `${capitalised(level)}: ${words}`;
}

function difficultySelect(game, chosen, className) {
  const select = h(
    "select",
    { class: className, "aria-label": "Difficulty" },
    catalog.difficulties.map((level) =>
      h(
        "option",
        { value: level, selected: level === chosen, title: difficultyTitle(game, level) },
        level === catalog.default_difficulty ? `${capitalised(level)} (default)` : capitalised(level),
      ),
    ),
  );
  const describe = () => {
    select.title = difficultyTitle(game, select.value);
  };
  select.addEventListener("change", describe);
  describe();
  return select;
}

// ------------------------------------------------------------------ quick start
function quickCard(game) {
  const error = $("quick-error");
  const players = h(
    "select",
    { class: "quick-players", "aria-label": `Players in ${game.title}` },
    playerCounts(game).map((n) => h("option", { value: n, selected: n === sensiblePlayers(game) }, String(n))),
  );
  const difficulty = difficultySelect(game, catalog.default_difficulty, "quick-difficulty");
  const start = h("button", { type: "button", class: "start primary" }, "Start");
  const bots = h("span", { class: "quick-bots" });
  const countBots = () => {
    bots.textContent = `you and ${plural("bot", Number(players.value) - 1)}`;
  };
  players.addEventListener("change", countBots);
  countBots();
  const setup = h(
    "div",
    { class: "quick-start", hidden: true },
    h("div", { class: "quick-row" }, h("label", {}, "Players ", players), bots),
    h("div", { class: "quick-row" }, h("label", {}, "Bots ", difficulty)),
    start,
  );
  const play = h("button", { type: "button", class: "play-bots primary" }, "Play against bots");
  play.addEventListener("click", () => {
    play.hidden = true;
    setup.hidden = false;
    start.focus();
  });
  start.addEventListener("click", async () => {
    start.disabled = true;
    error.textContent = "";
    try {
      const count = Number(players.value);
      const made = await api.createTable({
        game: game.name,
        players: count,
        seats: [
          { kind: "person" },
          ...Array.from({ length: count - 1 }, () => ({ kind: "bot", difficulty: difficulty.value })),
        ],
      });
      await api.joinTable(made.id, yourName(), 0);
      window.location.assign(api.tablePage(made.id));
    } catch (failure) {
      error.textContent = `${game.title} could not be started: ${failure.message}`;
      start.disabled = false;
    }
  });
  return h(
    "article",
    { class: "game-card", "data-game": game.name },
    h("h3", {}, game.title),
    h("p", { class: "summary" }, game.summary),
    h(
      "p",
      { class: "facts" },
      `${game.min_players}–${game.max_players} players · `,
      h("a", { href: game.rules, target: "_blank", class: "rules" }, "Rules"),
    ),
    play,
    setup,
  );
}

// ------------------------------------------------------------------ a table set up in full
function chosenGame() {
  return gameOf($("game").value);
}

function fillPlayers(game) {
  const select = $("players");
  clear(select);
  for (const n of playerCounts(game)) {
    select.append(h("option", { value: n, selected: n === sensiblePlayers(game) }, String(n)));
  }
}

function seatRow(game, number, seat) {
  const kindSelect = h(
    "select",
    { class: "seat-kind", "aria-label": `Seat ${number + 1}: who plays` },
    h("option", { value: "person", selected: seat.kind === "person" }, "A person"),
    h("option", { value: "bot", selected: seat.kind === "bot" }, "A bot"),
  );
  kindSelect.addEventListener("change", renderSeats);
  const row = h(
    "li",
    { class: "seat-row", "data-seat": number, "data-kind": seat.kind },
    h("span", { class: "seat-label" }, `Seat ${number + 1}`),
    kindSelect,
  );
  if (seat.kind === "bot") {
    row.append(difficultySelect(game, seat.difficulty, "seat-difficulty"));
  } else if (seat.name !== null) {
    const label = `Seat ${number + 1}: name`;
    row.append(h("input", { class: "seat-name", maxlength: 40, value: seat.name, "aria-label": label }));
  } else {
    row.append(h("span", { class: "seat-note" }, seat.yours ? "you" : "free: a link to share"));
  }
  return row;
}

// The seats as the form shows them now: each one's kind, difficulty and name.
function seatsShown() {
  return [...$("seat-list").querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    difficulty: row.querySelector(".seat-difficulty")?.value,
    name: row.querySelector(".seat-name")?.value,
  }));
}

// Draw the seats again for the player count, keeping what was chosen for each: a person's seat has a
// name to fill in when everyone plays at this screen; otherwise the first is yours, the others are shared.
function renderSeats() {
  const game = chosenGame();
  const count = Number($("players").value);
  const hotseat = $("hotseat").checked;
  const before = seatsShown();
  const list = clear($("seat-list"));
  let persons = 0;
  for (let number = 0; number < count; number += 1) {
    const was = before[number] || { kind: number === 0 ? "person" : "bot" };
    const difficulty = was.difficulty || catalog.default_difficulty;
    const seat = { kind: was.kind, difficulty, name: null, yours: false };
    if (seat.kind === "person") {
      persons += 1;
      seat.yours = persons === 1;
      if (hotseat) seat.name = was.name || (seat.yours ? yourName() : `Player ${number + 1}`);
    }
    list.append(seatRow(game, number, seat));
  }
}

function renderDifficultyHelp(game) {
  const list = clear($("difficulty-help"));
  for (const level of catalog.difficulties) {
    list.append(
      h("dt", {}, capitalised(level)),
      h("dd", {}, `${catalog.difficulty_help[level]} `, h("code", {}, game.difficulties[level])),
    );
  }
}

const optionLabel = (name) => capitalised(name.replaceAll("_", " "));

// An option of the game as a field: a choice, a box to tick, a number or a text, with its help below.
function optionField(name, option) {
  const id = `option-${name}`;
  const help = h("p", { class: "note" }, option.help);
  if (typeof option.default === "boolean") {
    const box = h("input", { id, type: "checkbox", checked: option.default });
    return h("div", { class: "option" }, h("label", { class: "check", for: id }, box, ` ${optionLabel(name)}`), help);
  }
  let input;
  if (Array.isArray(option.choices)) {
    const choices = option.choices.map((choice) =>
      h("option", { value: String(choice), selected: choice === option.default }, String(choice)),
    );
    input = h("select", { id }, choices);
  } else if (typeof option.default === "number") {
    input = h("input", { id, type: "number", step: "1", value: option.default });
  } else {
    input = h("input", { id, value: option.default });
  }
  return h("div", { class: "option" }, h("label", { for: id }, optionLabel(name)), input, help);
}

function renderOptions(game) {
  const names = Object.keys(game.options);
  $("options").hidden = names.length === 0;
  const list = clear($("option-list"));
  for (const name of names) list.append(optionField(name, game.options[name]));
}

function readOptions(game) {
  const options = {};
  for (const [name, option] of Object.entries(game.options)) {
    const input = $(`option-${name}`);
    if (typeof option.default === "boolean") {
      options[name] = input.checked;
    } else if (Array.isArray(option.choices)) {
      options[name] = option.choices.find((choice) => String(choice) === input.value) ?? input.value;
    } else if (typeof option.default === "number") {
      options[name] = input.value.trim() === "" ? option.default : Number(input.value);
    } else {
      options[name] = input.value;
    }
  }
  return options;
}

function readSeats() {
  return [...$("seat-list").querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    const name = row.querySelector(".seat-name");
    return {
      request: kind === "bot" ? { kind, difficulty: row.querySelector(".seat-difficulty").value } : { kind },
      name: name ? name.value.trim() || `Player ${Number(row.dataset.seat) + 1}` : null,
    };
  });
}

function gameChanged() {
  const game = chosenGame();
  fillPlayers(game);
  clear($("seat-list"));
  renderSeats();
  renderOptions(game);
  renderDifficultyHelp(game);
}

async function createFromForm(event) {
  event.preventDefault();
  const error = $("create-error");
  const go = $("create-go");
  error.textContent = "";
  const game = chosenGame();
  const seats = readSeats();
  const body = {
    game: game.name,
    players: Number($("players").value),
    seats: seats.map((seat) => seat.request),
    options: readOptions(game),
    learning: $("learning").checked,
    ...readAway(),
  };
  go.disabled = true;
  let made;
  try {
    made = await api.createTable(body);
  } catch (failure) {
    error.textContent = `The table could not be made: ${failure.message}`;
    go.disabled = false;
    return;
  }
  const hotseat = $("hotseat").checked;
  const persons = seats
    .map((seat, number) => ({ ...seat, number }))
    .filter((seat) => seat.request.kind === "person");
  const mine = hotseat ? persons : persons.slice(0, 1);
  try {
    for (const seat of mine) await api.joinTable(made.id, seat.name || yourName(), seat.number);
  } catch (failure) {
    error.textContent = `The table was made, but a seat could not be taken: ${failure.message}`;
  }
  go.disabled = false;
  showCreated(await api.table(made.id).catch(() => made));
  refreshTables();
}

// The away choice of the form: nothing (wait), an absence or a clock, in seconds.
function readAway() {
  const chosen = document.querySelector('input[name="away"]:checked');
  // Left empty, the number shown at first; anything else goes to the server, which says what is wrong.
  const seconds = (id, fallback) => ($(id).value.trim() === "" ? fallback : Number($(id).value));
  if (chosen && chosen.value === "bot") return { absence: seconds("absence", 120) };
  if (chosen && chosen.value === "clock") return { clock: seconds("clock", 60) };
  return {};
}

function copyButton(input) {
  const button = h("button", { type: "button", class: "copy" }, "Copy");
  button.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = "Copied ✓";
    } catch {
      button.textContent = "Select and copy it";
    }
  });
  return button;
}

function showCreated(info) {
  const held = api.heldSeats(info.id).map((entry) => entry.seat);
  const free = info.seats.filter((seat) => seat.kind === "person" && !seat.taken);
  $("created-what").textContent = `${titleOf(info.game)}, ${plural("player", info.players)}: ${
    info.status === "running" ? "the game has started." : `waiting for ${plural("more player", free.length)}.`
  }`;
  const links = clear($("share-links"));
  for (const seat of free) {
    const address = new URL(api.tablePage(info.id, { join: seat.seat }), window.location.href).href;
    const label = `Seat ${seat.seat + 1}`;
    const input = h("input", { class: "share", readonly: true, value: address, "aria-label": `The link for ${label}` });
    const name = h("span", { class: "seat-label" }, label);
    links.append(h("li", { "data-seat": seat.seat }, name, input, copyButton(input)));
  }
  if (!free.length) links.append(h("li", { class: "empty" }, "No seat is left to share."));
  const go = $("go-seat");
  go.href = api.tablePage(info.id, { watch: held.length === 0 });
  go.textContent = held.length === 0 ? "Watch the table" : held.length > 1 ? "Go to the table" : "Go to your seat";
  $("create-form").hidden = true;
  $("created").hidden = false;
  $("created").scrollIntoView({ block: "nearest" });
  go.focus();
}

function setupAnother() {
  $("created").hidden = true;
  $("create-form").hidden = false;
  $("game").focus();
}

// ------------------------------------------------------------------ the tables of the server
const STATUS_WORDS = { open: "○ Open", running: "▶ Running", over: "■ Finished" };

// A seat of a listed table: its number, then who sits there (in words: a bot, a name, you, free).
function seatChip(info, seat, held) {
  const chip = (kind, ...words) => h("li", { class: `seat-chip ${kind}` }, h("b", {}, String(seat.seat + 1)), ...words);
  if (seat.kind === "bot") return chip("bot", ` bot (${seat.name})`);
  if (held.includes(seat.seat)) return chip("mine", ` ${seat.name || "you"} (you)`);
  if (seat.taken) return seat.present ? chip("taken", ` ${seat.name}`) : chip("taken away", ` ${seat.name} (away)`);
  if (info.status === "over") return chip("free", " nobody");
  const join = h("a", { class: "join-link", href: api.tablePage(info.id, { join: seat.seat }) }, "Join");
  return chip("free", " free · ", join);
}

// The away choice of a listed table, short (its `away.text` says it in full, as the row's tooltip).
function awayWords(info) {
  if (!info.away || !info.seats.some((seat) => seat.kind === "person")) return null;
  if (info.away.policy === "clock") return `⏱ ${info.clock} s a move`;
  if (info.away.policy === "bot") return `a bot plays after ${info.absence} s away`;
  return "waits for everyone";
}

function tableRow(info) {
  const held = api.heldSeats(info.id).map((entry) => entry.seat);
  const over = info.status === "over";
  const links = [];
  if (held.length && !over) {
    links.push(h("a", { class: "mine", href: api.tablePage(info.id) }, held.length > 1 ? "Your seats" : "Your seat"));
  }
  links.push(h("a", { class: "watch", href: api.tablePage(info.id, { watch: true }) }, over ? "See the end" : "Watch"));
  if (over) {
    links.push(h("a", { class: "replay", href: `/web/replay.html?id=${encodeURIComponent(info.id)}` }, "Replay"));
    const file = `phoenixgames-${info.game}-${info.id}.json`;
    links.push(h("a", { class: "record", href: api.recordAddress(info.id), download: file }, "Record"));
  }
  const facts = [plural("player", info.players), awayWords(info), info.learning ? "learning game" : null]
    .filter(Boolean)
    .join(" · ");
  return h(
    "li",
    { class: `table-row status-${info.status}`, "data-table": info.id, "data-status": info.status },
    h(
      "div",
      { class: "table-head" },
      h("span", { class: `status-word ${info.status}-word` }, STATUS_WORDS[info.status]),
      h("strong", {}, titleOf(info.game)),
      h("span", { class: "muted table-facts", title: info.away ? info.away.text : "" }, ` · ${facts}`),
    ),
    h("ul", { class: "seat-chips" }, info.seats.map((seat) => seatChip(info, seat, held))),
    h("div", { class: "table-links" }, links),
  );
}

// What a row shows, to redraw the lists only when something in them changed (a redraw takes the focus).
const shown = (tables) => JSON.stringify(tables.map((t) => [t.id, t.status, t.seats, api.heldSeats(t.id)]));
let lastShown = { live: null, over: null };

function fillList(list, tables, empty, which) {
  const key = shown(tables);
  if (lastShown[which] === key) return;
  lastShown[which] = key;
  clear(list);
  if (!tables.length) list.append(h("li", { class: "empty" }, empty));
  for (const info of tables) list.append(tableRow(info));
}

let refreshing = false;

async function refreshTables() {
  if (refreshing) return;
  refreshing = true;
  try {
    const [live, over] = await Promise.all([
      api.tables(["open", "running"]),
      api.tables(["over"], FINISHED_SHOWN),
    ]);
    $("tables-error").textContent = "";
    fillList($("table-list"), live, "No table yet: set one up, or play against bots above.", "live");
    fillList($("finished-list"), over, "No game has finished yet.", "over");
  } catch (failure) {
    $("tables-error").textContent = `The tables could not be read: ${failure.message}`;
  } finally {
    refreshing = false;
  }
}

// ------------------------------------------------------------------ start
async function start() {
  const name = $("your-name");
  name.value = api.lastName();
  name.addEventListener("change", () => {
    api.rememberName(name.value.trim());
    renderSeats();
  });
  try {
    catalog = await api.games();
  } catch (failure) {
    $("quick-error").textContent = `The games could not be read: ${failure.message}`;
    return;
  }
  const cards = clear($("quick-games"));
  for (const game of catalog.games) cards.append(quickCard(game));

  const select = $("game");
  for (const game of catalog.games) select.append(h("option", { value: game.name }, game.title));
  select.addEventListener("change", gameChanged);
  $("players").addEventListener("change", renderSeats);
  $("hotseat").addEventListener("change", renderSeats);
  $("create-form").addEventListener("submit", createFromForm);
  $("create-another").addEventListener("click", setupAnother);
  gameChanged();

  await refreshTables();
  window.setInterval(refreshTables, REFRESH_MS);
  document.body.dataset.ready = "true";
}

start();
