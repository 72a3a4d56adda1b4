// The table's page: one seat's socket, drawn. The server is the only authority: this page shows the
// frames it is sent (only what this seat may see) and sends intents, which the server checks.
"use strict";

const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const [, , TABLE, SEAT_TEXT] = location.pathname.split("/");
const SEAT = Number(SEAT_TEXT);
const STORED = `badugi:${TABLE}:${SEAT}`;

let socket = null;
let state = null;
let selected = new Set();
let retry = 500;
let stopped = false;
let clockTimer = null;
let lastHand = 0;
let lastStakes = null;

const $ = (id) => document.getElementById(id);

function refuse(text) {
  stopped = true;
  $("play").hidden = true;
  $("refused").textContent = text.charAt(0).toUpperCase() + text.slice(1);
  $("refused").hidden = false;
}

function cardElement(text, { back = false, pick = false } = {}) {
  const card = document.createElement(pick ? "button" : "span");
  card.className = "card";
  if (back || !text || text === "??") {
    card.classList.add("back");
    card.setAttribute("aria-label", "a card face down");
    return card;
  }
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  card.classList.add(`suit-${suit}`);
  card.dataset.card = text;
  card.setAttribute("aria-label", `${rank} of ${SUIT_NAMES[suit] || suit}`);
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank === "T" ? "10" : rank;
  const s = document.createElement("span");
  s.className = "pip";
  s.textContent = SUITS[suit] || suit;
  card.append(r, s);
  return card;
}

function cardsText(cards) {
  const rank = (c) => (c.slice(0, -1) === "T" ? "10" : c.slice(0, -1));
  return cards.length ? cards.map((c) => `${rank(c)}${SUITS[c.slice(-1)] || ""}`).join(" ") : "nothing";
}

function drewText(counts) {
  return counts.map((n) => (n === 0 ? "pat" : String(n))).join(",");
}

function nameOf(handSeat, seated) {
  const seat = seated ? seated[handSeat] : handSeat;
  const player = state && state.players[seat];
  return player ? (seat === SEAT ? `${player.name} (you)` : player.name) : `seat ${seat + 1}`;
}

// -- the log of the hand ------------------------------------------------------------------------------

function say(text, kind = "") {
  const item = document.createElement("li");
  item.textContent = text;
  if (kind) item.className = kind;
  $("log").append(item);
  while ($("log").children.length > 200) $("log").firstChild.remove();
  $("log").scrollTop = $("log").scrollHeight;
}

function tell(frame) {
  const e = frame.event;
  const who = () => nameOf(e.seat, frame.seated);
  const allIn = e.all_in ? ", all in" : "";
  switch (e.event) {
    case "setup":
      if (frame.hand !== lastHand) {
        $("log").replaceChildren();
        lastHand = frame.hand;
      }
      say(`Hand ${frame.hand}`, "head");
      break;
    case "ante":
      say(`${who()} antes ${e.amount}${allIn}`, "quiet");
      break;
    case "blind":
      say(`${who()} posts the ${e.blind} blind ${e.amount}${allIn}`, "quiet");
      break;
    case "deal":
      if (e.cards) say(`You are dealt ${cardsText(e.cards)}`);
      break;
    case "fold":
    case "check":
      say(`${who()} ${e.event}s`);
      break;
    case "call":
      say(`${who()} calls ${e.amount}${allIn}`);
      break;
    case "bet":
    case "raise":
      say(`${who()} ${e.event}s to ${e.to}${allIn}`);
      break;
    case "draw_round":
      say(`Draw ${e.index}`, "head");
      break;
    case "round":
      say(`Betting round ${e.index + 1}`, "quiet");
      break;
    case "draw":
      if (e.discards) {
        say(e.count ? `You throw ${cardsText(e.discards)}, get ${cardsText(e.received)}` : "You stand pat");
      } else {
        say(e.count ? `${who()} draws ${e.count}` : `${who()} stands pat`);
      }
      break;
    case "showdown":
      for (const [k, cards] of Object.entries(e.hands || {})) {
        say(`${nameOf(Number(k), frame.seated)} shows ${cardsText(cards)}`);
      }
      break;
    case "payouts":
      e.payouts.forEach((amount, k) => {
        if (amount) say(`${nameOf(k, frame.seated)} wins ${amount}`, "win");
      });
      if (e.carried) say(`${e.carried} stay in the middle: nobody qualified`, "win");
      break;
    default:
      break;
  }
}

