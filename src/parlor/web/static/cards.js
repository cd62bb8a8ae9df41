// Every deck's faces and the one back, drawn as SVG from the face data the server sends
// (web/faces.py: r rank, c colour class, e the suit's emblem, t title). Made for parlor, no
// outside art. Ink is currentColor (the card's colour class, style.css); `pa` parts are paper.
// A face is a 100 x 140 box: the rank and the suit's emblem in two corners, and in the middle
// pips for a number, one large emblem for an ace or a deck's first rank, a framed double-headed
// panel for a court, a jester's cap for a joker.

// Each suit's emblem in a 100 x 100 box, its own shape so colour is never the only cue.
const EMBLEMS = {
  heart: `<path d="M50 90C22 68 5 50 5 30 5 14 17 5 30 5c9 0 16 5 20 13 4-8 11-13 20-13 13 0 25 9 25 25 0 20-17 38-45 60z"/>`,
  diamond: `<path d="M50 3 88 50 50 97 12 50z"/>`,
  spade: `<path d="M50 3c10 20 44 36 44 60 0 14-10 22-22 22-8 0-14-4-17-10 1 10 5 17 13 22H32c8-5 12-12 13-22-3 6-9 10-17 10C16 85 6 77 6 63 6 39 40 23 50 3z"/>`,
  club: `<circle cx="50" cy="27" r="21"/><circle cx="26" cy="58" r="21"/><circle cx="74" cy="58" r="21"/>`
    + `<path d="M45 50c0 22-5 34-14 46h38c-9-12-14-24-14-46z"/>`,
  // Yokir (the seed's emblems): Architecture, Leadership, Art & Music, Thought
  pyramid: `<path d="M50 6 97 90H3z"/><path class="pa" d="M50 6 97 90H62z" opacity=".45"/>`
    + `<path class="pa" d="M25 50h50v4H25zM13 72h74v4H13z"/>`,
  crown: `<path d="M8 76 3 24l25 26L50 10l22 40 25-26-5 52z"/><rect x="8" y="80" width="84" height="14" rx="3"/>`
    + `<circle cx="3" cy="22" r="6"/><circle cx="50" cy="8" r="7"/><circle cx="97" cy="22" r="6"/>`
    + `<circle class="pa" cx="30" cy="87" r="4"/><circle class="pa" cx="50" cy="87" r="4"/><circle class="pa" cx="70" cy="87" r="4"/>`,
  notes: `<ellipse cx="24" cy="72" rx="15" ry="11" transform="rotate(-22 24 72)"/>`
    + `<ellipse cx="70" cy="62" rx="15" ry="11" transform="rotate(-22 70 62)"/>`
    + `<path d="M33 68V14h9v54zM79 58V4h9v54z"/><path d="M33 14 88 4v16L33 30z"/>`
    + `<path d="M8 97c20-14 50-18 88-10-30 2-58 6-88 14z"/>`,
  scroll: `<rect x="20" y="16" width="60" height="68"/><rect x="10" y="6" width="80" height="16" rx="8"/>`
    + `<rect x="10" y="78" width="80" height="16" rx="8"/>`
    + `<path class="pa" d="M30 34h40v5H30zM30 46h40v5H30zM30 58h28v5H30z"/>`,
  // Meri (the Unsun suits): batons, swords, cups, coins, tomoe
  baton: `<g transform="rotate(-32 50 50)"><path d="M45 97q-4-30-11-62-5-28 16-31 21 3 16 31-7 32-11 62z"/>`
    + `<path class="pa" d="M41 30q9 4 18 0v5q-9 4-18 0zM43 52q7 3 14 0v5q-7 3-14 0z"/></g>`,
  sword: `<path d="M50 1 63 15v51H37V15z"/><path class="pa" d="M48 17h4v45h-4z"/><rect x="14" y="64" width="72" height="12" rx="6"/>`
    + `<rect x="42" y="76" width="16" height="13"/><circle cx="50" cy="92" r="8"/>`,
  cup: `<path d="M14 6h72c0 34-15 52-36 52S14 40 14 6z"/><path class="pa" d="M24 14h52c-2 10-6 18-11 22H35c-5-4-9-12-11-22z" opacity=".5"/>`
    + `<rect x="44" y="56" width="12" height="24"/><ellipse cx="50" cy="86" rx="28" ry="10"/>`,
  coin: `<circle cx="50" cy="50" r="46"/><circle class="pa" cx="50" cy="50" r="35"/><circle cx="50" cy="50" r="30"/>`
    + `<rect class="pa" x="38" y="38" width="24" height="24"/>`,
  tomoe: `<circle cx="50" cy="50" r="47"/><circle class="pa" cx="50" cy="50" r="40"/>`
    + [0, 120, 240].map(a => `<path transform="rotate(${a} 50 50)" d="M50 12a15 15 0 1 1-1 30c-10 0-17 7-17 17-8-10-9-24-2-34 4-8 12-13 20-13z"/>`).join(""),
  joker: `<path d="M14 80h72c-3-26 2-46 12-62-16 4-28 16-34 36-2-22-7-38-14-50-7 12-12 28-14 50C30 34 18 22 2 18c10 16 15 36 12 62z"/>`
    + `<rect x="10" y="80" width="80" height="14" rx="4"/><circle cx="3" cy="18" r="7"/><circle cx="50" cy="5" r="7"/><circle cx="97" cy="18" r="7"/>`
    + `<circle class="pa" cx="32" cy="87" r="3.5"/><circle class="pa" cx="50" cy="87" r="3.5"/><circle class="pa" cx="68" cy="87" r="3.5"/>`,
};

