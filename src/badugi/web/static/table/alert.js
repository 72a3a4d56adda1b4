// Your turn, noticed: a short tone made in the page (WebAudio: no file fetched), the tab's title, and a
// vibration where the phone allows it. The sound can be turned off; the choice is remembered.

import { $ } from "./page.js";

const MUTED = "badugi:sound-off";
const TITLE = "Badugi";
let audio = null;
let told = null;

function soundOn() {
  return localStorage.getItem(MUTED) !== "1";
}

function drawToggle() {
  const on = soundOn();
  $("sound").textContent = on ? "Sound on" : "Sound off";
  $("sound").setAttribute("aria-pressed", String(on));
}

function tone() {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.3);
  } catch (error) {
    // No sound where the browser has none: the title and the vibration still tell.
  }
}

export function setUpAlert() {
  drawToggle();
  $("sound").addEventListener("click", () => {
    localStorage.setItem(MUTED, soundOn() ? "1" : "0");
    drawToggle();
    if (soundOn()) tone();
  });
  // A page may start sound only after a person touched it: the first touch readies it.
  document.addEventListener("pointerdown", () => {
    if (!audio && soundOn()) {
      try {
        audio = new AudioContext();
      } catch (error) {
        audio = null;
      }
    }
  }, { once: true });
}

// Each state: a new turn of this seat is told once; the title says it while it lasts.
export function noticeTurn(state) {
  const mine = state.legal !== null;
  document.title = mine ? `\u25cf Your turn \u00b7 ${TITLE}` : `${state.game ? state.game.title : TITLE} \u00b7 ${TITLE}`;
  if (!mine) return;
  const turn = `${state.hand}:${state.turn}`;
  if (turn === told) return;
  told = turn;
  tone();
  if (navigator.vibrate) navigator.vibrate(150);
}
