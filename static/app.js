// Kasino Referee's own script (htmx does the rest): the copy buttons beside the links to
// share. Without JavaScript they stay hidden and the links are there to select.
"use strict";
// The clipboard API is there only in a secure context (https, or this machine itself):
// served on the local network over plain http (make run HOST=0.0.0.0) it is not, so the
// link is selected and copied as a selection; where even that is refused it stays
// selected, for the phone's own Copy.
const selectLink = (link) => {
  const range = document.createRange();
  range.selectNodeContents(link);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
};
const copyLink = async (button) => {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      return "copied";
    } catch { /* refused (no permission): copy the selection instead */ }
  }
  const link = button.closest(".join-link")?.querySelector("a.link");
  if (!link) return "failed";
  selectLink(link);
  let copied = false;
  try { copied = document.execCommand("copy"); } catch { copied = false; }
  return copied ? "copied" : "selected";
};
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const outcome = await copyLink(button);
  const status = button.closest(".join-link")?.querySelector(".copy-status");
  if (status) status.textContent = button.dataset[outcome] || "";
  if (outcome === "copied") button.textContent = button.dataset.done || "✓";
});
// A language link at the page's foot names the page to come back to as it was when the
// page loaded; a panel swapped since may have moved the address on (a card picked, a
// play made: HX-Replace-Url), so the link takes the address as it is when tapped.
document.addEventListener("click", (event) => {
  const link = event.target.closest("footer.langs a[hreflang]");
  if (!link) return;
  const url = new URL(link.href);
  url.searchParams.set("next", location.pathname + location.search);
  link.href = url.href;
});
// A tally's "Made the last capture": one side made it, so ticking a side's box unticks
// the others' (the server still refuses two ticked, from a form sent without this script).
const LAST_CAPTURE = 'input[type="checkbox"][name$="-last_capture"]';
document.addEventListener("change", (event) => {
  const box = event.target;
  if (!box.checked || !box.matches(LAST_CAPTURE) || !box.form) return;
  box.form.querySelectorAll(LAST_CAPTURE).forEach((other) => {
    if (other !== box) other.checked = false;
  });
});
const reveal = () => document.querySelectorAll("button[data-copy][hidden]").forEach(
  (button) => { button.hidden = false; });
document.addEventListener("DOMContentLoaded", reveal);
document.addEventListener("htmx:after:settle", reveal);

// Live parts of a page ([data-live], see templates/_live.html) ask for themselves every
// second, saying which version they show (data-ptag, the server's tag of it): the server
// answers 304 when nothing changed, and htmx then swaps nothing.
document.addEventListener("htmx:config:request", (event) => {
  const part = event.target;
  if (part.matches("[data-live]")) event.detail.ctx.request.headers["HX-PTag"] = part.dataset.ptag;
});
// Not while the page is hidden (another app, a locked phone), and at once when it shows
// again. Nor while someone is typing in it (a tally, an overrule's reason): a change from another
// phone then waits until they leave the field, so what they typed is never swapped away.
const typing = (part) => {
  const active = document.activeElement;
  return active && part.contains(active) && active.matches("input, textarea, select");
};
document.addEventListener("htmx:before:request", (event) => {
  const part = event.target;
  if (part.matches("[data-live]") && (document.hidden || typing(part))) event.preventDefault();
});
document.addEventListener("visibilitychange", () => {
  if (document.hidden || !window.htmx) return;
  document.querySelectorAll("[data-live]").forEach((part) => htmx.trigger(part, "kr-wake"));
});

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
  // a play that was not recorded stays said until an answer comes: the page's refresh,
  // failing too meanwhile, does not word it over
  if (!sent && notice.textContent === notice.dataset.post) return;
  notice.textContent = sent ? notice.dataset.post : notice.dataset.get;
}
function clearNoConnection() {
  const notice = connectionNotice();
  if (notice) notice.textContent = "";
}
document.addEventListener("htmx:error", showNoConnection);
document.addEventListener("htmx:after:request", clearNoConnection);