// Pips of a number card (its rank's number): centres in the face box; the lower ones upside down.
const PIPS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[35, 30], [65, 30], [35, 110], [65, 110]],
  5: [[35, 30], [65, 30], [50, 70], [35, 110], [65, 110]],
  6: [[35, 30], [65, 30], [35, 70], [65, 70], [35, 110], [65, 110]],
  7: [[35, 30], [65, 30], [50, 50], [35, 70], [65, 70], [35, 110], [65, 110]],
  8: [[35, 30], [65, 30], [50, 50], [35, 70], [65, 70], [50, 90], [35, 110], [65, 110]],
  9: [[35, 30], [65, 30], [35, 57], [65, 57], [50, 70], [35, 83], [65, 83], [35, 110], [65, 110]],
  10: [[35, 30], [65, 30], [50, 44], [35, 57], [65, 57], [35, 83], [65, 83], [50, 96], [35, 110], [65, 110]],
};

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// The emblem `name` with its box's centre at (x, y), `size` wide; `flip` turns it upside down.
function emblem(name, x, y, size, flip = false, cls = "") {
  const k = size / 100;
  const turn = flip ? ` rotate(180 ${x} ${y})` : "";
  return `<g${cls ? ` class="${cls}"` : ""} transform="${turn.trim()} translate(${x - size / 2} ${y - size / 2}) scale(${k})">`
    + `${EMBLEMS[name] || ""}</g>`;
}

// A corner index: the rank (two-character ranks squeezed to fit) and the suit's emblem below it.
function corner(f, flip) {
  const wide = f.r.length > 1 ? ` textLength="24" lengthAdjust="spacingAndGlyphs"` : "";
  const g = `<text class="rank" x="14" y="30" text-anchor="middle" font-size="30"${wide}>${esc(f.r)}</text>`
    + emblem(f.e, 14, 45, 19, false, "suit");
  return flip ? `<g transform="rotate(180 50 70)">${g}</g>` : g;
}

// The middle of a face: pips, one large emblem, or a framed court or joker panel.
function middle(f) {
  if (f.e === "joker") {
    return `<rect class="frame" x="28" y="16" width="44" height="108" rx="5"/>` + emblem("joker", 50, 62, 38)
      + `<text x="50" y="108" text-anchor="middle" font-size="18" textLength="40" lengthAdjust="spacingAndGlyphs">${esc(f.r)}</text>`;
  }
  const n = /^\d+$/.test(f.r) ? Number(f.r) : null;
  if (n === 1 || f.r === "A") return emblem(f.e, 50, 70, 46);
  if (PIPS[n]) return PIPS[n].map(([x, y]) => emblem(f.e, x, y, 20, y > 70)).join("");
  // a court: its rank and emblem, double-headed, on a framed panel
  const wide = f.r.length > 1 ? ` textLength="34" lengthAdjust="spacingAndGlyphs"` : "";
  const half = `<text x="50" y="44" text-anchor="middle" font-size="28"${wide}>${esc(f.r)}</text>` + emblem(f.e, 50, 57, 20);
  return `<rect class="frame" x="28" y="16" width="44" height="108" rx="5"/><path class="frame" d="M32 70h36"/>`
    + half + `<g transform="rotate(180 50 70)">${half}</g>`;
}

// The face of a card as SVG markup: the full face, or for a small card its rank over its emblem.
export function faceSvg(f, small) {
  const body = small
    ? `<text class="rank" x="50" y="54" text-anchor="middle" font-size="52"${f.r.length > 1 ? ` textLength="84" lengthAdjust="spacingAndGlyphs"` : ""}>${esc(f.r)}</text>`
      + emblem(f.e, 50, 96, 50, false, "suit")
    : corner(f, false) + corner(f, true) + middle(f);
  return `<svg class="face" viewBox="0 0 100 140" aria-hidden="true" focusable="false">${body}</svg>`;
}

// The back, one for every deck: a field of small diamonds in a frame around a medallion.
const LATTICE = Array.from({ length: 8 * 12 }, (_, i) => `M${15 + (i % 8) * 10} ${11 + Math.floor(i / 8) * 10}l4 4-4 4-4-4z`).join("");
export const BACK_SVG = `<svg class="back" viewBox="0 0 100 140" aria-hidden="true" focusable="false">`
  + `<rect x="5" y="5" width="90" height="130" rx="7" fill="#24467f"/>`
  + `<path d="${LATTICE}" fill="#3d63ad"/>`
  + `<rect x="10" y="10" width="80" height="120" rx="4" fill="none" stroke="#f2c14e" stroke-width="2"/>`
  + `<circle cx="50" cy="70" r="20" fill="#24467f" stroke="#f2c14e" stroke-width="2.5"/>`
  + `<path d="M50 54 54 66 66 70 54 74 50 86 46 74 34 70 46 66z" fill="#f2c14e"/></svg>`;

// A suit's emblem alone, as a small inline icon in the ink of its colour class (a trump's sign).
export function emblemSvg(name) {
  return `<svg class="emblem" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${EMBLEMS[name] || ""}</svg>`;
}
