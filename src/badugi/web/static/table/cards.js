// Cards drawn and written: four-colour suits, as `badugi play` draws them (in Badugi the suits decide).

export const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

const rankText = (card) => (card.slice(0, -1) === "T" ? "10" : card.slice(0, -1));

// One card as an element: a face (rank and pip in the suit's colour), or a back.
export function cardElement(text, { back = false, pick = false } = {}) {
  const card = document.createElement(pick ? "button" : "span");
  card.className = "card";
  if (back || !text || text === "??") {
    card.classList.add("back");
    card.setAttribute("aria-label", "a card face down");
    return card;
  }
  const suit = text.slice(-1);
  card.classList.add(`suit-${suit}`);
  card.dataset.card = text;
  card.setAttribute("aria-label", `${rankText(text)} of ${SUIT_NAMES[suit] || suit}`);
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankText(text);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUITS[suit] || suit;
  card.append(rank, pip);
  return card;
}

// Cards as a line of text ("A♥ 10♠"), for the log.
export function cardsText(cards) {
  return cards.length ? cards.map((c) => `${rankText(c)}${SUITS[c.slice(-1)] || ""}`).join(" ") : "nothing";
}
