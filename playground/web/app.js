// The playground page: reads the controls and the URL, asks the WebAssembly module (the
// betza-syntax library, through playground/src/lib.rs) what to show, and shows it. Nothing here
// knows the notation: findings, fixes, words and the diagram all come from the module.
// A classic script after betza_playground.js (wasm-bindgen's loader, which defines
// `wasm_bindgen`), so that the page also works opened from the disk (index.html).
"use strict";
const { update, dialects, conversions, catalogue, ini_variants, ini_variant } = wasm_bindgen;

const $ = (id) => document.getElementById(id);
const input = $("betza");

// The page's state; the URL query holds it, so that a link reproduces the page. `from` empty
// is the centre of the board; `pieces` are typed pieces (`N@e4`), as `betza moves --piece`;
// `convert` is the reading to write the string for (`betza convert --to`), empty for none.
const state = {
  betza: "", dialect: "xbetza", board: "8x8", from: "", side: "white", moved: false,
  friends: [], enemies: [], pieces: [], convert: "",
};
let diagram = null; // the last diagram's geometry, for clicks
let tab = "string"; // the tab shown: "string" or "ini"

function readUrl() {
  const query = new URLSearchParams(location.search);
  state.betza = query.get("betza") ?? state.betza;
  state.dialect = query.get("dialect") ?? state.dialect;
  state.board = query.get("board") ?? state.board;
  state.from = query.get("from") ?? state.from;
  state.side = (query.get("side") ?? state.side).toLowerCase();
  state.moved = query.get("moved") === "1";
  state.friends = list(query.get("friend"));
  state.enemies = list(query.get("enemy"));
  state.pieces = list(query.get("pieces"));
  state.convert = query.get("convert") ?? "";
  tab = query.get("tab") === "ini" ? "ini" : "string";
}

// A comma-separated list, as the URL and the typed pieces' field write it.
const list = (text) => (text || "").split(",").map((s) => s.trim()).filter(Boolean);

