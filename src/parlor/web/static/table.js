// The table: draws whatever the server sends for this seat (or the public view), sends moves.
// Generic over games: the view's common keys, the game's table lines, card roles, legal moves.
import { api, el, cardEl, backEl, meldEls, gameCatalogue, markdown, openDialog, closeDialog, rememberSeat, freshSeed, t, tn, LANG, languageMenu } from "/static/common.js";
import { emblemSvg } from "/static/cards.js";
import { announce, stateDrawn, dialogFocus } from "/static/a11y.js";

const $ = id => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let token = new URLSearchParams(location.hash.slice(1)).get("seat");
if (token) rememberSeat(tableId, token);  // the lobby's "My tables" brings a lost seat back

const S = {
  ws: null, msg: null, game: null, faces: {}, teams: null, log: new Map(), pending: false, retry: 0,
  hints: null, error: "", results: [], sheet: "", resultsSeen: -1, banner: "", inbox: Promise.resolve(),
  connected: false,  // the socket is open and has sent its snapshot: moves can be sent
  suits: {}, deal: null, firstDrawn: new Map(), shownDone: null, wasMyTurn: false,
  turnKey: "", turnSince: 0, thinkTimer: null, audio: null,
};
const ANIM_MS = 400;  // dealing, playing and collecting a trick (style.css: the same length)
const DEAL_STEP_MS = 40;  // between two cards dealt into the hand
const THINK_MS = 1000;  // a computer's turn this long shows that it is thinking

// ---- connection
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws`);
  S.ws = ws;
  ws.onopen = () => {
    S.retry = 0;
    // a fair table adds this person's seed to the deals after this one (the first time only)
    ws.send(JSON.stringify({ type: "hello", table: tableId, token: token || null, seed: freshSeed(), lang: LANG }));
  };
  // One message at a time, in order: a snapshot waits for the game catalogue, and the messages
  // behind it must not be drawn first and then overwritten by it (a stale table, stuck).
  ws.onmessage = ev => {
    const m = JSON.parse(ev.data);
    S.inbox = S.inbox.then(() => onMessage(m)).catch(e => setTimeout(() => { throw e; }));
  };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    S.pending = false;
    if (S.connected) announce(t("Connection lost — reconnecting…"));
    S.connected = false;
    if (S.msg) render();  // nothing can be clicked until the table is back
    else setStatus(t("Connection lost — reconnecting…"), false);
    const delay = Math.min(5000, 500 * 2 ** S.retry++);
    setTimeout(connect, delay);
  };
}

// Whether the message went out: while reconnecting nothing is sent.
function send(obj) {
  if (!S.connected || S.ws.readyState !== WebSocket.OPEN) return false;
  S.ws.send(JSON.stringify(obj));
  return true;
}

// `sid`: the state at which the move was shown; the server refuses it once the table moved on.
function act(action, sid) {
  if (S.pending || !send({ type: "act", action, sid })) return;
  S.pending = true;
  S.error = "";
  closeDialog();
  render();
}

async function onMessage(m) {
  if (m.type === "state") {
    if (m.snapshot) {
      if (m.token && m.token !== token) {  // an invite link is claimed once: keep the seat's new link
        token = m.token;
        rememberSeat(tableId, token);
        history.replaceState(null, "", `#seat=${token}`);
      }
      S.log = new Map();
      S.game = m.game;
      S.settings = m.settings;
      S.fair = m.fair || null;
      S.invites = m.invites || null;
      S.reissue = m.reissue || [];  // the host's: friends' seats it may give a new link
      S.host = m.host;
      const cat = await gameCatalogue();
      const g = cat.games.find(x => x.id === m.game.id);
      S.faces = g ? g.faces : {};
      S.suits = g ? g.suits : {};
      S.teams = g ? g.teams : null;
      S.tricks = g ? g.tricks : true;
      $("b-last").classList.toggle("hidden", !S.tricks);  // Tőr has no tricks
      document.title = t("parlor — {game}", { game: m.game.title });
      $("b-learn").href = `/learn/${encodeURIComponent(m.game.id)}`;
    }
    for (const e of m.log) S.log.set(e.i, e);
    // each deal's result comes once (from results_from on; a snapshot brings them all) and the
    // score sheet only when it changed: the table keeps them, and the message is made whole
    if (m.snapshot) S.results = [];
    m.results.forEach((r, k) => { S.results[m.results_from + k] = r; });
    if (m.sheet !== null) S.sheet = m.sheet;
    m.results = S.results;
    m.sheet = S.sheet;
    if (S.msg && m.sid !== S.msg.sid) {  // what was shown for the old state goes with it
      S.hints = null;
      S.error = "";
      if (document.querySelector("#dlg[open] .chooser")) closeDialog();
    }
    if (m.results.length > S.resultsSeen && S.resultsSeen >= 0 && m.results.length) {
      const r = m.results[m.results.length - 1];
      S.banner = t("Deal {n} is over: {text}", { n: m.results.length, text: r.text });
      S.bannerSid = m.sid;
    }
    if (S.banner && m.sid > S.bannerSid + m.view.seats) S.banner = "";
    S.resultsSeen = m.results.length;
    S.msg = m;
    // a timed turn: the seconds left when the server sent it, counted down from its arrival
    S.turnEnd = m.turn_left === null || m.turn_left === undefined ? null : performance.now() + m.turn_left * 1000;
    S.pending = false;
    if (m.snapshot) S.connected = true;
    render();
    stateDrawn(m, names());
  } else if (m.type === "error") {
    S.pending = false;
    S.error = m.message;
    if (!S.msg) setStatus(m.message, false, true);
    else render();
  } else if (m.type === "hint") {
    S.hints = m;
    renderHints();
  }
}