// -- drawing the table ----------------------------------------------------------------------------------

function seatPlace(index, count) {
  // Your seat at the bottom, the others round the oval clockwise from your left.
  const turn = ((index - SEAT + count) % count) / count;
  const angle = Math.PI / 2 + turn * 2 * Math.PI;
  return { left: 50 + 42 * Math.cos(angle), top: 50 + 40 * Math.sin(angle) };
}

function badge(text, kind) {
  const b = document.createElement("span");
  b.className = `badge ${kind}`;
  b.textContent = text;
  return b;
}

function drawSeats(s) {
  const felt = $("felt");
  felt.querySelectorAll(".seat").forEach((el) => el.remove());
  const shown = (s.showdown && s.showdown.shown) || {};
  s.players.forEach((p) => {
    const box = document.createElement("div");
    box.className = "seat";
    box.dataset.seat = p.seat;
    if (p.seat === SEAT) box.classList.add("mine");
    if (s.actor === p.seat) box.classList.add("acting");
    if (p.folded || p.busted) box.classList.add("out");
    const place = seatPlace(p.seat, s.players.length);
    box.style.left = `${place.left}%`;
    box.style.top = `${place.top}%`;
    // Shifted by its own width as far as it sits across the felt: a seat at the edge stays on the
    // table however narrow the screen (its left edge at L% of the width the box leaves free).
    box.style.transform = `translate(-${place.left}%, -50%)`;
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = p.seat === SEAT ? `${p.name} (you)` : p.name;
    if (s.button === p.seat) name.append(badge("D", "button"));
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
    if (p.away) line.append(badge("away", "away"));
    if (!p.connected) line.append(badge("offline", "offline"));
    const cards = document.createElement("div");
    cards.className = "cards";
    const open = shown[String(p.seat)];
    if (open) {
      open.cards.forEach((c) => cards.append(cardElement(c)));
      const named = document.createElement("div");
      named.className = "handname";
      named.textContent = open.names.join(" / ");
      box.append(name, chips, cards, named, line);
    } else {
      if (p.in_hand && !p.folded && p.seat !== SEAT && s.phase !== "over") {
        for (let i = 0; i < s.game.hand_size; i += 1) cards.append(cardElement(null, { back: true }));
      }
      box.append(name, chips, cards, line);
    }
    felt.append(box);
  });
}

function drawOutcome(s) {
  const out = $("outcome");
  out.replaceChildren();
  if (!s.showdown) return;
  const names = (seat) => (s.players[seat] ? s.players[seat].name : `seat ${seat + 1}`);
  s.showdown.pots.forEach((pot, i) => {
    const line = document.createElement("div");
    const label = s.showdown.pots.length > 1 ? (i === 0 ? "Main pot" : `Side pot ${i}`) : "The pot";
    line.textContent = `${label} ${pot.amount}: ${pot.winners.map(names).join(" and ") || "nobody qualified"}`;
    out.append(line);
  });
  if (!s.showdown.pots.length) {
    const [seat] = Object.keys(s.showdown.payouts);
    if (seat !== undefined) out.textContent = `${names(Number(seat))} wins ${s.showdown.payouts[seat]}: everyone else folded`;
  }
}

function drawMine(s) {
  const mine = $("my-cards");
  mine.replaceChildren();
  const canDraw = s.legal && s.legal.draw;
  selected = new Set([...selected].filter((c) => s.cards.includes(c)));
  if (!canDraw) selected.clear();
  s.cards.forEach((c, i) => {
    const card = cardElement(c, { pick: canDraw });
    if (canDraw) {
      card.title = `click (or press ${i + 1}) to throw it`;
      card.addEventListener("click", () => toggle(c));
      if (selected.has(c)) card.classList.add("picked");
    }
    mine.append(card);
  });
}

function toggle(card) {
  if (selected.has(card)) selected.delete(card);
  else selected.add(card);
  drawMine(state);
  drawActions(state);
}