function writeUrl() {
  const query = new URLSearchParams();
  query.set("betza", state.betza);
  query.set("dialect", state.dialect);
  query.set("board", state.board);
  // Only what differs from the defaults, so that a plain link stays short.
  if (state.from) query.set("from", state.from);
  if (state.side !== "white") query.set("side", state.side);
  if (state.moved) query.set("moved", "1");
  if (state.friends.length) query.set("friend", state.friends.join(","));
  if (state.enemies.length) query.set("enemy", state.enemies.join(","));
  if (state.pieces.length) query.set("pieces", state.pieces.join(","));
  if (state.convert) query.set("convert", state.convert);
  if (tab === "ini") query.set("tab", "ini");
  // `,` and `@` need no escape in a query; left plain, a link reads `pieces=N@e4,p@d5`.
  const written = query.toString().replaceAll("%2C", ",").replaceAll("%40", "@");
  history.replaceState(null, "", `?${written}`);
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The finding ranges under the input's letters: each UTF-16 unit takes the most severe
// finding that covers it; an empty range is a thin mark between two letters.
const rank = { error: 0, warning: 1, info: 2, hint: 3 };
function underline(text, findings) {
  const layer = $("underlines");
  layer.replaceChildren();
  const worst = new Array(text.length).fill(null);
  const empties = new Map();
  for (const f of findings) {
    if (f.start === f.end) empties.set(f.start, f.severity);
    for (let i = f.start; i < f.end && i < text.length; i++) {
      if (worst[i] === null || rank[f.severity] < rank[worst[i]]) worst[i] = f.severity;
    }
  }
  let i = 0;
  while (i <= text.length) {
    if (empties.has(i)) layer.append(element("span", `empty ${empties.get(i)}`));
    if (i === text.length) break;
    let j = i + 1;
    while (j < text.length && worst[j] === worst[i] && !empties.has(j)) j++;
    const part = text.slice(i, j);
    layer.append(worst[i] ? element("span", worst[i], part) : document.createTextNode(part));
    i = j;
  }
  layer.scrollLeft = input.scrollLeft;
}

// A fix's edits, applied from the last to the first so that earlier offsets stay right.
function applyFix(fix) {
  let text = state.betza;
  const edits = [...fix.edits].sort((a, b) => b.start - a.start);
  for (const e of edits) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  input.value = text;
  state.betza = text;
  render();
  input.focus();
}

function showFindings(findings) {
  const list = $("findings");
  list.replaceChildren();
  if (findings.length === 0) {
    list.append(element("li", "none", state.betza ? "No findings." : "Nothing typed yet."));
  }
  for (const f of findings) {
    const item = element("li", f.severity);
    item.append(element("span", "severity", f.severity), document.createTextNode(f.message + " "),
      element("span", "code", `[${f.code}]`));
    if (f.help) item.append(element("div", "help", f.help));
    if (f.fix) {
      const button = element("button", "fix", f.fix.title);
      button.type = "button";
      button.addEventListener("click", () => applyFix(f.fix));
      item.append(element("div", "", ""), button);
    }
    list.append(item);
  }
}

// A diagram from the module (`drawn`, or none) in `box`, with its coordinates and lettered
// pieces over it.
function drawBoard(box, drawn) {
  box.innerHTML = drawn ? drawn.svg : "";
  if (drawn) {
    const svg = box.querySelector("svg");
    // The picture's scale follows the board alone (style.css): a legend that grows with the
    // marks shown must neither move nor resize the squares under the mouse.
    const boardWidth = drawn.files * drawn.cell;
    box.style.setProperty("--board-width", `${boardWidth}px`);
    box.style.setProperty("--picture-ratio", String(svg.viewBox.baseVal.width / boardWidth));
    box.append(coordinates(drawn));
  }
  // The geometry, for whoever drives the page (the end-to-end test clicks squares with it).
  Object.assign(box.dataset, drawn ? { cell: drawn.cell, files: drawn.files, ranks: drawn.ranks } : {});
}

function showDiagram(view) {
  diagram = view.diagram ?? null;
  drawBoard($("diagram"), diagram);
  $("from").placeholder = diagram && !state.from ? diagram.from : "";
  const squares = diagram?.destinations ?? [];
  $("destinations").textContent = diagram
    ? `From ${diagram.from} to ${squares.length ? squares.join(" ") : "no square"}.` : "";
  $("problem").hidden = !view.problem;
  $("problem").textContent = view.problem ?? "";
  const said = [];
  if (state.friends.length) said.push(`friends: ${state.friends.join(" ")}`);
  if (state.enemies.length) said.push(`enemies: ${state.enemies.join(" ")}`);
  if (state.pieces.length) said.push(`typed: ${state.pieces.join(" ")}`);
  $("blockers").textContent = said.length ? said.join("; ") : "No other pieces on the board.";
  $("clear").hidden = said.length === 0;
  $("notes").replaceChildren(...(view.notes ?? []).map((n) => element("li", "", n)));
}

// The string written for the reading chosen under "Convert to": the string, whether it is
// proven exact or where it differs, and the target's reading of it drawn in the same position.
// A string that cannot be converted says why.
function showConversion(conversion) {
  $("conversion").hidden = !conversion;
  if (!conversion) return;
  $("conversion-title").textContent = conversion.title ?? conversion.to;
  const problem = !state.betza ? "Nothing typed yet." : conversion.problem;
  $("conversion-problem").hidden = !problem;
  $("conversion-problem").textContent = problem ?? "";
  $("conversion-result").hidden = Boolean(problem);
  if (problem) return;
  if ($("converted").textContent !== conversion.betza) $("copy").textContent = "Copy";
  $("converted").textContent = conversion.betza;
  const verdict = $("verdict");
  verdict.className = conversion.exact ? "exact" : "inexact";
  verdict.textContent = conversion.exact
    ? "exact: proven by generating both readings"
    : `not exact: ${conversion.difference ?? "the moves differ"}`;
  const drawn = conversion.diagram;
  $("converted-diagram").innerHTML = drawn ? drawn.svg : "";
  const squares = drawn?.destinations ?? [];
  $("converted-destinations").textContent = drawn
    ? `${conversion.title} reads ${conversion.betza}: from ${drawn.from} to ${squares.length ? squares.join(" ") : "no square"}.`
    : "";
  $("converted-notes").replaceChildren(...(conversion.notes ?? []).map((n) => element("li", "", n)));
}

// The converted string on the clipboard; where the page may not write there (an old browser,
// a page from the disk), the string is selected for the user to copy.
async function copyConverted() {
  const text = $("converted").textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("copy").textContent = "Copied";
  } catch {
    getSelection().selectAllChildren($("converted"));
  }
}

