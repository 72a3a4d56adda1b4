// Downloads with the page's key: the hands as this seat saw them, and the ledger.

import { $, SEAT, TABLE, withKey } from "./page.js";

export async function download(url, fallback) {
  const response = await fetch(url, withKey());
  if (!response.ok) {
    $("download-note").textContent = (await response.json()).error;
    return null;
  }
  const blob = await response.blob();
  const link = document.createElement("a");
  const disposition = response.headers.get("Content-Disposition") || "";
  link.download = (disposition.match(/filename="([^"]+)"/) || [, fallback])[1];
  link.href = URL.createObjectURL(blob);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  return response;
}

export function setUpDownloads() {
  if (SEAT === null) {
    $("downloads").hidden = true; // a seat's own history only: a watcher and the host have none
    return;
  }
  for (const button of document.querySelectorAll(".download")) {
    button.addEventListener("click", async () => {
      const format = button.dataset.format;
      const response = await download(`/api/charts/${TABLE}/seats/${SEAT}/history?format=${format}`, `hands.${format}`);
      if (!response) return;
      const left = Number(response.headers.get("X-Hands-Left-Out") || 0);
      $("download-note").textContent = left
        ? `${left} hand${left === 1 ? "" : "s"} left out: the format cannot state ${left === 1 ? "it" : "them"}.`
        : "";
    });
  }
}
