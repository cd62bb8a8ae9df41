// The table for keyboard and screen reader players. What happens is said in one polite live
// region (each new move, a deal's end, "Your turn", the match's end); when a turn starts with
// nothing focused, the focus goes to the first move, so Enter or Space plays it; a dialog gives
// the focus back to what opened it, or to its like if the table was redrawn meanwhile.
import { el, t } from "/static/common.js";

const A = { seen: null, results: 0, turnAt: null, finished: false };

// The region is in the page from its start (#announce): lines added to it later are read.
export function announce(text) {
  const region = document.getElementById("announce");
  region.append(el("p", {}, text));  // the last few lines are kept
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

// After a state message `m` is drawn; `names` the seats' names.
export function stateDrawn(m, names) {
  const last = m.log.length ? m.log[m.log.length - 1].i : -1;
  if (A.seen === null) {  // the first snapshot: what happened before is in the log, not said
    A.seen = last;
    A.results = m.results.length;
    A.finished = m.finished;
  }
  for (const e of m.log) {
    if (e.i <= A.seen) continue;
    announce(e.text || t("{name}: {move}", { name: names[e.seat], move: e.action }));
  }
  A.seen = Math.max(A.seen, last);
  for (let d = A.results + 1; d <= m.results.length; d++) announce(t("Deal {deal} over: {text}", { deal: d, text: m.results[d - 1].text }));
  A.results = m.results.length;
  if (m.finished && !A.finished) announce(t("The match is over."));
  A.finished = m.finished;
  const v = m.view;
  const turn = m.seat !== null && v.to_act === m.seat && !m.finished && (v.legal || []).length > 0;
  if (turn && A.turnAt !== m.sid) {  // a turn starts (a trick's winner leads again: a new one)
    A.turnAt = m.sid;
    announce(t("Your turn"));
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) {
      const first = document.querySelector("#hand .card.playable, #actions [data-action]:not([disabled])");
      if (first) first.focus({ preventScroll: true });
    }
  }
}

// Every dialog opened with openDialog (#dlg): Tab and Shift+Tab go round inside it (a modal
// dialog alone lets the focus leave for the browser's own bar), and the focus goes back where it
// was when it closes. The give-back runs as the dialog loses its open attribute, not on its
// close event: that event comes a task later, and meanwhile a table redrawn under the dialog
// has left the focus on the page's body (the browser's own give-back found the opener gone).
export function dialogFocus() {
  let opener = null;
  document.addEventListener("focusin", ev => {
    const dlg = document.getElementById("dlg");
    if (!dlg || !dlg.open || !dlg.contains(ev.target)) opener = ev.target;
  });
  new MutationObserver(changes => {
    if (!opener || !changes.some(c => c.target.id === "dlg" && !c.target.open)) return;
    const back = opener.isConnected ? opener : likeOf(opener);
    if (back && !back.disabled) back.focus({ preventScroll: true });
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
  document.addEventListener("keydown", ev => {
    const dlg = document.getElementById("dlg");
    if (ev.key !== "Tab" || !dlg || !dlg.open) return;
    const stops = [...dlg.querySelectorAll("button, a[href], input, select, textarea, [tabindex]:not([tabindex='-1'])")]
      .filter(n => !n.disabled && n.getClientRects().length);
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    const at = document.activeElement;
    if (ev.shiftKey ? at === first || !dlg.contains(at) : at === last || !dlg.contains(at)) {
      (ev.shiftKey ? last : first).focus();
      ev.preventDefault();
    }
  });
}

// The redrawn element standing for a removed one: the same card, move or button.
function likeOf(node) {
  const key = node.id ? `#${CSS.escape(node.id)}`
    : node.dataset.code ? `#hand [data-code="${CSS.escape(node.dataset.code)}"]`
      : node.dataset.action ? `#actions [data-action="${CSS.escape(node.dataset.action)}"]` : null;
  return key ? document.querySelector(key) : null;
}