function show(id, visible) {
  $(id).hidden = !visible;
}

function drawActions(s) {
  const legal = s.legal;
  const me = s.players[SEAT];
  show("fold", !!(legal && legal.fold && !legal.draw));
  show("check", !!(legal && legal.check));
  show("call", !!(legal && legal.call));
  show("raise-box", !!(legal && legal.min_raise_to !== null && !legal.draw));
  show("draw", !!(legal && legal.draw));
  show("pat", !!(legal && legal.draw));
  show("back", !!(me && me.away));
  const prompt = $("prompt");
  if (legal) {
    $("call").firstChild.textContent = `Call ${legal.call_amount} `;
    if (legal.min_raise_to !== null) {
      const word = legal.check ? "Bet" : "Raise";
      $("raise").firstChild.textContent = `${word} `;
      const amount = $("amount");
      amount.min = legal.min_raise_to;
      amount.max = legal.max_raise_to;
      const now = Number(amount.value);
      if (!(now >= legal.min_raise_to && now <= legal.max_raise_to)) amount.value = legal.min_raise_to;
      amount.disabled = legal.min_raise_to === legal.max_raise_to;
    }
    $("draw").firstChild.textContent = `Draw ${selected.size} `;
    $("draw").disabled = selected.size === 0;
    prompt.textContent = legal.draw
      ? "Your draw: click the cards to throw, then Draw, or stand pat."
      : "Your turn.";
  } else if (s.status === "over") {
    prompt.textContent = "The match is over.";
  } else if (s.status === "between") {
    prompt.textContent = "The next hand is coming.";
  } else if (me && !me.in_hand) {
    prompt.textContent = "You have no chips left: you are watching.";
  } else if (s.actor !== null) {
    prompt.textContent = `${s.players[s.actor].name} to act.`;
  } else {
    prompt.textContent = "";
  }
}

