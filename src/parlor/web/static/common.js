// Shared helpers: the words in the reader's language, the JSON API, building elements, drawing
// cards, a little Markdown.

import { faceSvg, BACK_SVG } from "/static/cards.js";

// The language: the menu's choice, kept in this browser and sent as a cookie with every request
// and socket (the server says its words in it); without one the browser's Accept-Language.
const LANG_KEY = "parlor.lang";
function chosenLanguage() {
  try { return localStorage.getItem(LANG_KEY); } catch (e) { return null; }
}
function sendLanguage(lang) {
  document.cookie = `parlor-lang=${encodeURIComponent(lang)}; path=/; SameSite=Strict; max-age=31536000`;
}
if (chosenLanguage()) sendLanguage(chosenLanguage());

// The catalog of the pages' and scripts' templates in that language (GET /api/words).
const CATALOG = await fetch("/api/words").then(r => r.json())
  .catch(() => ({ lang: "en", languages: { en: "English" }, words: {}, plurals: {} }));
export const LANG = CATALOG.lang;
document.documentElement.lang = LANG === "qps" ? "en" : LANG;
const PLURAL = new Intl.PluralRules(LANG === "qps" ? "en" : LANG);

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// A whole sentence in the reader's language: t("Deal {n} is over: {text}", { n, text }).
export function t(template, params = {}) {
  return fill(CATALOG.words[template] ?? template, params);
}

// A sentence whose form follows a count (given as {count}): tn("{count} card", "{count} cards", n).
export function tn(one, many, count, params = {}) {
  const forms = CATALOG.plurals[one] || [one, many];
  return fill(forms[PLURAL.select(count) === "one" ? 0 : 1], { count, ...params });
}

// The pages' own words: an element marked data-t says its text in the reader's language, and
// the attributes its data-ta names ("title,aria-label") too (locale/catalogs.py extracts them).
function fold(s) { return s.split(/\s+/).filter(Boolean).join(" "); }
for (const node of document.querySelectorAll("[data-t]")) {
  if (node.children.length) translateMarkup(node);
  else node.textContent = t(fold(node.textContent));
}
for (const node of document.querySelectorAll("[data-ta]")) {
  for (const name of node.dataset.ta.split(",")) {
    if (node.hasAttribute(name)) node.setAttribute(name, t(fold(node.getAttribute(name))));
  }
}

// A sentence with links or code in it: its template names each as "<a>its text</a>"; the
// translation's k-th <a> is the sentence's k-th link again (its href kept), with the words the
// translation gives it. Built as nodes, never as HTML.
function translateMarkup(node) {
  const inner = [...node.childNodes];
  const template = fold(inner.map(c => c.nodeType === Node.ELEMENT_NODE
    ? `<${c.localName}>${c.textContent}</${c.localName}>` : c.textContent).join(""));
  const spare = {};
  for (const c of node.children) (spare[c.localName] ||= []).push(c);
  const parts = t(template).split(/<(\w+)>([^<]*)<\/\1>/);
  const out = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) out.push(document.createTextNode(parts[i]));
    if (i + 1 < parts.length) {
      const twin = (spare[parts[i + 1]] || []).shift();  // a tag the page had not: its words only
      if (twin) twin.textContent = parts[i + 2];
      out.push(twin || document.createTextNode(parts[i + 2]));
    }
  }
  node.replaceChildren(...out);
}

// The language menu: the languages in their own names; a choice is kept and the page reloaded
// in it (its socket says hello again, in the new language).
export function languageMenu() {
  const select = el("select", { class: "lang-menu", "aria-label": t("Language"),
    onchange: () => {
      localStorage.setItem(LANG_KEY, select.value);
      sendLanguage(select.value);
      location.reload();
    } },
  Object.entries(CATALOG.languages).map(([code, name]) =>
    el("option", { value: code, lang: code, selected: code === LANG }, name)));
  return select;
}

export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) throw new Error((data && data.error) || t("the server answered {status}", { status: res.status }));
  return data;
}

// 32 random hex digits: this browser's part of a fair table's shuffles (/about#fair).
export function freshSeed() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), b => b.toString(16).padStart(2, "0")).join("");
}