// A layer over the board part of the SVG (the legend is under it), as wide as the board is
// drawn (style.css): file letters above the board, rank numbers to its left, and each typed
// piece's letters on its square. The library's SVG is left as it is; the page adds the
// coordinates a click needs.
function coordinates(drawn) {
  const layer = element("div", "board");
  layer.setAttribute("aria-hidden", "true");
  layer.style.setProperty("--files", drawn.files);
  layer.style.setProperty("--ranks", drawn.ranks);
  const files = element("div", "files");
  for (let file = 0; file < drawn.files; file++) files.append(element("span", "", String.fromCharCode(97 + file)));
  const ranks = element("div", "ranks");
  for (let rank = drawn.ranks; rank >= 1; rank--) ranks.append(element("span", "", String(rank)));
  layer.append(files, ranks);
  for (const piece of drawn.typed) {
    const letters = element("span", `typed ${piece.friend ? "friend" : "enemy"}`, piece.name);
    letters.style.gridColumn = String(piece.square.charCodeAt(0) - 96);
    letters.style.gridRow = String(drawn.ranks - Number(piece.square.slice(1)) + 1);
    layer.append(letters);
  }
  return layer;
}

// Everything shown, from the state; returns the time the module took, in milliseconds.
function render() {
  const start = performance.now();
  const answer = update(JSON.stringify({
    betza: state.betza, dialect: state.dialect, board: state.board,
    from: state.from, side: state.side, moved: state.moved,
    friend: state.friends.join(","), enemy: state.enemies.join(","), pieces: state.pieces.join(","),
    convert: converting.has(state.dialect) ? state.convert : "",
  }));
  $("convert").parentElement.hidden = !converting.has(state.dialect);
  const moduleTime = performance.now() - start;
  const view = JSON.parse(answer);
  underline(state.betza, view.findings);
  showFindings(view.findings);
  $("explanation").textContent = view.explanation ?? "";
  showDiagram(view);
  showConversion(view.conversion);
  showNamedPiece();
  writeUrl();
  return moduleTime;
}

// The square under a click on the diagram `drawn` in `box`, from its geometry: the whole
// board, top rank first.
function squareAt(event, box = $("diagram"), drawn = diagram) {
  const svg = box.querySelector("svg");
  if (!svg || !drawn) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const column = Math.floor(point.x / drawn.cell);
  const row = Math.floor(point.y / drawn.cell);
  if (column < 0 || row < 0 || column >= drawn.files || row >= drawn.ranks) return null;
  return String.fromCharCode(97 + column) + String(drawn.ranks - row);
}

// empty → friend → enemy → empty. A typed piece keeps its type: a friend changes colour and
// becomes an enemy, an enemy goes.
function cycle(square) {
  if (square === diagram.from) return;
  const typed = diagram.typed.find((p) => p.square === square);
  if (typed) {
    if (typed.friend) {
      const other = typed.name === typed.name.toUpperCase() ? typed.name.toLowerCase() : typed.name.toUpperCase();
      state.pieces[typed.index] = `${other}@${square}`;
    } else {
      state.pieces.splice(typed.index, 1);
    }
    $("typed").value = state.pieces.join(", ");
  } else if (state.friends.includes(square)) {
    state.friends = state.friends.filter((s) => s !== square);
    state.enemies.push(square);
  } else if (state.enemies.includes(square)) {
    state.enemies = state.enemies.filter((s) => s !== square);
  } else {
    state.friends.push(square);
  }
  render();
}

