// The page that makes a table: POST /api/tables, then one invitation link a person seat.
"use strict";

const KINDS = [
  ["person", "A person (gets a link)"],
  ["simple", "Simple bot"],
  ["draw", "Draw bot"],
  ["random", "Random bot"],
];

function seatRow(index, kind) {
  const item = document.createElement("li");
  const select = document.createElement("select");
  select.name = "kind";
  select.setAttribute("aria-label", `seat ${index + 1}`);
  for (const [value, text] of KINDS) {
    const option = new Option(text, value, false, value === kind);
    select.append(option);
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
  const kept = [...list.querySelectorAll("li")].map((li) => [
    li.querySelector("select").value,
    li.querySelector("input").value,
  ]);
  list.replaceChildren();
  for (let i = 0; i < count; i += 1) {
    const fallback = i < 2 ? "person" : i % 2 ? "simple" : "draw";
    const [kind, name] = kept[i] || [fallback, ""];
    const row = seatRow(i, kind);
    row.querySelector("input").value = name;
    list.append(row);
  }
}

function whole(form, name) {
  const text = form.elements[name].value.trim();
  return text === "" ? undefined : Number(text);
}

function body(form) {
  const seats = [...document.querySelectorAll("#seats li")];
  const request = {
    game: form.elements.game.value,
    structure: form.elements.structure.value,
    seats: seats.map((li) => li.querySelector("select").value),
    names: seats.map((li) => li.querySelector("input").value.trim() || null),
    hands: whole(form, "hands"),
    stacks: whole(form, "stacks"),
    ante: whole(form, "ante"),
    bets: [whole(form, "small_bet"), whole(form, "big_bet")],
    hands_per_level: whole(form, "hands_per_level"),
    clock: whole(form, "clock"),
  };
  const blinds = form.elements.blinds.value.trim();
  if (blinds && blinds.toLowerCase() !== "none") {
    request.blinds = blinds.split(/[\s/,]+/).map(Number);
  }
  return request;
}

function showLinks(answer) {
  const list = document.getElementById("links");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const item = document.createElement("li");
    const label = document.createElement("span");
    label.className = "who";
    label.textContent = `Seat ${seat.seat + 1}: ${seat.name}`;
    item.append(label);
    if (seat.join) {
      const link = document.createElement("input");
      link.readOnly = true;
      link.value = seat.join;
      link.className = "link";
      link.setAttribute("aria-label", `link of seat ${seat.seat + 1}`);
      const copy = document.createElement("button");
      copy.type = "button";
      copy.textContent = "Copy";
      copy.addEventListener("click", async () => {
        link.select();
        try {
          await navigator.clipboard.writeText(seat.join);
          copy.textContent = "Copied";
        } catch (error) {
          copy.textContent = "Select and copy";
        }
      });
      const take = document.createElement("a");
      take.href = seat.join;
      take.textContent = "Take this seat";
      take.className = "take";
      item.append(link, copy, take);
    } else {
      const bot = document.createElement("span");
      bot.className = "bot";
      bot.textContent = `(${seat.kind} bot)`;
      item.append(bot);
    }
    list.append(item);
  }
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
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body(form)),
    });
    const answer = await response.json();
    if (!response.ok) {
      throw new Error(answer.error || `the server answered ${response.status}`);
    }
    form.hidden = true;
    showLinks(answer);
  } catch (error) {
    problem.textContent = error.message;
    problem.hidden = false;
  } finally {
    button.disabled = false;
  }
}

document.getElementById("count").addEventListener("change", drawSeats);
document.getElementById("create").addEventListener("submit", make);
drawSeats();
