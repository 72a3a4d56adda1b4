// The ledger: each player's buy-in and rebuys, chips and net (they sum to zero), and a CSV for a sheet.

import { $, TABLE, withKey } from "./page.js";
import { download } from "./downloads.js";

export async function showLedger() {
  const response = await fetch(`/api/charts/${TABLE}/ledger`, withKey());
  if (!response.ok) return;
  const ledger = await response.json();
  const body = $("ledger").querySelector("tbody");
  body.replaceChildren();
  for (const row of ledger.rows) {
    const tr = document.createElement("tr");
    for (const value of [row.name, row.bought.toLocaleString(), row.chips.toLocaleString(), (row.net > 0 ? "+" : "") + row.net.toLocaleString()]) {
      const td = document.createElement("td");
      td.textContent = value;
      tr.append(td);
    }
    if (row.net > 0) tr.className = "up";
    else if (row.net < 0) tr.className = "down";
    body.append(tr);
  }
}

export function setUpLedger() {
  $("ledger-csv").addEventListener("click", () => download(`/api/charts/${TABLE}/ledger?format=csv`, `badugi-${TABLE}-ledger.csv`));
}