// ---- the turn timer's countdown, beside the turn cue
function turnClockText() {
  const left = Math.max(0, Math.ceil((S.turnEnd - performance.now()) / 1000));
  return t("{seconds} s left", { seconds: left });
}

setInterval(() => {
  const clock = $("turn-clock");
  if (clock && S.turnEnd !== null) clock.textContent = turnClockText();
}, 250);

// ---- helpers
const names = () => S.msg.view.names || S.msg.players.map(p => p.name);
const mySeat = () => S.msg.seat;
// A legal move as a person says it (the server's legal_words), else its action string.
const moveWords = a => (S.msg.legal_words || {})[a] || a;
// A computer level by its name in the reader's language (the game catalogue's).

function setStatus(text, yours, isError) {
  const st = $("status");
  st.className = "status" + (yours ? " yours" : "");
  st.replaceChildren(isError ? el("span", { class: "err" }, text) : text);
}

function seatOrder() {
  const n = S.msg.view.seats;
  const me = mySeat();
  const order = [];
  if (me === null) { for (let s = 0; s < n; s++) order.push(s); return order; }
  for (let k = 1; k < n; k++) order.push((me + k) % n);
  return order;
}

function actionMap(view) {
  const hand = new Set(view.hand || []);
  const byCard = new Map();
  const buttons = [];
  for (const a of view.legal || []) {
    const named = [...new Set(a.split(" ").filter(w => hand.has(w)))];
    if (named.length) for (const c of named) { if (!byCard.has(c)) byCard.set(c, []); byCard.get(c).push(a); }
    else buttons.push(a);
  }
  return { byCard, buttons };
}

function badges(s) {
  const p = S.msg.players[s];
  const v = S.msg.view;
  const out = [];
  if (v.dealer === s) out.push(el("span", { class: "badge dealer", title: t("dealer") }, t("dealer")));
  if (S.teams) out.push(el("span", { class: `badge team team-${S.teams[s]}` }, t("team {team}", { team: S.teams[s] })));
  if (p.kind === "computer") out.push(el("span", { class: "badge cpu" }, t("computer · {level}", { level: p.level_name })));
  else if (p.standin) out.push(el("span", { class: "badge off" }, t("away · computer holds the seat")));
  else if (!p.joined) out.push(el("span", { class: "badge off" }, t("not joined yet")));
  else out.push(el("span", { class: p.connected ? "badge on" : "badge off" }, p.connected ? t("here") : t("away")));
  return out;
}

// A seat's public facts (the view's seat_facts): a bid and the tricks taken as "2/1" (bid 2,
// taken 1), a declaration ("pass") in the server's words; the tricks taken only once the play has begun.
function factEls(s) {
  const v = S.msg.view;
  const f = (v.seat_facts || [])[s] || {};
  const playing = (v.tricks || []).length > 0 || (v.trick || []).length > 0;
  const out = [];
  if (Number.isInteger(f.bid)) {
    out.push(el("span", { class: "fact", "data-fact": "bid", title: t("bid {bid}, taken {won}", { bid: f.bid, won: f.won }) }, `${f.bid}/${f.won}`));
  }
  for (const [k, val] of Object.entries(f)) {
    if (val === null || k === "bid" || (k === "won" && (Number.isInteger(f.bid) || !playing))) continue;
    const text = k === "won" ? t("took {count}", { count: val }) : Number.isInteger(val) ? `${k} ${val}`
      : ((S.msg.facts || [])[s] || {})[k] ?? val;
    out.push(el("span", { class: "fact", "data-fact": k }, text));
  }
  return out;
}

