// The table's chat: every message drawn as text (never as HTML), a seat's own form to write one.

import { $, ROLE } from "./page.js";

export function showChat(frame) {
  const item = document.createElement("li");
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = `${frame.name}: `;
  const text = document.createElement("span");
  text.textContent = frame.text; // text, whatever it looks like: "<b>" stays "<b>"
  item.append(who, text);
  const list = $("chat");
  list.append(item);
  while (list.children.length > 200) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

export function setUpChat(send) {
  if (ROLE !== "seat") return; // watchers and the host read it
  $("chat-form").hidden = false;
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    send({ type: "chat", text });
    $("chat-text").value = "";
  });
  // Keys typed into the chat are the chat's, not the table's shortcuts; Escape leaves the chat.
  $("chat-text").addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.key === "Escape") $("chat-text").blur();
  });
}