// The piece goes to `square`, taking the place of whatever stood there.
function movePiece(square) {
  state.friends = state.friends.filter((s) => s !== square);
  state.enemies = state.enemies.filter((s) => s !== square);
  const typed = diagram.typed.find((p) => p.square === square);
  if (typed) state.pieces.splice(typed.index, 1);
  state.from = square;
  showControls();
  render();
}

// The dialects a conversion reads: "Convert to" is offered only for them.
const converting = new Set();

function fillMenus() {
  const dialect = $("dialect");
  for (const d of JSON.parse(dialects())) {
    const option = element("option", "", `${d.id} — ${d.title}`);
    option.value = d.id;
    dialect.append(option);
    if (d.converts) converting.add(d.id);
  }
  const convert = $("convert");
  for (const r of JSON.parse(conversions())) {
    const option = element("option", "", r.title);
    option.value = r.id;
    convert.append(option);
  }
  const pieces = $("catalogue");
  for (const p of JSON.parse(catalogue())) {
    const option = element("option", "", `${p.name} — ${p.betza}`);
    option.value = p.betza;
    option.title = p.source;
    pieces.append(option);
  }
}

function showControls() {
  input.value = state.betza;
  $("dialect").value = state.dialect;
  $("convert").value = state.convert;
  $("board").value = state.board;
  $("from").value = state.from;
  $("side").value = state.side;
  $("moved").checked = state.moved;
  $("typed").value = state.pieces.join(", ");
  showNamedPiece();
}

// The named piece the string is, as the menu shows it: the one chosen stays chosen while the
// string is still its string; another string shows its piece or "choose…".
function showNamedPiece() {
  const menu = $("catalogue");
  const named = state.dialect === "xbetza" ? state.betza : "";
  if (menu.value !== named) menu.value = [...menu.options].some((o) => o.value === named) ? named : "";
}

// The tab shown, as its buttons and the URL say.
function showTab(name) {
  tab = name;
  for (const [button, panel] of [["tab-string", "string-tab"], ["tab-ini", "ini-tab"]]) {
    const shown = $(panel).id === `${name}-tab`;
    $(button).setAttribute("aria-selected", String(shown));
    $(panel).hidden = !shown;
  }
  writeUrl();
}

// A whole variants.ini: its text (pasted or opened), the filter of its list, and the variant
// chosen (its section's index and name, kept by name while the text changes) with the square
// of the piece whose moves are drawn (empty: the module draws White's first piece that moves).
const ini = { text: "", filter: "", index: null, name: "", square: "" };
let iniDiagram = null; // the variant's diagram, for clicks

// The list of variants, from the module; the one chosen stays chosen while it is listed.
function renderIniList() {
  const answer = JSON.parse(ini_variants(ini.text, ini.filter));
  const select = $("ini-variants");
  select.replaceChildren(...answer.variants.map((v) => {
    const parent = v.parent ? ` ← ${v.parent}` : "";
    const option = element("option", "", `${v.name || "(no name)"}${parent} · ${v.files}×${v.ranks}`);
    option.value = String(v.index);
    option.dataset.name = v.name;
    return option;
  }));
  $("ini-count").textContent = ini.filter
    ? `(${answer.matching} of ${answer.total})` : answer.total ? `(${answer.total})` : "";
  $("ini-list-notes").replaceChildren(...answer.notes.map((n) => element("li", "", n)));
  $("ini-unregistered-box").hidden = answer.unregistered.length === 0;
  $("ini-unregistered").replaceChildren(...answer.unregistered.map((u) => {
    const item = withCode("li", "", `\`[${u.name}]\`: ${u.problem}`);
    return item;
  }));
  const kept = answer.variants.find((v) => v.name === ini.name && ini.name !== "")
    ?? answer.variants.find((v) => v.index === ini.index);
  const chosen = kept ?? answer.variants[0] ?? null;
  if (!kept) ini.square = "";
  ini.index = chosen ? chosen.index : null;
  ini.name = chosen ? chosen.name : "";
  select.value = chosen ? String(chosen.index) : "";
  renderIniVariant();
}

