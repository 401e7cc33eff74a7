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

// -- installable (referee/pwa.py): the service worker, where the browser has them (HTTPS
// or localhost); without it everything works as before, only not offline
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
window.addEventListener("load", registerServiceWorker);

// the offline page's "Back to the page": the form there is kept as it was
function backButton() {
  document.querySelectorAll("button[data-back][hidden]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => history.back());
  });
}
document.addEventListener("DOMContentLoaded", backButton);

// -- no connection: an htmx request that got no answer at all leaves the page and its
// form as they are; #connection (templates/base.html) says so until an answer comes
function connectionNotice() {
  return document.getElementById("connection");
}
function showNoConnection(event) {
  const ctx = event.detail && event.detail.ctx;
  const notice = connectionNotice();
  if (!ctx || ctx.response || !notice) return;  // an answer came: the server's own message
  const sent = String((ctx.request && ctx.request.method) || "GET").toUpperCase() !== "GET";
  notice.textContent = sent ? notice.dataset.post : notice.dataset.get;
}
function clearNoConnection() {
  const notice = connectionNotice();
  if (notice) notice.textContent = "";
}
document.addEventListener("htmx:error", showNoConnection);
document.addEventListener("htmx:after:request", clearNoConnection);