// The compact header: the deal (of how many, where the game counts them), the chapter, the
// dealer, the trump drawn as its suit's emblem (or none).
function headerFacts(v, nm) {
  const chip = (text, attrs = {}) => el("span", { class: "chip", ...attrs }, text);
  const total = Number.isInteger(v.deals) ? v.deals : v.num_deals;
  const out = [chip(Number.isInteger(total) ? t("Deal {deal} of {total}", { deal: v.deal, total }) : t("Deal {deal}", { deal: v.deal }), { "data-fact": "deal" })];
  if (Number.isInteger(v.chapter)) out.push(chip(t("Chapter {n}", { n: v.chapter }), { "data-fact": "chapter" }));
  out.push(chip(t("Dealer {name}", { name: nm[v.dealer] }), { "data-fact": "dealer" }));
  const suit = typeof v.trump === "string" && S.suits[v.trump];
  if (suit) {
    const node = chip(t("Trump: {suit}", { suit: suit.n }), { class: `chip trump c${suit.c}`, "data-fact": "trump" });
    node.insertAdjacentHTML("afterbegin", emblemSvg(suit.e));
    out.push(node);
  } else if (v.trump === "none") {  // Joker's deal without a trump
    out.push(chip(t("No trump"), { "data-fact": "trump" }));
  }
  if (mySeat() === null) out.push(chip(t("watching"), { "data-fact": "watching" }));
  // a rated match: its result changes the players' ratings (issue 35)
  if (S.settings && S.settings.rated) {
    out.push(chip(t("rated"), { class: "chip rated", "data-fact": "rated", title: t("this match counts for the players' ratings") }));
  }
  return out;
}

// Where each seat sits, relative to the person at the bottom (a spectator: seat 0): the seats
// after it in play order go up the left side, across the top, down the right side.
function placeSeats(n, base) {
  const others = n - 1;
  const side = Math.floor((others + 1) / 3);
  const place = new Map();
  for (let r = 1; r < n; r++) {
    place.set((base + r) % n, r <= side ? "l" : r <= others - side ? "t" : "r");
  }
  return place;
}

// The direction from the middle of the table towards seat s: play goes round the table from the
// bottom, up the left, across and down the right.
function towards(s) {
  const n = S.msg.view.seats;
  const r = (s - (mySeat() ?? 0) + n) % n;
  const a = Math.PI / 2 + (2 * Math.PI * r) / n;
  return { x: Math.cos(a), y: Math.sin(a) };
}

// A short animation, drawn once however often the table is redrawn meanwhile: the time since
// `key` was first drawn, as a negative delay, so that a redraw resumes it where it was.
function animStyle(key, delay = 0) {
  const now = performance.now();
  if (!S.firstDrawn.has(key)) S.firstDrawn.set(key, now);
  const late = now - S.firstDrawn.get(key) - delay;
  return late < ANIM_MS ? `animation-delay: ${-late}ms` : null;
}

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

// The seat a computer plays while it thinks longer than a second (from whose turn it is and a
// timer here: the server says nothing of thinking).
function thinkingSeat(m) {
  const s = m.view.to_act;
  if (s === null || s === undefined || m.finished) return null;
  const p = m.players[s];
  if (p.kind !== "computer" && !p.standin) return null;
  return performance.now() - S.turnSince >= THINK_MS ? s : null;
}

function watchTurn(m) {
  const key = `${m.sid}:${m.view.to_act}`;
  if (key === S.turnKey) return;
  S.turnKey = key;
  S.turnSince = performance.now();
  clearTimeout(S.thinkTimer);
  S.thinkTimer = setTimeout(render, THINK_MS + 20);
}

// ---- drawing
function render() {
  const m = S.msg;
  if (!m) return;
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#hand [data-code], #actions [data-action]");
  const focusKey = focused ? (focused.dataset.code ? `[data-code="${CSS.escape(focused.dataset.code)}"]` : `[data-action="${CSS.escape(focused.dataset.action)}"]`) : null;
  draw(m);
  if (focusKey) {
    const again = document.querySelector(`#hand ${focusKey}, #actions ${focusKey}`);
    if (again && !again.disabled) again.focus();
  }
}

