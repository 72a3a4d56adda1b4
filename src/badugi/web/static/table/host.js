// The host's page: the table seen with no cards, and the host's powers (start, pause, end, the seats'
// invitations, bots, the clock, watchers, rebuys). The host holds no seat: it acts through the API.

import { $, TABLE, STORED } from "./page.js";


async function order(what, fields = {}) {
  $("host-problem").textContent = "";
  const response = await fetch(`/api/charts/${TABLE}/host`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key: localStorage.getItem(STORED), do: what, ...fields }),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("host-problem").textContent = answer.error;
    return null;
  }
  if (answer.join || answer.watch) showLink(answer.join ? `Seat ${fields.seat + 1}'s new invitation` : "The new watch link", answer.join || answer.watch);
  return answer;
}

function showLink(label, url) {
  const box = $("host-links");
  const line = document.createElement("p");
  const text = document.createElement("span");
  text.textContent = `${label}: `;
  const link = document.createElement("input");
  link.readOnly = true;
  link.value = url;
  link.className = "link";
  link.setAttribute("aria-label", label);
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "small";
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
  line.append(text, link, copy);
  box.prepend(line);
}

function button(text, what, fields) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "small";
  b.textContent = text;
  b.addEventListener("click", () => order(what, fields));
  return b;
}

// A host frame: each seat's state and what the host may do with it.
export function showHost(frame) {
  $("host-clock").value = frame.control.clock;
  $("host-watching").value = frame.control.watching;
  for (const b of document.querySelectorAll("#host .host-actions button[data-do]")) {
    const what = b.dataset.do;
    const done = frame.status === "over" || frame.status === "closed";
    b.disabled =
      done ||
      (what === "start" && frame.status !== "waiting") ||
      (what === "pause" && frame.control.paused) ||
      (what === "resume" && !frame.control.paused);
  }
  const body = $("host-seats").querySelector("tbody");
  body.replaceChildren();
  for (const seat of frame.seats) {
    const tr = document.createElement("tr");
    const state = [];
    if (seat.kind === "person") {
      state.push(seat.claimed ? (seat.connected ? "here" : "offline") : "invitation not used");
      if (seat.away) state.push("away");
    } else {
      state.push(`${seat.kind} bot`);
    }
    if (seat.sitting_out) state.push("sitting out");
    if (seat.muted) state.push("chat muted");
    if (seat.rebuy === "asked") state.push("asks to rebuy");
    const cells = [String(seat.seat + 1), seat.name, state.join(", ")];
    for (const value of cells) {
      const td = document.createElement("td");
      td.textContent = value;
      tr.append(td);
    }
    const act = document.createElement("td");
    const fields = { seat: seat.seat };
    if (seat.kind === "person") {
      act.append(button("New invitation", "reissue", fields));
      if (!seat.connected || seat.away) {
        const kind = document.createElement("select");
        kind.setAttribute("aria-label", `the bot for seat ${seat.seat + 1}`);
        for (const name of frame.bots) kind.append(new Option(`${name} bot`, name));
        const give = document.createElement("button");
        give.type = "button";
        give.className = "small";
        give.textContent = "Give to a bot";
        give.addEventListener("click", () => order("to_bot", { seat: seat.seat, bot: kind.value }));
        act.append(kind, give);
      }
      act.append(seat.muted ? button("Unmute", "unmute", fields) : button("Mute", "mute", fields));
    } else {
      act.append(button("Back to a person", "to_person", fields));
    }
    if (seat.rebuy === "asked") act.append(button("Allow the rebuy", "approve", fields), button("Decline", "decline", fields));
    tr.append(act);
    body.append(tr);
  }
}

export function setUpHost() {
  $("host").hidden = false;
  for (const b of document.querySelectorAll("#host .host-actions button[data-do]")) {
    b.addEventListener("click", () => {
      if (b.dataset.do === "end" && !confirm("End the game now? The standings are the chips as they stand.")) return;
      order(b.dataset.do);
    });
  }
  $("host-clock-set").addEventListener("click", () => order("clock", { seconds: Number($("host-clock").value) }));
  $("host-watching").addEventListener("change", () => order("watching", { watching: $("host-watching").value }));
  $("host-clock").addEventListener("keydown", (event) => event.stopPropagation());
}
