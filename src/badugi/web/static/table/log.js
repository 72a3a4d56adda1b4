// The hand's log: each event as a line of text, the table's notices, and "(time)" on what the clock did.

import { cardsText } from "./cards.js";
import { $, SEAT } from "./page.js";

let lastHand = 0;
let toldCount = 0; // events of the hand in play told so far
let skipping = 0; // events of a hand sent again, told already

export function say(text, kind = "", list = $("log")) {
  const item = document.createElement("li");
  item.textContent = text;
  if (kind) item.className = kind;
  list.append(item);
  while (list.children.length > 300) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

// What an action made by the table for a seat is marked with: the clock ran out, or the seat is away.
const MARKS = { time: " (time)", away: " (away)" };

// One event as a line: `names(handSeat)` names the hand's seat ("Bob", "Ann (you)").
export function eventLine(frame, names) {
  const e = frame.event;
  const who = () => names(e.seat);
  const allIn = e.all_in ? ", all in" : "";
  const mark = MARKS[frame.auto] || "";
  switch (e.event) {
    case "setup":
      return [`Hand ${frame.hand}`, "head"];
    case "ante":
      return [`${who()} antes ${e.amount}${allIn}`, "quiet"];
    case "blind":
      return [`${who()} posts the ${e.blind} blind ${e.amount}${allIn}`, "quiet"];
    case "deal":
      return e.cards ? [`${frame.seated[e.seat] === SEAT ? "You are" : `${who()} is`} dealt ${cardsText(e.cards)}`, ""] : null;
    case "fold":
    case "check":
      return [`${who()} ${e.event}s${mark}`, mark ? "auto" : ""];
    case "call":
      return [`${who()} calls ${e.amount}${allIn}${mark}`, ""];
    case "bet":
    case "raise":
      return [`${who()} ${e.event}s to ${e.to}${allIn}${mark}`, ""];
    case "draw_round":
      return [`Draw ${e.index}`, "head"];
    case "round":
      return [`Betting round ${e.index + 1}`, "quiet"];
    case "draw":
      if (e.discards) {
        return [e.count ? `You throw ${cardsText(e.discards)}, get ${cardsText(e.received)}${mark}` : `You stand pat${mark}`, ""];
      }
      return [e.count ? `${who()} draws ${e.count}` : `${who()} stands pat${mark}`, mark ? "auto" : ""];
    case "showdown":
      return null; // each hand shown is told below, one line a hand
    case "payouts":
      return null;
    default:
      return null;
  }
}

// Every line an event makes (a showdown and the payouts make one a seat).
export function eventLines(frame, names) {
  const e = frame.event;
  if (e.event === "showdown") {
    return Object.entries(e.hands || {}).map(([k, cards]) => [`${names(Number(k))} shows ${cardsText(cards)}`, ""]);
  }
  if (e.event === "payouts") {
    const lines = [];
    e.payouts.forEach((amount, k) => {
      if (amount) lines.push([`${names(k)} wins ${amount}`, "win"]);
    });
    if (e.carried) lines.push([`${e.carried} stay in the middle: nobody qualified`, "win"]);
    return lines;
  }
  const line = eventLine(frame, names);
  return line ? [line] : [];
}

// An event of the live hand, told in the log, which keeps the hands before it (and the table's notices).
// A reconnection sends the hand so far again: what was told already is not told twice.
export function tell(frame, names) {
  if (frame.event.event === "setup") {
    if (frame.hand === lastHand) {
      skipping = toldCount;
    } else {
      lastHand = frame.hand;
      skipping = 0;
    }
    toldCount = 0;
  }
  toldCount += 1;
  if (skipping > 0) {
    skipping -= 1;
    return;
  }
  for (const [text, kind] of eventLines(frame, names)) say(text, kind);
}