function draw(m) {
  const v = m.view;
  const nm = names();
  const me = mySeat();
  const myTurn = me !== null && v.to_act === me && !m.finished;
  if (v.deal !== S.deal) { S.deal = v.deal; S.firstDrawn = new Map(); }
  watchTurn(m);
  if (myTurn && !S.wasMyTurn && S.connected) chime();
  S.wasMyTurn = myTurn;
  $("title").textContent = S.game ? S.game.title : v.game;
  document.title = myTurn ? t("● Your turn — parlor") : t("parlor — {game}", { game: S.game ? S.game.title : v.game });
  $("dealinfo").replaceChildren(...headerFacts(v, nm));

  // status
  if (!S.connected) {
    setStatus(t("Connection lost — reconnecting…"), false);
  } else if (m.finished) {
    const w = m.winners.map(s => nm[s]);
    setStatus(w.length ? tn("The match is over. Winner: {names}", "The match is over. Winners: {names}", w.length, { names: w.join(", ") })
      : t("The match is over. A draw."), false);
  } else if (me !== null && v.to_act === me && (v.legal || []).length) {
    const { byCard, buttons } = actionMap(v);
    setStatus(S.pending ? t("Sending…") : !byCard.size ? t("Your turn. Choose a move.")
      : buttons.length ? t("Your turn. Click a highlighted card or a button.") : t("Your turn. Click a highlighted card."), true);
  } else if (v.to_act !== null && v.to_act !== undefined) {
    const p = m.players[v.to_act];
    setStatus(p.kind === "computer" || p.standin ? t("Waiting for {name} (computer)…", { name: nm[v.to_act] })
      : t("Waiting for {name}…", { name: nm[v.to_act] }), false);
  } else {
    setStatus("…", false);
  }
  const st = $("status");
  if (S.banner) st.append(el("span", { class: "banner", "data-banner": "", title: S.banner }, S.banner));
  if (S.error) st.append(el("span", { class: "err", role: "alert" }, S.error));

  // the other seats, around the felt
  const thinking = thinkingSeat(m);
  const place = placeSeats(v.seats, me ?? 0);
  const seatBox = s => {
    const size = (v.hand_sizes || [])[s] || 0;
    const backs = [];
    for (let k = 0; k < Math.min(size, 8); k++) backs.push(backEl(true));
    const cls = ["seatbox", v.to_act === s ? "toact" : "", thinking === s ? "thinking" : "", S.teams ? `team-${S.teams[s]}` : ""];
    return el("div", { class: cls.filter(Boolean).join(" "), "data-seat": s },
      el("div", { class: "nm" }, el("span", { class: "name" }, nm[s]), badges(s)),
      el("div", { class: "info" }, factEls(s), el("span", { class: "score" }, t("score {score}", { score: m.scores[s] }))),
      el("div", { class: "backs", role: "img", "aria-label": tn("{count} card", "{count} cards", size) }, backs, el("span", { class: "count" }, tn("{count} card", "{count} cards", size))),
      thinking === s ? el("div", { class: "think" }, t("thinking"), el("span", { class: "dots" }, "…")) : null);
  };
  const sides = { l: [], t: [], r: [], b: [] };
  for (let s = 0; s < v.seats; s++) {
    if (s === me) continue;
    sides[place.get(s) || "b"].push(seatBox(s));
  }
  sides.l.reverse();  // the left side is filled from the bottom up
  $("opponents").replaceChildren(...Object.entries(sides).map(([k, boxes]) => el("div", { class: `rim rim-${k}` }, boxes)));

  // the trick, each card towards its player; between tricks the one just completed stays with
  // its winner marked until the next card is led or it is clicked away, then goes to the winner
  const done = completedTrick(m);
  const trickBox = $("trick");
  const leaving = S.shownDone && (!done || trickKey(done) !== S.shownDone.key)
    ? { winner: S.shownDone.winner, cards: [...trickBox.querySelectorAll(".card")].map(n => ({ node: n, rect: n.getBoundingClientRect() })) }
    : null;
  S.shownDone = done ? { key: trickKey(done), winner: done.winner } : null;
  trickBox.classList.toggle("hidden", !S.tricks);
  trickBox.classList.toggle("done", !!done);
  trickBox.dataset.seats = v.seats;
  const slot = (s, c, k, winner) => {
    const to = towards(s);
    // --x, --y: on an ellipse; --gx, --gy: the cell of a ring of three by three (eight seats on
    // a wide table: the middle cell left free for the sentence naming the winner)
    const style = `--x: ${50 + 36 * to.x}%; --ty: ${to.y.toFixed(3)}; --gx: ${Math.round(1.3 * to.x)}; --gy: ${Math.round(1.3 * to.y)}; `
      + `--fx: ${Math.round(160 * to.x)}px; --fy: ${Math.round(160 * to.y)}px; z-index: ${k + 1};`;
    const anim = animStyle(`t:${s}:${c}`);
    return el("div", { class: "slot" + (anim ? " fresh" : "") + (s === winner ? " winner" : ""), "data-seat": s, style: style + (anim ? ` ${anim}` : "") },
      cardEl(c, S.faces, { role: m.roles[c] }),
      el("span", { class: "who" }, s === winner ? `★ ${nm[s]}` : nm[s]));
  };
  if (done) {
    const said = done.text || t("{name} wins the trick", { name: nm[done.winner] });
    trickBox.replaceChildren(...done.cards.map(([s, c], k) => slot(s, c, k, done.winner)),
      el("p", { class: "trick-won", id: "trick-won" }, said));
    trickBox.onclick = () => { S.trickSeen = trickKey(done); render(); };
  } else {
    trickBox.onclick = null;
    trickBox.replaceChildren(...(v.trick || []).map(([s, c], k) => slot(s, c, k, null)));
  }
  $("lines").replaceChildren(...m.lines.map(t => el("li", {}, t)));
  // the piles and cards shown beside the trick (the stock, a face-up card, your discard),
  // labelled by the server
  const piles = m.shown.map(([k, codes]) => el("div", { class: "pile" + (codes.length > 3 ? " stacked" : "") },
    el("div", { class: "row" }, codes.map(c => cardEl(c, S.faces, { role: m.roles[c], small: S.tricks || codes.length > 3 }))),
    el("span", { class: "who" }, k)));
  if (Number.isInteger(v.stock_size)) {
    piles.unshift(el("div", { class: "pile stock", "data-stock": v.stock_size },
      el("div", { class: "row" }, v.stock_size ? backEl(S.tricks) : null), el("span", { class: "who" }, t("stock {count}", { count: v.stock_size }))));
  }
  $("extra").replaceChildren(...piles);
  $("melds").replaceChildren(...meldEls(v, S.faces, m.roles, nm));
  $("felt").classList.toggle("no-tricks", !S.tricks);

  // my seat
  const meBox = $("me");
  meBox.classList.toggle("yours", myTurn);
  if (me === null) {
    meBox.replaceChildren(el("div", { class: "nm" }, t("You are watching: the public view only, no hidden card.")));
  } else {
    const { byCard, buttons } = actionMap(v);
    const sid = m.sid;  // a click sends the state it was shown at, however late it comes
    const hand = (v.hand || []).map((c, k) => {
      const acts = byCard.get(c);
      const playable = myTurn && acts && !S.pending && S.connected;
      const anim = animStyle("deal", k * DEAL_STEP_MS);
      const node = cardEl(c, S.faces, { role: m.roles[c], button: true,
        cls: (playable ? "playable" : (myTurn && byCard.size ? "dim" : "")) + (anim ? " dealt" : "") });
      if (anim) node.setAttribute("style", anim);
      if (playable) node.addEventListener("click", () => chooseFor(c, acts, sid));
      else node.disabled = !myTurn || !S.connected;
      node.tabIndex = playable ? 0 : -1;
      return node;
    });
    const btns = myTurn ? buttons.map((a, k) => el("button", {
      class: "btn", type: "button", "data-action": a, disabled: S.pending || !S.connected,
      onclick: () => act(a, sid), title: moveKey(k) && t("key {key}", { key: moveKey(k) }),
    }, moveKey(k) && el("span", { class: "kbd" }, moveKey(k)), " ", moveWords(a))) : [];
    meBox.replaceChildren(
      el("div", { class: "nm", id: "me-name", "data-seat": me }, t("{name} (you)", { name: nm[me] }), badges(me), factEls(me),
        el("span", { class: "small" }, t("score {score}", { score: m.scores[me] })),
        myTurn ? el("span", { class: "turn-cue", id: "turn-cue" }, S.pending ? t("Sending…") : t("Your turn")) : null,
        myTurn && S.turnEnd !== null ? el("span", { class: "turn-clock", id: "turn-clock", role: "timer" }, turnClockText()) : null),
      el("div", { class: "hand", id: "hand", role: "group", "aria-label": t("your hand") }, hand.length ? hand : el("span", { class: "muted small" }, t("no cards"))),
      el("div", { class: "actions", id: "actions" }, btns));
  }
  if (leaving) collect(leaving);

  // side
  $("scores").replaceChildren(...nm.flatMap((n, s) => [el("span", {}, s === me ? t("{name} (you)", { name: n }) : n), el("strong", {}, m.scores[s])]));
  renderLog();
  renderInvites();
  renderFinished();
  renderFair();
  renderHints();
  const hintsAllowed = S.settings ? S.settings.hints : true;
  $("b-hint").classList.toggle("hidden", !(hintsAllowed && $("hints-on").checked && myTurn));
}