// The variant chosen: its board, its start position, the moves of the piece on the square
// chosen, its pieces. Returns the module's answer.
function renderIniVariant(notice) {
  const tbody = $("ini-pieces").querySelector("tbody");
  if (ini.index === null) {
    $("ini-title").textContent = ini.text.trim() ? "No variant to draw" : "Nothing pasted yet";
    for (const id of ["ini-problem", "ini-moves"]) $(id).textContent = "";
    $("ini-problem").hidden = true;
    iniDiagram = null;
    drawBoard($("ini-diagram"), null);
    $("ini-notes").replaceChildren();
    tbody.replaceChildren();
    return {};
  }
  const view = JSON.parse(ini_variant(ini.text, ini.index, ini.square));
  const parent = view.parent ? ` ← ${view.parent}` : "";
  $("ini-title").textContent = view.problem
    ? ini.name : `${view.name}${parent}: ${view.files} files × ${view.ranks} ranks`;
  const problem = view.problem ?? notice ?? view.notice ?? view.start_problem;
  $("ini-problem").hidden = !problem;
  $("ini-problem").replaceChildren(...(problem ? withCode("span", "", problem).childNodes : []));
  iniDiagram = view.diagram ?? null;
  drawBoard($("ini-diagram"), iniDiagram);
  const moving = view.moving;
  if (moving) {
    ini.square = moving.square;
    const squares = moving.destinations.length ? moving.destinations.join(" ") : "no square";
    const about = [moving.name, moving.betza].filter(Boolean).join(", ");
    $("ini-moves").textContent =
      `${moving.side}'s ${moving.letter} on ${moving.square}${about ? ` (${about})` : ""}: to ${squares}.`;
  } else {
    $("ini-moves").textContent = "";
  }
  $("ini-notes").replaceChildren(...(view.notes ?? []).map((n) => withCode("li", "", n)));
  const letter = moving ? moving.letter.toLowerCase() : "";
  tbody.replaceChildren(...(view.pieces ?? []).map((p) => {
    const row = element("tr", p.letter === letter ? "moving" : "");
    row.append(element("td", "letter", p.letter.toUpperCase()),
      element("td", "betza", p.betza || "(does not move)"),
      element("td", "", p.name ?? ""), withCode("td", "", p.origin));
    return row;
  }));
  return view;
}

// `text` as an element's children, the spans between backticks as code (the library's words
// quote Betza, keys and sections so).
function withCode(tag, className, text) {
  const node = element(tag, className);
  text.split("`").forEach((part, i) => {
    if (part) node.append(i % 2 ? element("code", "", part) : document.createTextNode(part));
  });
  return node;
}

// A click on the variant's board: the moves of the piece there; on an empty square, the piece
// drawn stays and the page says why.
function clickIni(square) {
  const before = ini.square;
  ini.square = square;
  const view = renderIniVariant();
  if (view.notice && before) {
    ini.square = before;
    renderIniVariant(view.notice);
  }
}

// The text as pasted or opened: read again at once, or a moment after the last keystroke for
// a long file.
let iniTimer = null;
function setIniText(text) {
  ini.text = text;
  clearTimeout(iniTimer);
  if (text.length < 200000) renderIniList();
  else iniTimer = setTimeout(renderIniList, 200);
}

