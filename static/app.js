// Kasino Referee's own script (htmx does the rest): the copy buttons beside the links to
// share. Without JavaScript they stay hidden and the links are there to select.
"use strict";
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  try {
    await navigator.clipboard.writeText(button.dataset.copy);
    button.textContent = button.dataset.copied || "✓";
  } catch {
    button.textContent = button.dataset.failed || "✗";
  }
});
const reveal = () => document.querySelectorAll("button[data-copy][hidden]").forEach(
  (button) => { if (navigator.clipboard) button.hidden = false; });
document.addEventListener("DOMContentLoaded", reveal);
document.addEventListener("htmx:after:settle", reveal);

// Live parts of a page ([data-live], see templates/_live.html) ask for themselves every
// second; not while the page is hidden (another app, a locked phone), and at once when
// it shows again.
document.addEventListener("htmx:before:request", (event) => {
  if (document.hidden && event.target.matches("[data-live]")) event.preventDefault();
});
document.addEventListener("visibilitychange", () => {
  if (document.hidden || !window.htmx) return;
  document.querySelectorAll("[data-live]").forEach((part) => htmx.trigger(part, "kr-wake"));
});
