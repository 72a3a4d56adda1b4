// A state frame drawn on a felt: the seats round the oval, the pot, the outcome; the same for the live
// table and for a hand replayed. The server sends only what this page may see: nothing here hides anything.

import { cardElement } from "./cards.js";
import { SEAT, nameOf } from "./page.js";

const KIND_TITLES = { simple: "simple bot", draw: "draw bot", random: "random bot" };

function seatPlace(index, count, bottom) {
  // The page's own seat at the bottom (a watcher's: the first), the others round the oval clockwise.
  const turn = ((index - bottom + count) % count) / count;
  const angle = Math.PI / 2 + turn * 2 * Math.PI;
  return { left: 50 + 42 * Math.cos(angle), top: 50 + 40 * Math.sin(angle) };
}

function badge(text, kind) {
  const b = document.createElement("span");
  b.className = `badge ${kind}`;
  b.textContent = text;
  return b;
}

const drewText = (counts) => counts.map((n) => (n === 0 ? "pat" : String(n))).join(",");

// The seats a showdown (or a fold) paid: they are marked on the table.
function winners(state) {
  return new Set(state.showdown ? Object.keys(state.showdown.payouts).map(Number) : []);
}

export function drawSeats(felt, state) {
  felt.querySelectorAll(".seat").forEach((el) => el.remove());
  const shown = (state.showdown && state.showdown.shown) || {};
  const won = winners(state);
  const bottom = SEAT === null ? 0 : SEAT;
  state.players.forEach((p) => {
    const box = document.createElement("div");
    box.className = "seat";
    box.dataset.seat = p.seat;
    if (p.seat === SEAT) box.classList.add("mine");
    if (state.actor === p.seat) box.classList.add("acting");
    if (p.folded || p.busted || p.sitting_out) box.classList.add("out");
    if (won.has(p.seat)) box.classList.add("winner");
    const place = seatPlace(p.seat, state.players.length, bottom);
    box.style.left = `${place.left}%`;
    box.style.top = `${place.top}%`;
    // Shifted by its own width as far as it sits across the felt: a seat at the edge stays on the
    // table however narrow the screen (its left edge at L% of the width the box leaves free).
    box.style.transform = `translate(-${place.left}%, -50%)`;
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = nameOf(state, p.seat);
    if (state.button === p.seat) name.append(badge("D", "button"));
    const kind = document.createElement("div");
    kind.className = "kind";
    kind.textContent = p.kind === "person" ? (p.claimed ? "" : "seat not taken") : KIND_TITLES[p.kind] || `${p.kind} bot`;
    const chips = document.createElement("div");
    chips.className = "chips";
    chips.textContent = `${p.chips.toLocaleString()} chips`;
    const line = document.createElement("div");
    line.className = "line";
    if (p.bet) line.append(badge(`bet ${p.bet}`, "bet"));
    if (p.drew.length) line.append(badge(`drew ${drewText(p.drew)}`, "drew"));
    if (p.folded) line.append(badge("folded", "folded"));
    if (p.all_in) line.append(badge("all in", "allin"));
    if (p.busted) line.append(badge("out", "busted"));
    if (p.sitting_out) line.append(badge("sitting out", "away"));
    if (p.away) line.append(badge("away", "away"));
    if (p.kind === "person" && p.claimed && !p.connected) line.append(badge("offline", "offline"));
    if (won.has(p.seat)) line.append(badge(`wins ${state.showdown.payouts[p.seat].toLocaleString()}`, "won"));
    const cards = document.createElement("div");
    cards.className = "cards";
    const open = shown[String(p.seat)];
    const parts = [name];
    if (kind.textContent) parts.push(kind);
    parts.push(chips, cards);
    if (open) {
      open.cards.forEach((c) => cards.append(cardElement(c)));
      const named = document.createElement("div");
      named.className = "handname";
      named.textContent = open.names.join(" / ");
      parts.push(named);
    } else if (p.in_hand && !p.folded && p.seat !== SEAT && state.phase !== "over") {
      for (let i = 0; i < state.game.hand_size; i += 1) cards.append(cardElement(null, { back: true }));
    }
    parts.push(line);
    box.append(...parts);
    felt.append(box);
  });
}

// Who won each pot, in words: "you" for this seat.
export function drawOutcome(out, state) {
  out.replaceChildren();
  if (!state.showdown) return;
  const name = (seat) => (seat === SEAT ? "you" : nameOf(state, seat, { you: false }));
  const pots = state.showdown.pots;
  pots.forEach((pot, i) => {
    const line = document.createElement("div");
    const label = pots.length > 1 ? (i === 0 ? "Main pot" : `Side pot ${i}`) : "The pot";
    line.textContent = `${label} ${pot.amount.toLocaleString()}: ${pot.winners.map(name).join(" and ") || "nobody qualified"}`;
    out.append(line);
  });
  if (!pots.length) {
    const [seat] = Object.keys(state.showdown.payouts);
    if (seat !== undefined) {
      const who = Number(seat) === SEAT ? "You win" : `${name(Number(seat))} wins`;
      out.textContent = `${who} ${state.showdown.payouts[seat].toLocaleString()}: everyone else folded`;
    }
  }
}

// The pot (while the hand plays), the seats and the outcome.
export function drawFelt(felt, state) {
  felt.querySelector(".pot").textContent = state.phase === "over" || state.phase === "waiting" ? "" : `Pot ${state.pot.toLocaleString()}`;
  drawSeats(felt, state);
  drawOutcome(felt.querySelector(".outcome"), state);
}
