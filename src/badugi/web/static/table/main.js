// The table's page: a seat's, a watcher's or the host's socket, drawn. The server is the only authority:
// this page shows the frames it is sent (only what its holder may see) and sends intents, which the server
// checks. While the socket is down nothing can be sent, and the page says so.

import { noticeTurn, setUpAlert } from "./alert.js";
import { cardElement } from "./cards.js";
import { setUpChat, showChat } from "./chat.js";
import { setUpDownloads } from "./downloads.js";
import { setUpHost, showHost } from "./host.js";
import { setUpLedger, showLedger } from "./ledger.js";
import { say, tell } from "./log.js";
import { $, ROLE, SEAT, STORED, TABLE, nameOf, show } from "./page.js";
import { drawFelt } from "./render.js";
import { offerHands, setUpReplay, showReplay } from "./replay.js";

const ENDED = `badugi:${TABLE}:end-closed`;
let socket = null;
let state = null;
let selected = new Set();
let retry = 500;
let stopped = false;
let clockTimer = null;
let lastStakes = null;

function refuse(text) {
  stopped = true;
  $("play").hidden = true;
  $("take").hidden = true;
  $("refused").textContent = text.charAt(0).toUpperCase() + text.slice(1);
  $("refused").hidden = false;
}

// -- the banner: what holds the table up, or the connection ------------------------------------------

const PAUSES = {
  host: "The host has paused the table.",
  store: "The server cannot save the game just now: the table is paused, and goes on by itself as soon as it can.",
  away: "Nobody is at the table: the next hand is dealt when someone is back.",
  seats: "Waiting for a second player to sit in.",
};
let connectionLine = "";

function drawBanner() {
  let line = connectionLine;
  if (!line && state) {
    if (state.status === "waiting") {
      const missing = state.players.filter((p) => p.kind === "person" && !p.claimed).map((p) => p.name);
      line = missing.length
        ? `Waiting for ${missing.join(", ")} to take ${missing.length === 1 ? "their seat" : "their seats"}.`
        : "Waiting for the host to start the table.";
    } else if (state.paused) {
      line = PAUSES[state.paused] || "";
    }
  }
  $("banner").textContent = line;
  $("banner").hidden = !line;
  $("banner").classList.toggle("down", !!connectionLine);
}

// -- the live table -------------------------------------------------------------------------------------