function drawClock(s) {
  clearInterval(clockTimer);
  const box = $("clock");
  if (!s.clock || s.clock.left === null || s.actor === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const ends = performance.now() + s.clock.left * 1000;
  const tick = () => {
    const left = Math.max(0, (ends - performance.now()) / 1000);
    $("clock-bar").style.width = `${(100 * left) / s.clock.limit}%`;
    const whose = s.actor === SEAT ? "you have" : `${s.players[s.actor].name} has`;
    $("clock-text").textContent = `${whose} ${Math.ceil(left)} s`;
    box.classList.toggle("short", left < 5);
  };
  tick();
  clockTimer = setInterval(tick, 250);
}

function draw(s) {
  state = s;
  $("play").hidden = false;
  $("title").textContent = `${s.game.title}`;
  $("hand").textContent = `hand ${s.hand} of ${s.hands}`;
  const level = s.level;
  const blinds = level.blinds ? `, blinds ${level.blinds.join("/")}` : "";
  const stakes = `ante ${level.ante}, bets ${level.small_bet}/${level.big_bet}${blinds}`;
  if (lastStakes !== null && stakes !== lastStakes) say(`The stakes rise: ${stakes}`, "head");
  lastStakes = stakes;
  $("stakes").textContent = stakes;
  $("rise").textContent = level.next_rise === null ? "" : `stakes rise in ${level.next_rise} hand${level.next_rise === 1 ? "" : "s"}`;
  // Once the hand is over the outcome names each pot; what stays in the middle (a carry) is told there.
  $("pot").textContent = s.phase === "over" ? "" : `Pot ${s.pot.toLocaleString()}`;
  drawSeats(s);
  drawOutcome(s);
  drawMine(s);
  drawActions(s);
  drawClock(s);
}

function finish(frame) {
  const body = $("standings").querySelector("tbody");
  body.replaceChildren();
  for (const row of frame.standings) {
    const tr = document.createElement("tr");
    if (row.seat === SEAT) tr.className = "mine";
    for (const value of [row.place, row.name, row.chips.toLocaleString()]) {
      const td = document.createElement("td");
      td.textContent = value;
      tr.append(td);
    }
    body.append(tr);
  }
  $("end").hidden = false;
}

// -- what the page sends -----------------------------------------------------------------------------

function send(message) {
  $("error").textContent = "";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  const message = { type: "act", action };
  if (action === "raise") {
    message.action = state.legal.check ? "bet" : "raise";
    message.to = Number($("amount").value);
  }
  send(message);
}

$("fold").addEventListener("click", () => act("fold"));
$("check").addEventListener("click", () => act("check"));
$("call").addEventListener("click", () => act("call"));
$("raise").addEventListener("click", () => act("raise"));
$("draw").addEventListener("click", () => send({ type: "draw", discard: [...selected] }));
$("pat").addEventListener("click", () => send({ type: "draw", discard: [] }));
$("back").addEventListener("click", () => send({ type: "back" }));
$("amount").addEventListener("keydown", (event) => {
  if (event.key === "Enter") act("raise");
  event.stopPropagation();
});

document.addEventListener("keydown", (event) => {
  if (!state || !state.legal || event.ctrlKey || event.metaKey || event.altKey) return;
  const legal = state.legal;
  const key = event.key.toLowerCase();
  if (legal.draw) {
    const index = Number(key) - 1;
    if (index >= 0 && index < state.cards.length) toggle(state.cards[index]);
    else if (key === "d" && selected.size) send({ type: "draw", discard: [...selected] });
    else if (key === "p") send({ type: "draw", discard: [] });
    return;
  }
  if (key === "f" && legal.fold) act("fold");
  else if (key === "k" && legal.check) act("check");
  else if (key === "c" && legal.call) act("call");
  else if ((key === "b" || key === "r") && legal.min_raise_to !== null) act("raise");
});

for (const button of document.querySelectorAll(".download")) {
  button.addEventListener("click", async () => {
    const format = button.dataset.format;
    const response = await fetch(`/api/tables/${TABLE}/seats/${SEAT}/history?format=${format}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem(STORED)}` },
    });
    if (!response.ok) {
      $("download-note").textContent = (await response.json()).error;
      return;
    }
    const left = Number(response.headers.get("X-Hands-Left-Out") || 0);
    $("download-note").textContent = left
      ? `${left} hand${left === 1 ? "" : "s"} left out: the format cannot state ${left === 1 ? "it" : "them"}.`
      : "";
    const blob = await response.blob();
    const link = document.createElement("a");
    const disposition = response.headers.get("Content-Disposition") || "";
    link.download = (disposition.match(/filename="([^"]+)"/) || [, `hands.${format}`])[1];
    link.href = URL.createObjectURL(blob);
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
}

// -- the socket --------------------------------------------------------------------------------------

function connect(key) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${TABLE}/${SEAT}?key=${encodeURIComponent(key)}`);
  socket.addEventListener("open", () => {
    retry = 500;
    $("status").textContent = "";
  });
  socket.addEventListener("message", (message) => {
    let frame;
    try {
      frame = JSON.parse(message.data);
    } catch (error) {
      return;
    }
    if (frame.type === "state") draw(frame);
    else if (frame.type === "event") tell(frame);
    else if (frame.type === "end") finish(frame);
    else if (frame.type === "error") $("error").textContent = frame.message;
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4003) {
      localStorage.removeItem(STORED);
      refuse("This seat's link is not valid (or no longer is): ask for the link again.");
      return;
    }
    if (event.code === 4001) {
      refuse("This seat was opened in another window or browser; this one no longer plays it. Reload to take it back.");
      return;
    }
    if (stopped) return;
    $("status").textContent = "connection lost: reconnecting...";
    setTimeout(() => connect(key), retry);
    retry = Math.min(retry * 2, 10000);
  });
}

async function start() {
  const invite = location.hash.slice(1);
  let key = localStorage.getItem(STORED);
  if (!key && invite) {
    const response = await fetch(`/api/tables/${TABLE}/seats/${SEAT}/claim`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ invite }),
    });
    const answer = await response.json();
    if (!response.ok) {
      refuse(answer.error || "This link does not open a seat.");
      return;
    }
    key = answer.key;
    localStorage.setItem(STORED, key);
  }
  // The invitation is used: keep it out of the address bar, where it could be copied on.
  if (invite) history.replaceState(null, "", location.pathname);
  if (!key) {
    refuse("This page needs the seat's invitation link (the whole link, with what follows its #).");
    return;
  }
  connect(key);
}

start();