// A table with fair deals: the server's commitment comes first, then this browser's seed goes
// with the table's description, so neither side alone chooses the cards.
export async function createTable(spec) {
  const { commitment } = await api("/api/fair", {});
  return api("/api/tables", { ...spec, fair: { commitment, seed: freshSeed() } });
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = v;  // a style attribute would break the CSP
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

let gamesCache = null;
export async function gameCatalogue() {
  if (!gamesCache) gamesCache = await api("/api/games");
  return gamesCache;
}

// A card: its face drawn by cards.js from the game's faces table; role (Oracle, trump...) as a badge.
export function cardEl(code, faces, opts = {}) {
  if (code === "??" || code === null || code === undefined) return backEl(opts.small);
  const f = (faces && faces[code]) || { r: code, s: "", c: 0, t: code, e: "" };
  const tag = opts.button ? "button" : "div";
  const title = f.t + (opts.role ? ` — ${opts.role}` : "");
  const node = el(tag, {
    class: `card c${f.c}` + (opts.small ? " small" : "") + (opts.cls ? " " + opts.cls : ""),
    // a drawn card is an image with a name; a playable one is a button
    title, "aria-label": title, role: opts.button ? null : "img", "data-code": code, type: opts.button ? "button" : null,
  }, opts.role ? el("span", { class: "role" }, opts.role) : null);
  node.insertAdjacentHTML("afterbegin", faceSvg(f, opts.small));
  return node;
}

// The melds on the table, for a game whose view has them (the shared key "melds":
// [{number, owner, cards}], Tőr's): one row of cards each, labelled with its number (the one a
// lay-off names) and its owner.
export function meldEls(view, faces, roles, names) {
  return (view.melds || []).map(m => {
    const who = names && names[m.owner] !== undefined ? names[m.owner] : t("seat {seat}", { seat: m.owner });
    const label = t("meld {number} · {who}", { number: m.number, who });
    return el("div", { class: "meld", "data-meld": m.number, role: "group", "aria-label": `${label}: ${m.cards.join(" ")}` },
      el("span", { class: "who" }, el("strong", {}, t("meld {number}", { number: m.number })), ` · ${who}`),
      el("div", { class: "row" }, m.cards.map(c => cardEl(c, faces, { role: roles && roles[c], small: true }))));
  });
}

// The cards shown outside hands and trick (message field `shown`: [label, codes] pairs, a
// face-up place or a seat's own discard), each row labelled.
export function shownEls(shown, faces, roles) {
  return shown.map(([label, codes]) => el("div", { class: "slot" },
    el("div", { class: "row" }, codes.map(c => cardEl(c, faces, { role: roles[c], small: codes.length > 3 }))),
    el("span", { class: "who" }, label)));
}

export function backEl(small) {
  const node = el("div", { class: "card back" + (small ? " small" : ""), title: t("a face-down card"),
    role: "img", "aria-label": t("face-down card") });
  node.insertAdjacentHTML("afterbegin", BACK_SVG);
  return node;
}

function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function inline(s) {
  return escapeHtml(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>");
}

const ITEM = /^(\s*)([-*]|\d+\.) /;

// The list starting at lines[i] and the line after it: numbered or not as its first item is, an
// item's continuation lines joined to it, items indented deeper a list inside the item before.
function listAt(lines, i) {
  const depth = lines[i].match(ITEM)[1].length;
  const tag = /^\s*\d+\. /.test(lines[i]) ? "ol" : "ul";
  const items = [];
  while (i < lines.length) {
    const m = lines[i].match(ITEM);
    if (m && m[1].length > depth && items.length) {
      const [inner, next] = listAt(lines, i);
      items[items.length - 1].inner += inner;
      i = next;
      continue;
    }
    if (!m || m[1].length < depth) break;
    let text = lines[i++].slice(m[0].length);
    while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !ITEM.test(lines[i])) text += " " + lines[i++].trim();
    items.push({ text, inner: "" });
  }
  return [`<${tag}>${items.map(t => `<li>${inline(t.text)}${t.inner}</li>`).join("")}</${tag}>`, i];
}

// Headings, paragraphs, lists and tables: enough for the rules files.
export function markdown(text) {
  const out = [];
  const lines = text.split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^#{1,6} /.test(line)) {
      const n = line.match(/^#+/)[0].length;
      out.push(`<h${Math.min(n + 1, 6)}>${inline(line.slice(n + 1))}</h${Math.min(n + 1, 6)}>`);
      i++;
    } else if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      const cells = r => r.trim().replace(/^\||\|$/g, "").split("|").map(c => inline(c.trim()));
      let html = "<table>";
      rows.forEach((r, k) => {
        if (/^\s*\|[\s:|-]+\|\s*$/.test(r)) return;
        const tag = k === 0 ? "th" : "td";
        html += "<tr>" + cells(r).map(c => `<${tag}>${c}</${tag}>`).join("") + "</tr>";
      });
      out.push(html + "</table>");
    } else if (ITEM.test(line)) {
      const [html, next] = listAt(lines, i);
      out.push(html);
      i = next;
    } else if (line.trim() === "") {
      i++;
    } else if (line.startsWith("```")) {
      const block = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) block.push(lines[i++]);
      i++;
      out.push(`<pre>${escapeHtml(block.join("\n"))}</pre>`);
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() !== "" && !/^(#|\s*\||\s*([-*]|\d+\.) |```)/.test(lines[i])) {
        para.push(lines[i++]);
      }
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

// A modal dialog with a title and a body node; Esc closes it.
export function openDialog(title, body) {
  let dlg = document.getElementById("dlg");
  if (!dlg) {
    dlg = el("dialog", { id: "dlg", "aria-labelledby": "dlg-title" });
    document.body.append(dlg);
  }
  dlg.replaceChildren(
    el("div", { class: "dhead" }, el("strong", { id: "dlg-title" }, title),
      el("button", { class: "btn", type: "button", onclick: () => dlg.close() }, t("Close"))),
    el("div", { class: "dbody" }, body));
  if (!dlg.open) dlg.showModal();
  return dlg;
}

export function closeDialog() {
  const dlg = document.getElementById("dlg");
  if (dlg && dlg.open) dlg.close();
}

// The seats this browser holds, table id -> seat token, so that the lobby's "My tables" can
// bring a person back to a table whose link they lost.
const HELD = "parlor.tables";
export function heldSeats() {
  try { return JSON.parse(localStorage.getItem(HELD)) || {}; } catch (e) { return {}; }
}
export function rememberSeat(tableId, token) {
  localStorage.setItem(HELD, JSON.stringify({ ...heldSeats(), [tableId]: token }));
}