// The trick just taken slides to its winner's seat.
function collect({ winner, cards }) {
  const seat = winner === mySeat() ? $("me-name") : document.querySelector(`#opponents [data-seat="${winner}"]`);
  if (!seat || reducedMotion()) return;
  const to = seat.getBoundingClientRect();
  for (const { node, rect } of cards) {
    const ghost = node.cloneNode(true);
    ghost.classList.add("flying");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    document.body.append(ghost);
    const dx = to.left + to.width / 2 - (rect.left + rect.width / 2);
    const dy = to.top + to.height / 2 - (rect.top + rect.height / 2);
    ghost.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0.3 }],
      { duration: ANIM_MS, easing: "ease-in" }).onfinish = () => ghost.remove();
  }
}

// A short two-note chime when it becomes your turn, if the sound is on (off by default).
function chime() {
  if (!S.audio || !$("sound-on").checked) return;
  const t = S.audio.currentTime;
  const osc = S.audio.createOscillator();
  const gain = S.audio.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(660, t);
  osc.frequency.setValueAtTime(880, t + 0.12);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.4);
  osc.connect(gain).connect(S.audio.destination);
  osc.start(t);
  osc.stop(t + 0.45);
}

const trickKey = t => `${t.deal}:${JSON.stringify(t.cards)}`;

// The trick just completed, while no card of the next one is down (and it was not clicked away).
function completedTrick(m) {
  const t = m.last_trick;
  if (!S.tricks || !t || !t.cards || t.winner === null || t.winner === undefined) return null;
  if ((m.view.trick || []).length || S.trickSeen === trickKey(t)) return null;
  return t;
}

