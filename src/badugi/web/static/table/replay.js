// Every hand again: a finished hand stepped through as this page's holder saw it (a seat its own cards,
// a watcher and the host none), each step what the socket was sent then. Drawn as the live table is.

import { cardElement } from "./cards.js";
import { eventLines, say } from "./log.js";
import { $, SEAT, TABLE, nameOf, withKey } from "./page.js";
import { drawFelt } from "./render.js";

let steps = [];
let at = 0;
let offered = 0;
let autoplay = null;

function drawStep() {
  const step = steps[at];
  const state = step.state;
  drawFelt($("replay-felt"), state);
  const mine = $("replay-cards");
  mine.replaceChildren(...state.cards.map((c) => cardElement(c)));
  const log = $("replay-log");
  log.replaceChildren();
  const names = (k) => nameOf(state, state.seated[k]);
  for (const earlier of steps.slice(0, at + 1)) {
    for (const frame of earlier.events) {
      for (const [text, kind] of eventLines(frame, names)) say(text, kind, log);
    }
  }
  $("replay-step").textContent = `step ${at + 1} of ${steps.length}`;
  $("replay-prev").disabled = $("replay-first").disabled = at === 0;
  $("replay-next").disabled = $("replay-last").disabled = at === steps.length - 1;
}

function go(to) {
  at = Math.max(0, Math.min(steps.length - 1, to));
  drawStep();
}

export function showReplay(hand, fresh, { play = false } = {}) {
  steps = fresh;
  at = 0;
  $("replay-title").textContent = `Hand ${hand}, again${SEAT === null ? "" : ", as you saw it"}`;
  $("replay").hidden = false;
  $("play").hidden = true;
  clearInterval(autoplay);
  drawStep();
  if (play) {
    autoplay = setInterval(() => {
      if (at >= steps.length - 1) clearInterval(autoplay);
      else go(at + 1);
    }, 700);
  }
}

function close() {
  clearInterval(autoplay);
  $("replay").hidden = true;
  $("play").hidden = false;
}

async function open() {
  const hand = Number($("replay-hand").value);
  if (!hand) return;
  const response = await fetch(`/api/charts/${TABLE}/replay/${hand}`, withKey());
  const answer = await response.json();
  if (!response.ok) {
    $("error").textContent = answer.error;
    return;
  }
  showReplay(hand, answer.steps);
}

// The hands that are over: 1 to `count`, offered in the list (the newest first).
export function offerHands(count) {
  if (count <= offered) return;
  const select = $("replay-hand");
  for (let hand = offered + 1; hand <= count; hand += 1) {
    select.insertBefore(new Option(`hand ${hand}`, String(hand)), select.options[1] || null);
  }
  offered = count;
}

export function setUpReplay() {
  $("replay-open").addEventListener("click", open);
  $("replay-first").addEventListener("click", () => go(0));
  $("replay-prev").addEventListener("click", () => go(at - 1));
  $("replay-next").addEventListener("click", () => go(at + 1));
  $("replay-last").addEventListener("click", () => go(steps.length - 1));
  $("replay-close").addEventListener("click", close);
}