function listenIni() {
  $("tab-string").addEventListener("click", () => showTab("string"));
  $("tab-ini").addEventListener("click", () => showTab("ini"));
  $("ini-text").addEventListener("input", (e) => setIniText(e.target.value));
  $("ini-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const text = await file.text();
    $("ini-text").value = text;
    setIniText(text);
  });
  $("ini-filter").addEventListener("input", (e) => { ini.filter = e.target.value; renderIniList(); });
  $("ini-variants").addEventListener("change", (e) => {
    const option = e.target.selectedOptions[0];
    if (!option) return;
    ini.index = Number(option.value);
    ini.name = option.dataset.name;
    ini.square = "";
    renderIniVariant();
  });
  $("ini-diagram").addEventListener("click", (e) => {
    const square = squareAt(e, $("ini-diagram"), iniDiagram);
    if (square) clickIni(square);
  });
}

// The module's bytes, for wasm_bindgen(). From a web server: the URL of
// betza_playground_bg.wasm, which the loader fetches (compiled while it downloads). From the
// disk (file://, or any other scheme), where Chromium fetches nothing: the same bytes from
// betza_playground_bg.wasm.js, a classic script in base64 that build.sh writes, a third larger
// and so loaded only then.
async function moduleSource() {
  if (location.protocol === "http:" || location.protocol === "https:") {
    return { how: "fetched", source: new URL("betza_playground_bg.wasm", location.href) };
  }
  await new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "betza_playground_bg.wasm.js";
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${script.src} did not load`));
    document.head.append(script);
  });
  const text = atob(self.betzaPlaygroundModule);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return { how: "embedded", source: bytes };
}

async function main() {
  const loaded = await moduleSource();
  await wasm_bindgen({ module_or_path: loaded.source });
  fillMenus();
  readUrl();
  showControls();
  listenIni();
  renderIniList();
  showTab(tab);
  input.addEventListener("input", () => { state.betza = input.value; render(); });
  input.addEventListener("scroll", () => { $("underlines").scrollLeft = input.scrollLeft; });
  $("dialect").addEventListener("change", (e) => { state.dialect = e.target.value; render(); });
  $("convert").addEventListener("change", (e) => { state.convert = e.target.value; render(); });
  $("copy").addEventListener("click", copyConverted);
  $("board").addEventListener("input", (e) => { state.board = e.target.value; render(); });
  $("catalogue").addEventListener("change", (e) => {
    if (!e.target.value) return;
    // The catalogue is written in XBetza.
    state.betza = e.target.value;
    state.dialect = "xbetza";
    showControls();
    render();
  });
  $("from").addEventListener("input", (e) => { state.from = e.target.value.trim(); render(); });
  $("side").addEventListener("change", (e) => { state.side = e.target.value; render(); });
  $("moved").addEventListener("change", (e) => { state.moved = e.target.checked; render(); });
  $("typed").addEventListener("input", (e) => { state.pieces = list(e.target.value); render(); });
  // Both a mode and shift-click move the piece: the mode can be seen and works on a touch
  // screen, which has no shift key; shift-click saves a mouse user two trips to the mode.
  $("diagram").addEventListener("click", (e) => {
    const square = squareAt(e);
    if (!square) return;
    const mode = document.querySelector("input[name=click]:checked").value;
    if (e.shiftKey || mode === "piece") movePiece(square);
    else cycle(square);
  });
  $("clear").addEventListener("click", () => {
    Object.assign(state, { friends: [], enemies: [], pieces: [] });
    $("typed").value = "";
    render();
  });
  render();
  $("loading").hidden = true;
  // For the end-to-end test: how the module came, and when the page was ready.
  document.body.dataset.module = loaded.how;
  document.body.dataset.ready = "true";
  window.playground = {
    // Milliseconds from the start of navigation.
    readyAt: performance.now(),
    // The time of one update of a string: the module's part (`update`, JSON out) and the
    // whole (the page's drawing too), in milliseconds, measured with performance.now().
    measure(betza, dialect = "xbetza") {
      Object.assign(state, { betza, dialect });
      showControls();
      const start = performance.now();
      const module = render();
      return { module, total: performance.now() - start };
    },
  };
}

main().catch((error) => {
  $("loading").textContent = `The WebAssembly module did not load: ${error}`;
});