function renderLog() {
  const nm = names();
  const entries = [...S.log.values()].sort((a, b) => a.i - b.i).slice(-80);
  const items = [];
  const results = S.msg.results;
  const over = d => { if (d !== null && results[d - 1]) items.push(el("li", { class: "deal" }, t("Deal {deal} over: {text}", { deal: d, text: results[d - 1].text }))); };
  // a deal settled as it was dealt has no move, only its result: said between its neighbours
  const settled = (after, before) => { for (let d = after + 1; d < before; d++) if (results[d - 1]) { items.push(el("li", { class: "deal" }, t("Deal {deal}", { deal: d }))); over(d); } };
  let deal = entries.length && entries[0].i > 0 ? null : 0;  // 0: the log starts with the match
  entries.forEach((e, k) => {
    if (e.deal !== deal) { over(deal); if (deal !== null) settled(deal, e.deal); deal = e.deal; items.push(el("li", { class: "deal" }, t("Deal {deal}", { deal }))); }
    items.push(el("li", { class: k === entries.length - 1 ? "latest" : "", "data-action": e.action }, e.text || t("{name}: {move}", { name: nm[e.seat], move: e.action })));
  });
  over(deal);
  if (deal !== null) settled(deal, results.length + 1);
  const log = $("log");
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

function renderInvites() {
  const box = $("invites");
  const players = S.msg.players;
  const waiting = s => players[s].kind === "person" && !players[s].joined;
  const inv = (S.invites || []).filter(i => waiting(i.seat));
  // a host gone past the grace: anyone seated may let a computer play a seat nobody took
  const hostAway = !S.invites && mySeat() !== null && S.host !== null && players[S.host].standin;
  if (hostAway && players.some((p, s) => waiting(s))) {
    box.classList.remove("hidden");
    box.replaceChildren(el("h3", {}, t("The host is away")), ...players.flatMap((p, s) => waiting(s) ? [
      el("div", { class: "form-row" }, el("span", {}, t("{name} (seat {seat}) has not come", { name: p.name, seat: s })),
        el("button", { class: "btn", type: "button", "data-fill": s, disabled: !S.connected, onclick: () => send({ type: "fill", seat: s }) }, t("Computer plays")))] : []));
    return;
  }
  // a friend's seat taken, not one given to a computer since the seat list came (S.reissue)
  const seated = (S.reissue || []).filter(s => players[s].kind === "person" && !waiting(s));
  if (!inv.length && !seated.length) { box.classList.add("hidden"); return; }
  const newLink = s => el("button", { class: "btn", type: "button", "data-reissue": s, title: t("the old link stops working"),
    disabled: !S.connected, onclick: () => send({ type: "reissue", seat: s }) }, t("New link"));
  box.classList.remove("hidden");
  box.replaceChildren(...(inv.length ? [el("h3", {}, t("Invite a friend"))] : []), ...inv.map(i => {
    const link = `${location.origin}/table/${tableId}#seat=${i.token}`;
    return el("div", { class: "form-row" }, el("span", {}, t("{name} (seat {seat})", { name: i.name, seat: i.seat })),
      el("span", { class: "linkbox", "data-invite": i.seat }, link),
      el("button", { class: "btn", type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, t("Copy")),
      newLink(i.seat),
      el("button", { class: "btn", type: "button", "data-fill": i.seat, title: t("the link stops working"),
        disabled: !S.connected, onclick: () => send({ type: "fill", seat: i.seat }) }, t("Computer plays")));
  }), ...(seated.length ? [el("h3", {}, t("Friends' seats"))] : []), ...seated.map(s =>
    el("div", { class: "form-row" }, el("span", {}, t("{name} (seat {seat})", { name: players[s].name, seat: s })), newLink(s))));
}

// A fair table: the commitment published before the first deal; once over, the deals verified.
function renderFair() {
  const box = $("fair");
  if (!S.fair) { box.classList.add("hidden"); return; }
  box.classList.remove("hidden");
  const seeds = S.fair.client_seeds.length;
  box.replaceChildren(el("h3", {}, t("Fair deals")),
    el("p", {}, t("Before the first deal the server committed to its secret seed:"), " ",
      el("code", { id: "commitment", class: "digest", title: S.fair.commitment }, S.fair.commitment.slice(0, 16) + "…")),
    el("p", {}, tn("{count} player's seed is mixed into the shuffles.", "{count} players' seeds are mixed into the shuffles.", seeds)),
    S.msg.finished ? el("p", {}, el("a", { href: `/verify?table=${encodeURIComponent(tableId)}`, id: "verify-link" }, t("Verify the deals")))
      : el("p", {}, el("a", { href: "/about#fair" }, t("How fair deals work"))));
}

function renderFinished() {
  const box = $("finished");
  if (!S.msg.finished) { box.classList.add("hidden"); return; }
  box.classList.remove("hidden");
  // Play again: the same seats at a new table; a player opening the old one is taken there
  if (S.msg.again && S.msg.snapshot && mySeat() !== null) { playAgain(); return; }
  box.replaceChildren(el("h3", {}, t("The match is over")),
    // a spectator has no seat to take again (replaceChildren would write a null as "null")
    ...(mySeat() !== null ? [el("p", {}, el("button", { class: "btn primary", type: "button", id: "play-again", onclick: playAgain },
      S.msg.again ? t("Take your seat at the next match") : t("Play again")))] : []),
    el("p", {}, el("a", { href: `/api/tables/${tableId}/record`, download: "", id: "record-link" }, t("Download the record")),
      " ", t("(seed, every deal and move)"), " · ", el("a", { href: `/replay/${tableId}` }, t("Replay")),
      " · ", el("a", { href: `/review/${tableId}` + (mySeat() !== null ? `?seat=${mySeat()}` : ""), id: "review-link" },
        t("Review: where the match was won or lost"))),
    sheetEl());
}

// The score sheet; it may be wider than its box, so it can take the focus to be scrolled by keys.
function sheetEl() {
  return el("pre", { class: "sheet", tabindex: "0", "aria-label": t("Score sheet") }, S.msg.sheet);
}

async function playAgain() {
  try {
    const res = await api(`/api/tables/${tableId}/again`, { token });
    location.href = `/table/${res.id}#seat=${res.token}`;
  } catch (e) { setStatus(e.message, false, true); }
}

function renderHints() {
  const box = $("hints");
  document.querySelectorAll(".hinted").forEach(n => n.classList.remove("hinted"));
  const h = S.hints;
  if (!h || !S.msg || h.sid !== S.msg.sid) { box.classList.add("hidden"); return; }
  box.classList.remove("hidden");
  if (!h.hints.length) { box.replaceChildren(el("h3", {}, t("Hint")), el("p", {}, h.message || t("no hint"))); return; }
  box.replaceChildren(el("h3", {}, t("Hint")), el("ol", {}, h.hints.slice(0, 3).map(x =>
    el("li", {}, el("strong", { "data-action": x.action }, moveWords(x.action)), x.reason ? ` — ${x.reason}` : ""))));
  const best = h.hints[0].action;
  const hand = new Set(S.msg.view.hand || []);
  const card = best.split(" ").find(w => hand.has(w));
  const node = card ? document.querySelector(`#hand [data-code="${CSS.escape(card)}"]`) : document.querySelector(`#actions [data-action="${CSS.escape(best)}"]`);
  if (node) node.classList.add("hinted");
}

function chooseFor(code, actions, sid) {
  if (actions.length === 1) { act(actions[0], sid); return; }
  const body = el("div", { class: "chooser" }, cardEl(code, S.faces, { role: S.msg.roles[code] }),
    actions.map((a, k) => el("button", { class: "btn", type: "button", "data-action": a, onclick: () => act(a, sid) }, moveKey(k) && el("span", { class: "kbd" }, moveKey(k)), " ", moveWords(a))));
  const dlg = openDialog(t("How do you play this card?"), body);
  const first = dlg.querySelector("[data-action]");
  if (first) first.focus();
}

// ---- panels
function showSheet() {
  if (!S.msg) return;
  const rows = S.msg.results.map((r, k) => el("li", {}, t("Deal {deal}: {text}", { deal: k + 1, text: r.text })));
  openDialog(t("Score sheet"), el("div", {}, sheetEl(), rows.length ? el("ol", {}, rows) : el("p", {}, t("No deal finished yet."))));
}

function showLastTrick() {
  if (!S.msg) return;
  const last = S.msg.last_trick;
  const nm = names();
  const body = last ? el("div", {},
    el("div", { class: "lasttrick" }, last.cards.map(([s, c]) => el("div", { class: s === last.winner ? "slot won" : "slot" },
      cardEl(c, S.faces, { role: S.msg.roles[c] }), el("span", {}, s === last.winner ? `★ ${nm[s]}` : nm[s])))),
    last.winner !== null && last.winner !== undefined ? el("p", { id: "trick-winner" }, last.deal !== S.msg.view.deal
      ? t("{text} (deal {deal})", { text: last.text || t("Won by {name}", { name: nm[last.winner] }), deal: last.deal })
      : last.text || t("Won by {name}", { name: nm[last.winner] })) : "")
    : el("p", {}, t("No trick has been completed yet."));
  openDialog(t("Last trick"), body);
}

// How to play, its card markers ([[CODE]], see session/rules_text.py) drawn as small cards, with
// the full rules one click away.
async function showRules() {
  const gid = S.game ? S.game.id : (S.msg && S.msg.view.game);
  if (!gid) return;
  const title = S.game ? S.game.title : gid;
  const load = async (page, div) => {
    const res = await fetch(`/api/games/${encodeURIComponent(gid)}/${page}`);
    if (res.ok) div.innerHTML = markdown(await res.text());
    else div.replaceChildren(el("p", {}, t("The rules could not be loaded.")));
  };
  const full = el("button", { class: "btn", type: "button", id: "b-full-rules" }, t("Full rules"));
  full.addEventListener("click", async () => {
    const div = el("div", {});
    await load("rules", div);
    openDialog(t("Full rules: {game}", { game: title }), div);
  });
  const howto = el("div", { class: "howto" });
  await load("howto", howto);
  howto.innerHTML = howto.innerHTML.replace(/\[\[([A-Za-z0-9]+)\]\]/g, '<span data-card="$1"></span>');
  howto.querySelectorAll("[data-card]").forEach(m => m.replaceWith(cardEl(m.dataset.card, S.faces, { small: true })));
  openDialog(t("Rules: {game}", { game: title }), el("div", {}, el("p", {}, full), howto));
}

function showKeys() {
  const rows = [["← →", t("move between the cards you can play")], [t("Enter / Space"), t("play the card or press the button")],
    ["1 – 9, 0", t("the numbered move buttons")], ["H", t("hint")], ["L", t("last trick")], ["S", t("score sheet")], ["R", t("rules")], ["Esc", t("close")]];
  openDialog(t("Keyboard"), el("table", {}, rows.map(([k, d]) => el("tr", {}, el("td", {}, el("span", { class: "kbd" }, k)), el("td", {}, d)))));
}

function askHint() {
  if (!S.msg || mySeat() === null) return;
  send({ type: "hint", sid: S.msg.sid });
}

// The key of the k-th numbered move button (0-based): 1 to 9, then 0 (Joker bids 0 to 9).
function moveKey(k) {
  return k < 9 ? String(k + 1) : k === 9 ? "0" : null;
}

// Keys typed into a text field are text; a focused checkbox must not swallow the shortcuts.
function typing(target) {
  if (!target) return false;
  if (target.tagName === "INPUT") return !["checkbox", "radio", "button"].includes(target.type);
  return target.tagName === "SELECT" || target.tagName === "TEXTAREA";
}

function onKey(ev) {
  if (typing(ev.target)) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const numbered = /^[0-9]$/.test(ev.key) ? (ev.key === "0" ? 9 : Number(ev.key) - 1) : null;
  const dlg = document.getElementById("dlg");
  if (dlg && dlg.open) {
    if (numbered !== null) {
      const b = dlg.querySelectorAll("[data-action]")[numbered];
      if (b) { b.click(); ev.preventDefault(); }
    }
    return;
  }
  const k = ev.key;
  if (k === "ArrowLeft" || k === "ArrowRight") {
    const cards = [...document.querySelectorAll("#hand .card.playable")];
    if (!cards.length) return;
    let i = cards.indexOf(document.activeElement);
    i = i < 0 ? (k === "ArrowRight" ? 0 : cards.length - 1) : (i + (k === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
    cards[i].focus();
    ev.preventDefault();
  } else if (numbered !== null) {
    const b = document.querySelectorAll("#actions [data-action]")[numbered];
    if (b && !b.disabled) { b.click(); ev.preventDefault(); }
  } else if (k === "h" || k === "H") { if (!$("b-hint").classList.contains("hidden")) askHint(); }
  else if ((k === "l" || k === "L") && S.tricks) showLastTrick();
  else if (k === "s" || k === "S") showSheet();
  else if (k === "r" || k === "R") showRules();
  else if (k === "?") showKeys();
}

function main() {
  const hintsOn = $("hints-on");
  hintsOn.checked = localStorage.getItem("parlor.hints") !== "off";
  hintsOn.addEventListener("change", () => { localStorage.setItem("parlor.hints", hintsOn.checked ? "on" : "off"); render(); });
  // the sound: off until asked for; the browser lets a page play sound only after a click
  const soundOn = $("sound-on");
  soundOn.checked = localStorage.getItem("parlor.sound") === "on";
  const wake = () => {
    if (!soundOn.checked) return;
    S.audio = S.audio || new AudioContext();
    S.audio.resume();
  };
  soundOn.addEventListener("change", () => { localStorage.setItem("parlor.sound", soundOn.checked ? "on" : "off"); wake(); });
  document.addEventListener("pointerdown", wake, { once: true });
  $("b-hint").addEventListener("click", askHint);
  $("b-last").addEventListener("click", showLastTrick);
  $("b-sheet").addEventListener("click", showSheet);
  $("b-rules").addEventListener("click", showRules);
  $("b-keys").addEventListener("click", showKeys);
  document.addEventListener("keydown", onKey);
  dialogFocus();
  // a preference like the two above it, not a header button: the header has no room to spare
  $("prefs").append(el("br"), el("label", {}, t("Language"), " ", languageMenu()));
  connect();
}

main();
