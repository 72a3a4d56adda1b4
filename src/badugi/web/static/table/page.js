// Who this page is for, from its address: a seat (/join/ID/SEAT), a watcher (/watch/ID) or the host (/host/ID).

const parts = location.pathname.split("/");

export const ROLE = { join: "seat", watch: "watcher", host: "host" }[parts[1]] || "seat";
export const TABLE = parts[2];
export const SEAT = ROLE === "seat" ? Number(parts[3]) : null;
// Where this browser keeps the page's key (a seat's, the watch key or the host key).
export const STORED = `badugi:${TABLE}:${ROLE === "seat" ? SEAT : ROLE}`;

export const $ = (id) => document.getElementById(id);

export function show(id, visible) {
  $(id).hidden = !visible;
}

// A person's name, with "you" for this seat's own.
export function nameOf(state, seat, { you = true } = {}) {
  const player = state && state.players[seat];
  if (!player) return `seat ${seat + 1}`;
  return you && seat === SEAT ? `${player.name} (you)` : player.name;
}

// A request with this page's key, as the API takes it.
export function withKey(init = {}) {
  return { ...init, headers: { ...(init.headers || {}), Authorization: `Bearer ${localStorage.getItem(STORED)}` } };
}