function drawHeader(s) {
  $("title").textContent = s.game.title;
  const hand = s.status === "waiting" ? "waiting to start" : s.mode === "home" ? `hand ${s.hand}` : `hand ${s.hand} of ${s.hands}`;
  $("hand").textContent = hand;
  const level = s.level;
  const blinds = level.blinds ? `, blinds ${level.blinds.join("/")}` : "";
  const stakes = `ante ${level.ante}, bets ${level.small_bet}/${level.big_bet}${blinds}`;
  if (lastStakes !== null && stakes !== lastStakes) say(`The stakes rise: ${stakes}`, "head");
  lastStakes = stakes;
  $("stakes").textContent = stakes;
  $("rise").textContent = level.next_rise === null ? "" : `stakes rise in ${level.next_rise} hand${level.next_rise === 1 ? "" : "s"}`;
  $("watchers").textContent = s.watchers ? `${s.watchers} watching` : "";
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

function drawActions(s) {
  const up = socket && socket.readyState === WebSocket.OPEN;
  const legal = up ? s.legal : null; // nothing can be sent while the socket is down
  const me = SEAT === null ? null : s.players[SEAT];
  show("fold", !!(legal && legal.fold && !legal.draw));
  show("check", !!(legal && legal.check));
  show("call", !!(legal && legal.call));
  show("raise-box", !!(legal && legal.min_raise_to !== null && !legal.draw));
  show("draw", !!(legal && legal.draw));
  show("pat", !!(legal && legal.draw));
  show("back", !!(up && me && me.away));
  const home = s.mode === "home" && me && me.claimed && s.status !== "over" && s.status !== "closed";
  show("seating", !!home);
  if (home) {
    show("sit-out", !me.sitting_out);
    show("sit-in", me.sitting_out);
  }
  const prompt = $("prompt");
  if (legal) {
    $("call").firstChild.textContent = `Call ${legal.call_amount} `;
    if (legal.min_raise_to !== null) {
      $("raise").firstChild.textContent = `${legal.check ? "Bet" : "Raise"} `;
      const amount = $("amount");
      amount.min = legal.min_raise_to;
      amount.max = legal.max_raise_to;
      const now = Number(amount.value);
      if (!(now >= legal.min_raise_to && now <= legal.max_raise_to)) amount.value = legal.min_raise_to;
      amount.disabled = legal.min_raise_to === legal.max_raise_to;
    }
    $("draw").firstChild.textContent = `Draw ${selected.size} `;
    $("draw").disabled = selected.size === 0;
    prompt.textContent = legal.draw ? "Your draw: click the cards to throw, then Draw, or stand pat." : "Your turn.";
  } else if (s.status === "over" || s.status === "closed") {
    prompt.textContent = s.mode === "home" ? "The game is over." : "The match is over.";
  } else if (s.status === "waiting") {
    prompt.textContent = "The table starts when everyone has taken their seat.";
  } else if (s.status === "between") {
    prompt.textContent = s.paused ? "" : "The next hand is coming.";
  } else if (me && me.sitting_out) {
    prompt.textContent = "You are sitting out: sit in to be dealt the next hand.";
  } else if (me && !me.in_hand && me.busted) {
    prompt.textContent = "You have no chips left: you are watching.";
  } else if (s.actor !== null) {
    prompt.textContent = `${nameOf(s, s.actor, { you: false })} to act.`;
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
    const whose = s.actor === SEAT ? "you have" : `${nameOf(s, s.actor, { you: false })} has`;
    $("clock-text").textContent = `${whose} ${Math.ceil(left)} s`;
    box.classList.toggle("short", left < 5);
  };
  tick();
  clockTimer = setInterval(tick, 250);
}

function draw(s) {
  state = s;
  $("play").hidden = $("replay").hidden === false;
  drawHeader(s);
  drawBanner();
  drawFelt($("felt"), s);
  drawMine(s);
  drawActions(s);
  drawClock(s);
  $("me").hidden = SEAT === null;
  $("seeded").hidden = !s.seeded;
  if (SEAT !== null) noticeTurn(s);
  const finished = s.status === "between" || s.status === "over" || s.status === "closed" || s.phase === "over" ? s.hand : s.hand - 1;
  offerHands(finished);
  if (s.phase === "over" || s.status === "waiting") showLedger();
}

// -- the end: standings that stay readable, and a page that stays usable --------------------------------

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
  const titles = { over: "The match is over", ended: "The host has ended the game", closed: "The table was closed" };
  $("end-title").textContent = titles[frame.reason] || "The table is over";
  stopped = true; // nothing more will come: no reconnecting
  $("play").hidden = false;
  $("end").hidden = localStorage.getItem(ENDED) === "1";
  showLedger();
  offerPlayed();
}

// The hands a table has played, offered for replay (a table that is over sends no state to count them).
async function offerPlayed() {
  const response = await fetch(`/api/charts/${TABLE}`);
  if (response.ok) offerHands((await response.json()).hands_played);
}

$("end-close").addEventListener("click", () => {
  $("end").hidden = true;
  localStorage.setItem(ENDED, "1"); // closed once: not shown again on a reload
});

// -- what the page sends --------------------------------------------------------------------------------

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

