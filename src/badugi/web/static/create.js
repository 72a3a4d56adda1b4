// The page that makes a table: POST /api/charts, then one invitation a person seat, the host link and the
// watch link, kept in this browser so that a reload shows them again.
"use strict";

const MADE = "badugi:made";
let KINDS = [["person", "A person (gets a link)"]];

function seatRow(index, kind) {
  const item = document.createElement("li");
  const select = document.createElement("select");
  select.name = "kind";
  select.setAttribute("aria-label", `seat ${index + 1}`);
  for (const [value, text] of KINDS) {
    select.append(new Option(text, value, false, value === kind));
  }
  const name = document.createElement("input");
  name.name = "name";
  name.maxLength = 24;
  name.placeholder = "name (optional)";
  name.setAttribute("aria-label", `seat ${index + 1} name`);
  item.append(select, name);
  return item;
}

function drawSeats() {
  const list = document.getElementById("seats");
  const count = Number(document.getElementById("count").value);
  const kept = [...list.querySelectorAll("li")].map((li) => [li.querySelector("select").value, li.querySelector("input").value]);
  list.replaceChildren();
  const bots = KINDS.slice(1).map(([value]) => value);
  for (let i = 0; i < count; i += 1) {
    const fallback = i < 2 || !bots.length ? "person" : bots[i % bots.length];
    const [kind, name] = kept[i] || [fallback, ""];
    const row = seatRow(i, kind);
    row.querySelector("input").value = name;
    list.append(row);
  }
}

function drawMode() {
  const mode = document.getElementById("mode").value;
  for (const label of document.querySelectorAll("[data-mode]")) label.hidden = label.dataset.mode !== mode;
}

// A whole number from a field, or a problem naming the field in words.
function whole(form, name, label) {
  const text = form.elements[name].value.trim();
  if (text === "") return undefined;
  if (!/^\d+$/.test(text)) throw new Error(`${label}: write a whole number (not "${text}")`);
  return Number(text);
}

function body(form) {
  const seats = [...document.querySelectorAll("#seats li")];
  const mode = form.elements.mode.value;
  const request = {
    game: form.elements.game.value,
    structure: form.elements.structure.value,
    mode,
    seats: seats.map((li) => li.querySelector("select").value),
    names: seats.map((li) => li.querySelector("input").value.trim() || null),
    stacks: whole(form, "stacks", "Chips each"),
    ante: whole(form, "ante", "Ante"),
    bets: [whole(form, "small_bet", "Small bet"), whole(form, "big_bet", "Big bet")],
    clock: whole(form, "clock", "Turn clock"),
    start: form.elements.start.value,
    watching: form.elements.watching.value,
  };
  if (mode === "match") {
    request.hands = whole(form, "hands", "Hands");
    request.hands_per_level = whole(form, "hands_per_level", "Rise every");
  } else {
    request.rebuys = form.elements.rebuys.value;
  }
  if (request.bets.includes(undefined)) throw new Error("Small bet and big bet: write a number in each");
  const blinds = form.elements.blinds.value.trim();
  if (blinds && blinds.toLowerCase() !== "none") {
    const parts = blinds.split(/[\s/,]+/);
    if (parts.length !== 2 || !parts.every((p) => /^\d+$/.test(p))) {
      throw new Error(`Blinds: write two numbers such as 10/20, or leave it empty (not "${blinds}")`);
    }
    request.blinds = parts.map(Number);
  }
  return request;
}

function linkLine(label, url, { take = false } = {}) {
  const item = document.createElement("li");
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = label;
  item.append(who);
  if (!url) {
    return item;
  }
  const link = document.createElement("input");
  link.readOnly = true;
  link.value = url;
  link.className = "link";
  link.setAttribute("aria-label", `link: ${label}`);
  const copy = document.createElement("button");
  copy.type = "button";
  copy.textContent = "Copy";
  copy.addEventListener("click", async () => {
    link.select();
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = "Copied";
    } catch (error) {
      copy.textContent = "Select and copy";
    }
  });
  const open = document.createElement("a");
  open.href = url;
  open.textContent = take ? "Take this seat" : "Open";
  open.className = "take";
  item.append(link, copy, open);
  return item;
}

function showLinks(answer) {
  const list = document.getElementById("links");
  list.replaceChildren();
  list.append(linkLine("Host (you)", answer.host));
  for (const seat of answer.seats) {
    const label = `Seat ${seat.seat + 1}: ${seat.name}`;
    list.append(seat.join ? linkLine(label, seat.join, { take: true }) : linkLine(`${label} (a bot)`, null));
  }
  if (answer.watch) list.append(linkLine("Watchers", answer.watch));
  document.getElementById("create").hidden = true;
  document.getElementById("made").hidden = false;
}

async function make(event) {
  event.preventDefault();
  const form = event.target;
  const problem = document.getElementById("problem");
  problem.hidden = true;
  const button = document.getElementById("make");
  button.disabled = true;
  try {
    const response = await fetch("/api/charts", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body(form)),
    });
    const answer = await response.json();
    if (!response.ok) {
      const wait = response.headers.get("Retry-After");
      throw new Error(answer.error + (wait ? ` (in about ${Math.ceil(Number(wait) / 60)} minutes)` : ""));
    }
    localStorage.setItem(MADE, JSON.stringify(answer)); // a reload shows the links again
    showLinks(answer);
  } catch (error) {
    problem.textContent = error.message;
    problem.hidden = false;
  } finally {
    button.disabled = false;
  }
}

async function start() {
  try {
    const response = await fetch("/api/bots");
    if (response.ok) {
      const bots = await response.json();
      KINDS = [["person", "A person (gets a link)"], ...bots.map((bot) => [bot.name, bot.title])];
    }
  } catch (error) {
    // the person seat alone, if the server cannot say its bots
  }
  drawSeats();
  drawMode();
  const made = localStorage.getItem(MADE);
  if (made) showLinks(JSON.parse(made));
}

document.getElementById("count").addEventListener("change", drawSeats);
document.getElementById("mode").addEventListener("change", drawMode);
document.getElementById("create").addEventListener("submit", make);
document.getElementById("another").addEventListener("click", () => {
  localStorage.removeItem(MADE);
  document.getElementById("made").hidden = true;
  document.getElementById("create").hidden = false;
});
start();