// -- a form sent without htmx (a plain POST) keeps what was typed in: when no answer comes
// (the offline page), the way back finds every entry again, even those the browser does
// not put back itself (autocomplete="off"). Kept for this tab only (sessionStorage).
function keptKey(form) {
  return "kept-form:" + location.pathname + ":" + Array.from(document.forms).indexOf(form);
}
function keepEntries(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method !== "post" || form.hasAttribute("hx-post")) return;
  const entries = [];
  Array.from(form.elements).forEach((field, at) => {
    if (!field.name || ["hidden", "submit", "button", "file"].includes(field.type)) return;
    const ticked = field.type === "checkbox" || field.type === "radio";
    entries.push([at, field.name, ticked ? field.checked : field.value]);
  });
  try {
    sessionStorage.setItem(keptKey(form), JSON.stringify(entries));
  } catch { /* storage full or off: the browser's own restoring remains */ }
}
function restoreEntries() {
  const visit = performance.getEntriesByType("navigation")[0];
  Array.from(document.forms).forEach((form) => {
    let kept = null;
    try {
      kept = sessionStorage.getItem(keptKey(form));
      sessionStorage.removeItem(keptKey(form));
    } catch { return; }
    if (!kept || !visit || visit.type !== "back_forward") return;
    JSON.parse(kept).forEach(([at, name, value]) => {
      const field = form.elements[at];
      if (!field || field.name !== name) return;
      if (field.type === "checkbox" || field.type === "radio") field.checked = value;
      else field.value = value;
    });
  });
}
document.addEventListener("submit", keepEntries);
document.addEventListener("DOMContentLoaded", restoreEntries);

// Dates and times are shown in this phone's time zone: the server learns it from a cookie
// (without it, the capital's of the page's language).
try {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes(`tz=${zone}`)) {
    document.cookie = `tz=${zone}; path=/; max-age=31536000; samesite=lax`;
  }
} catch { /* no Intl: the language's capital */ }

// -- the round panel after this phone's own change (a card picked, a play, an undo): the
// panel morphs in place (templates/rounds/_common.html), so a control that stays keeps the
// focus; when it is gone (the pack after a card is picked, the plays after a play) the
// keyboard goes on from the panel's [data-next]. A prompt at a field is brought into view;
// otherwise a panel left scrolled away is shown from the top. A poll changes neither.
const FOCUSABLE = "button, a[href], input:not([type=hidden]), select, textarea";
const usable = (element) => element && element !== document.body && element.isConnected &&
  element.getClientRects().length > 0;
document.addEventListener("htmx:before:request", (event) => {
  const ctx = event.detail && event.detail.ctx;
  if (ctx && !event.target.matches("[data-live]")) ctx.fromPhone = true;
});
document.addEventListener("htmx:after:swap", (event) => {
  const ctx = event.detail && event.detail.ctx;
  const panel = document.getElementById("round");
  if (!ctx || !ctx.fromPhone || !panel || ctx.target !== panel) return;
  const prompt = panel.querySelector(".field-error");
  if (!usable(document.activeElement)) {
    const mark = prompt ? prompt.closest("form") : panel.querySelector("[data-next]");
    const next = mark && (mark.matches(FOCUSABLE) ? mark : mark.querySelector(FOCUSABLE));
    if (next) next.focus({ preventScroll: true });
  }
  if (prompt) prompt.scrollIntoView({ block: "nearest" });
  else if (panel.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
});
// The new-match page shows only the partnerships the variant and the number of players
// take (/variants.css). A choice hidden since it was made is not sent unseen: the first
// one in sight is chosen instead ("everyone for themselves", or pairs where only pairs
// seat the players). Without this script the server refuses it, and shows it with why.
const shown = (element) => getComputedStyle(element).display !== "none";
document.addEventListener("change", (event) => {
  if (!event.target.matches("#new-match #variant, #new-match [name=players]")) return;
  const select = event.target.form.querySelector("#partnerships");
  if (!select) return;
  const choice = select.options[select.selectedIndex];
  if (!shown(select.closest("#partnering"))) {
    select.value = "";
  } else if (choice && !shown(choice)) {
    const first = Array.from(select.options).find(shown);
    if (first) select.value = first.value;
  }
});