function setUpActions() {
  $("fold").addEventListener("click", () => act("fold"));
  $("check").addEventListener("click", () => act("check"));
  $("call").addEventListener("click", () => act("call"));
  $("raise").addEventListener("click", () => act("raise"));
  $("draw").addEventListener("click", () => send({ type: "draw", discard: [...selected] }));
  $("pat").addEventListener("click", () => send({ type: "draw", discard: [] }));
  $("back").addEventListener("click", () => send({ type: "back" }));
  $("sit-out").addEventListener("click", () => send({ type: "sit_out" }));
  $("sit-in").addEventListener("click", () => send({ type: "sit_in" }));
  $("rebuy").addEventListener("click", () => send({ type: "rebuy" }));
  $("amount").addEventListener("keydown", (event) => {
    if (event.key === "Enter") act("raise");
    event.stopPropagation();
  });
  document.addEventListener("keydown", (event) => {
    if (!state || !state.legal || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
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
}

// -- the socket -----------------------------------------------------------------------------------------

const CLOSES = {
  4003: "This link is not valid (or no longer is): ask for the link again.",
  4001: "This seat was opened in another window or browser; this one no longer plays it. Reload to take it back.",
  4004: "Watching is off at this table (or its watch link was replaced).",
};

function receive(frame) {
  switch (frame.type) {
    case "state":
      draw(frame);
      break;
    case "event":
      tell(frame, (k) => nameOf(state, frame.seated[k]));
      break;
    case "notice":
      say(frame.text, "notice");
      if (/rebuys|takes seat/.test(frame.text)) showLedger();
      break;
    case "chat":
      showChat(frame);
      break;
    case "presence":
      if (state && state.players[frame.seat]) {
        Object.assign(state.players[frame.seat], { connected: frame.connected, away: frame.away });
        drawFelt($("felt"), state);
      }
      break;
    case "host":
      showHost(frame);
      break;
    case "replay": // a watcher one hand behind: each hand played back once it is over
      showReplay(frame.hand, frame.steps, { play: true });
      break;
    case "end":
      finish(frame);
      break;
    case "error":
      $("error").textContent = frame.message;
      if (SEAT === null) say(frame.message, "notice");
      break;
    default:
      break;
  }
}

function path(key) {
  const who = { seat: SEAT, watcher: "watch", host: "host" }[ROLE];
  return `/ws/${TABLE}/${who}?key=${encodeURIComponent(key)}`;
}

function connect(key) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}${path(key)}`);
  socket.addEventListener("open", () => {
    retry = 500;
    connectionLine = "";
    drawBanner();
    if (state) drawActions(state);
  });
  socket.addEventListener("message", (message) => {
    let frame;
    try {
      frame = JSON.parse(message.data);
    } catch (error) {
      return;
    }
    receive(frame);
  });
  socket.addEventListener("close", (event) => {
    if (CLOSES[event.code]) {
      if (event.code === 4003) localStorage.removeItem(STORED);
      refuse(CLOSES[event.code]);
      return;
    }
    if (event.code === 4000 || stopped) return; // the table is over: its end was sent
    connectionLine =
      event.code === 1001
        ? "The server is restarting: reconnecting... (your actions wait until it is back)"
        : "The connection is lost: reconnecting... (your actions wait until it is back)";
    drawBanner();
    if (state) drawActions(state);
    setTimeout(() => connect(key), retry);
    retry = Math.min(retry * 2, 10000);
  });
}

// -- taking a seat: a name, then the invitation claimed (once) ----------------------------------------------

async function takeSeat(invite) {
  const about = await fetch(`/api/charts/${TABLE}`);
  if (about.ok) {
    const table = await about.json();
    const seat = table.seats[SEAT];
    if (seat && seat.claimed) {
      refuse("This invitation was already used in another browser: the seat is taken. Ask the host for a new one.");
      return null;
    }
    $("take-name").value = seat ? seat.name : "";
  }
  $("take").hidden = false;
  $("take-name").focus();
  return new Promise((resolve) => {
    $("take-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      $("take-problem").textContent = "";
      const response = await fetch(`/api/charts/${TABLE}/seats/${SEAT}/claim`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ invite, name: $("take-name").value }),
      });
      const answer = await response.json();
      if (response.status === 400) {
        $("take-problem").textContent = answer.error; // the name: the invitation is not spent
        return;
      }
      if (!response.ok) {
        refuse(answer.error || "This link does not open a seat.");
        resolve(null);
        return;
      }
      $("take").hidden = true;
      resolve(answer.key);
    });
  });
}

async function start() {
  setUpAlert();
  setUpActions();
  setUpChat(send);
  setUpReplay();
  setUpLedger();
  setUpDownloads();
  if (ROLE === "host") setUpHost();
  $("ledger-title").hidden = false;
  const secret = location.hash.slice(1);
  // The secret is read: keep it out of the address bar, where it could be copied on.
  if (secret) history.replaceState(null, "", location.pathname);
  let key = localStorage.getItem(STORED);
  if (ROLE === "seat") {
    if (!key && secret) key = await takeSeat(secret);
  } else if (secret) {
    key = secret; // a watch or host link's key is the secret itself
  }
  if (!key) {
    if (!stopped) refuse("This page needs its link: the whole link, with what follows its #.");
    return;
  }
  localStorage.setItem(STORED, key);
  connect(key);
}

// A new link opened in this very tab (the same page, another secret after #): read it afresh.
window.addEventListener("hashchange", () => location.reload());

start();
