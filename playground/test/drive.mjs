// The playground in Debian's Chromium, as a person uses it: type a string, click squares,
// follow a fix, open a link, pick a named piece, write the string for another reading, move
// the piece and turn it black, type the pieces around it, read the coordinates. All of it
// twice: served over http, and opened from the disk as a file:// URL (where the page takes
// its module from a script). Then the page is loaded five times from each origin and timed
// from navigation to ready; and on the served page every catalogue piece is shown once more
// and each whole update (module and page) is timed with performance.now(), five times a
// piece. The figures are printed as a `timing:` line, and nothing is asserted about them. The
// board must stay where it is, to the pixel, whatever the page writes around it (a
// conversion too), at 1280×800 and at a phone's 390×844, where it comes first, within the
// first screen. The second tab opens Fairy-Stockfish's own variants.ini from a file input,
// lists its 143 variants, draws one on its own board and shows a piece's moves on a click, and
// lists what it can of half-typed text.
//
// Environment: PLAYGROUND_URL (the served dist/ folder), PLAYGROUND_DIST (the same folder on
// the disk), CHROMIUM (/usr/bin/chromium), WORK (a fresh folder for the browser profile),
// SCREENSHOTS (a folder for the pictures of both sizes, playground.png and
// playground-phone.png, and of the variants.ini tab, playground-ini.png and
// playground-ini-phone.png), PLAYGROUND_VARIANTS_INI (Fairy-Stockfish's variants.ini; unset,
// the tab's checks are skipped: the test says so).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const served = process.env.PLAYGROUND_URL;
const variantsIni = process.env.PLAYGROUND_VARIANTS_INI;
const dist = process.env.PLAYGROUND_DIST;
const work = process.env.WORK;
assert.ok(served && dist && work, "PLAYGROUND_URL, PLAYGROUND_DIST and WORK are set");
// Each origin, with how the page should have taken its module there.
const origins = [
  { name: "http", url: served, module: "fetched" },
  { name: "file", url: pathToFileURL(path.join(dist, "index.html")).href, module: "embedded" },
];

async function step(name, run) {
  process.stderr.write(`playground: ${name}\n`);
  try {
    return await run();
  } catch (error) {
    error.message = `${name}: ${error.message}`;
    throw error;
  }
}

// The flags the VS Code end-to-end test gives the same Chromium.
const flags = JSON.parse(
  readFileSync(new URL("../../vscode-extension/test/e2e/chromium-flags.json", import.meta.url), "utf8"),
);
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const context = await chromium.launchPersistentContext(path.join(work, "chromium-profile"), {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  viewport: desktop,
  args: flags,
});
const page = context.pages()[0] ?? (await context.newPage());
const pageErrors = [];
page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error}`));
page.on("console", (message) => {
  if (message.type() === "error") pageErrors.push(`${page.url()}: ${message.text()}`);
});

const input = page.locator("#betza");
const text = (selector) => page.locator(selector).innerText();
const svg = () => page.locator("#diagram svg").evaluate((node) => node.outerHTML);
// The page's own URL (Playwright hears of history.replaceState a moment later).
const query = async () => new URLSearchParams(await page.evaluate(() => location.search));
// The squares the page lists under the diagram, as `betza moves` would print them.
async function destinations() {
  const said = await text("#destinations");
  const match = /to (.*)\.$/.exec(said);
  assert.ok(match, `a destination line: ${said}`);
  return match[1] === "no square" ? [] : match[1].split(" ").sort();
}
// The number of marks of one colour drawn on the board.
const marks = (markup, colour) => markup.split(colour).length - 1;

async function retype(value) {
  await input.fill("");
  await input.pressSequentially(value);
}

// A click on the middle of a square, from the geometry the module gave (the whole board, top
// rank first); the SVG may be drawn at another scale than its own pixels. `diagram` is the
// string's diagram, or the variant's (`#ini-diagram`).
async function clickSquare(square, diagram = "#diagram") {
  const board = page.locator(`${diagram} svg`);
  const box = await board.boundingBox();
  const drawn = await page.locator(diagram).evaluate((node) => ({
    ...node.dataset,
    width: node.querySelector("svg").viewBox.baseVal.width,
  }));
  const cell = Number(drawn.cell) * (box.width / drawn.width);
  const column = square.charCodeAt(0) - 97;
  const row = Number(drawn.ranks) - Number(square.slice(1));
  assert.ok(column < Number(drawn.files) && row >= 0, `${square} is on the board`);
  await page.mouse.click(box.x + (column + 0.5) * cell, box.y + (row + 0.5) * cell);
}

// Where the squares are drawn: the layer over the board part of the picture.
const boardBox = () => page.locator("#diagram .board").boundingBox();
// The board's box, and the picture's top left corner (the board's, in the library's SVG).
async function placement() {
  const { x, y } = await page.locator("#diagram svg").boundingBox();
  return { board: await boardBox(), picture: { x, y } };
}
// The lines of the picture's legend.
const legend = () => page.locator("#diagram svg text").allTextContents();

// The centre of an element on the screen.
async function centre(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// The whole check of the page at one origin.
async function check({ name, url, module }) {
  const stepAt = (what, run) => step(`${name}: ${what}`, run);
  // A fresh page from a link, so that a step does not depend on the ones before it.
  const open = async (link) => {
    await page.goto(`${url}${link}`);
    await page.locator("body[data-ready=true]").waitFor();
  };
  await stepAt("load the page", async () => {
    await page.goto(url);
    await page.locator("body[data-ready=true]").waitFor({ timeout: 30000 });
    assert.equal(await page.locator("#loading").isHidden(), true);
    assert.equal(await page.locator("body").getAttribute("data-module"), module);
  });

  await stepAt("type fmWfcF: the Shatranj Pawn and its squares", async () => {
    await retype("fmWfcF");
    const explanation = await text("#explanation");
    assert.match(explanation, /^The Shatranj Pawn\./);
    assert.match(explanation, /fcF:\n\s+Ferz step/);
    assert.match(await text("#findings"), /No findings/);
    const drawn = await svg();
    assert.equal(marks(drawn, 'fill="#2e8b57"'), 2, "one move square (and its legend)");
    assert.equal(marks(drawn, 'stroke="#c0392b"'), 3, "two capture squares (and the legend)");
    assert.deepEqual(await destinations(), ["d5"]);
    assert.equal((await query()).get("betza"), "fmWfcF");
  });

  await stepAt("click squares: a friend, then an enemy, blocks the rook", async () => {
    await retype("R");
    const open = await svg();
    assert.deepEqual(await destinations(),
      ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "d6", "d7", "d8", "e4", "f4", "g4", "h4"]);
    await clickSquare("d6");
    assert.equal((await query()).get("friend"), "d6");
    assert.notEqual(await svg(), open, "the diagram changes");
    assert.deepEqual(await destinations(),
      ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4", "g4", "h4"]);
    await clickSquare("d6");
    assert.equal((await query()).get("enemy"), "d6");
    assert.equal((await query()).get("friend"), null);
    assert.ok((await destinations()).includes("d6"), "the enemy can be taken");
    assert.ok(!(await destinations()).includes("d7"), "and blocks what is behind it");
    await clickSquare("d6");
    assert.equal((await query()).get("enemy"), null);
    assert.equal(await svg(), open, "empty again");
  });

  await stepAt("a lame leaper: a friend beside the Xiangqi horse blocks two leaps", async () => {
    await retype("mafsW");
    assert.equal((await destinations()).length, 8);
    await clickSquare("d5");
    assert.deepEqual(await destinations(), ["b3", "b5", "c2", "e2", "f3", "f5"]);
    await page.locator("#clear").click();
    assert.equal((await destinations()).length, 8);
  });

  await stepAt("follow a fix: fmWfcFz loses its z", async () => {
    await retype("fmWfcFz");
    const finding = page.locator("#findings li.error");
    assert.match(await finding.innerText(), /\[missing-atom\]/);
    assert.equal(await page.locator("#underlines span.error").innerText(), "z");
    await finding.locator("button.fix", { hasText: "remove `z`" }).click();
    assert.equal(await input.inputValue(), "fmWfcF");
    assert.match(await text("#findings"), /No findings/);
    assert.match(await text("#explanation"), /^The Shatranj Pawn\./);
  });

  await stepAt("a bad board size is said in words", async () => {
    await page.locator("#board").fill("8y8");
    assert.match(await text("#problem"), /is not a board size/);
    await page.locator("#board").fill("8x8");
    assert.equal(await page.locator("#problem").isHidden(), true);
  });

  await stepAt("a link restores the page", async () => {
    await page.goto(`${url}?betza=R&dialect=fairy&board=8x8&friend=d6&enemy=f4`);
    await page.locator("body[data-ready=true]").waitFor();
    assert.equal(await input.inputValue(), "R");
    assert.equal(await page.locator("#dialect").inputValue(), "fairy");
    assert.equal(await page.locator("#board").inputValue(), "8x8");
    assert.match(await text("#blockers"), /friends: d6; enemies: f4/);
    assert.deepEqual(await destinations(), ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4"]);
  });

  await stepAt("the URL the page wrote opens it again", async () => {
    await page.locator("#board").fill("10x8");
    await clickSquare("b4");
    const written = await page.evaluate(() => location.href);
    // history.replaceState changed the query alone, on file:// too.
    assert.equal(written.split("?")[0], url.split("?")[0]);
    await page.goto("about:blank");
    await page.goto(written);
    await page.locator("body[data-ready=true]").waitFor();
    assert.equal(await page.locator("#board").inputValue(), "10x8");
    assert.match(await text("#blockers"), /friends: d6 b4; enemies: f4/);
    assert.deepEqual(await destinations(),
      ["c4", "d4", "e1", "e2", "e3", "e5", "e6", "e7", "e8", "f4"], "from e4 on 10x8");
  });

  await stepAt("pick a named piece from the catalogue", async () => {
    await page.locator("#catalogue").selectOption({ label: "Knight — N" });
    assert.equal(await input.inputValue(), "N");
    assert.equal(await page.locator("#dialect").inputValue(), "xbetza");
    assert.match(await text("#explanation"), /^The Knight\./);
    // Issue 55: the menu shows the piece chosen, not "choose…", while the string is its string.
    assert.equal(await page.locator("#catalogue").inputValue(), "N");
    await retype("NW");
    assert.equal(await page.locator("#catalogue").inputValue(), "");
  });

  await stepAt("convert to: mafsW is nN for Fairy-Stockfish, WF is K for XBoard", async () => {
    await open("?betza=mafsW&dialect=xbetza");
    assert.equal(await page.locator("#conversion").isHidden(), true, "none chosen: nothing shown");
    assert.equal(await page.locator("#convert").inputValue(), "");
    await page.locator("#convert").selectOption({ label: "Fairy-Stockfish" });
    assert.equal(await text("#conversion h2"), "Converted for Fairy-Stockfish");
    assert.equal(await text("#converted"), "nN");
    assert.match(await text("#verdict"), /^exact/);
    assert.equal((await query()).get("convert"), "fairy");
    // Fairy-Stockfish's reading of nN drawn: the horse's eight squares, blocked as mafsW is.
    const converted = async () => {
      const said = await text("#converted-destinations");
      const match = /to (.*)\.$/.exec(said);
      assert.ok(match, `a destination line: ${said}`);
      return match[1] === "no square" ? [] : match[1].split(" ").sort();
    };
    assert.match(await text("#converted-destinations"), /^Fairy-Stockfish reads nN: from d4 /);
    assert.equal((await converted()).length, 8);
    assert.equal(await page.locator("#converted-diagram svg").count(), 1);
    await clickSquare("d5");
    assert.deepEqual(await converted(), ["b3", "b5", "c2", "e2", "f3", "f5"]);
    assert.deepEqual(await converted(), await destinations());
    await page.locator("#clear").click();
    await page.locator("#convert").selectOption({ label: "XBoard" });
    await retype("WF");
    assert.equal(await text("#converted"), "K");
    assert.match(await text("#verdict"), /^exact/);
    assert.equal((await converted()).length, 8);
    // What Fairy-Stockfish cannot say is said: the seed's iK also captures on its first move.
    await page.locator("#convert").selectOption("fairy");
    await retype("iKD");
    assert.equal(await text("#converted"), "DiK");
    assert.match(await text("#verdict"), /^not exact: .*only XBetza goes to/);
    // The string itself is no conversion: no string, no Copy button, the difference said.
    await retype("iK");
    assert.match(await text("#conversion-problem"),
      /^no string was found that Fairy-Stockfish reads as XBetza reads this one; as written, .*only XBetza goes to/);
    assert.equal(await page.locator("#conversion-result").isHidden(), true);
    // MBN has no conversion: the menu is not offered for it.
    await page.locator("#dialect").selectOption("mbn");
    assert.equal(await page.locator("#convert").isHidden(), true);
    assert.equal(await page.locator("#conversion").isHidden(), true);
    await page.locator("#dialect").selectOption("xbetza");
    assert.equal(await page.locator("#convert").isHidden(), false);
    // A string without meaning says so, in the library's words.
    await retype("+");
    assert.equal(await text("#conversion-problem"),
      "the string has no meaning in XBetza: nothing to convert");
    assert.equal(await page.locator("#conversion-result").isHidden(), true);
    // A link restores the choice; none takes the conversion away.
    await open("?betza=mafsW&dialect=xbetza&convert=fairy");
    assert.equal(await page.locator("#convert").inputValue(), "fairy");
    assert.equal(await text("#converted"), "nN");
    await page.locator("#convert").selectOption("");
    assert.equal(await page.locator("#conversion").isHidden(), true);
    assert.equal((await query()).get("convert"), null);
  });

  await stepAt("convert to: where the readings differ is told of the page's board", async () => {
    // Issue 55: iK captures on its first move in XBetza, not in Fairy-Stockfish. On the page's
    // empty 8x8 board both make the same moves, which is said before an 8x8 position with
    // enemies, from the page's d4, where they differ (no 12x10 or 15x15 board).
    await open("?betza=iK&dialect=xbetza&convert=fairy");
    const problem = await text("#conversion-problem");
    assert.match(problem, /as written, in the position shown both read the same moves; they differ from d4 on a 8x8 board, friends on .*: only XBetza goes to c4 e5$/);
    assert.doesNotMatch(problem, /12x10|15x15/);
    // The piece on b2: the position named has it there.
    await page.locator("#from").fill("b2");
    assert.match(await text("#conversion-problem"), /they differ from b2 on a 8x8 board, .*: only XBetza goes to a2 c3$/);
    // An enemy on d5 (two clicks): they differ in the position shown, on d5, which the page's
    // diagram shows taken and DiK's does not.
    await open("?betza=iKD&dialect=xbetza&convert=fairy");
    assert.match(await text("#verdict"), /^not exact: in the position shown both read the same moves; they differ from d4 on a 8x8 board/);
    await clickSquare("d5");
    await clickSquare("d5");
    assert.equal(await text("#verdict"),
      "not exact: in the position shown, from d4 on the 8x8 board, enemies on d5: only XBetza goes to d5");
    assert.ok((await destinations()).includes("d5"));
    assert.ok(!(await text("#converted-destinations")).includes("d5"));
    // XBoard reads `HH` as two leaps, `H0` as the rider: the page offers `H0`, exact, with no
    // difference to tell (a difference beyond the page's board: convert's own tests).
    await open("?betza=HH&dialect=xbetza&board=5x5&from=a1&convert=xboard");
    assert.equal(await text("#converted"), "H0");
    assert.match(await text("#verdict"), /^exact/);
    assert.equal(await text("#conversion-problem"), "");
  });

  const pawn = "P=mfW+cefF+[1-2]mefW02";
  await stepAt("the piece's square: the MBN Pawn double-steps from rank 2 only", async () => {
    await open(`?dialect=mbn&betza=${encodeURIComponent(pawn)}`);
    assert.equal(await page.locator("#from").inputValue(), "");
    assert.equal(await page.locator("#from").getAttribute("placeholder"), "d4", "the centre");
    assert.deepEqual(await destinations(), ["d5"]);
    await page.locator("#from").fill("d2");
    assert.deepEqual(await destinations(), ["d3", "d4"]);
    assert.match(await text("#destinations"), /^From d2 /);
    assert.equal((await query()).get("from"), "d2");
    // The mode that moves the piece, then shift-click, which does the same in the other mode.
    await page.locator("input[name=click][value=piece]").check();
    await clickSquare("d3");
    assert.equal(await page.locator("#from").inputValue(), "d3");
    assert.deepEqual(await destinations(), ["d4"]);
    await page.locator("input[name=click][value=cycle]").check();
    await page.keyboard.down("Shift");
    await clickSquare("d2");
    await page.keyboard.up("Shift");
    assert.equal((await query()).get("from"), "d2");
    assert.deepEqual(await destinations(), ["d3", "d4"]);
    assert.equal((await query()).get("friend"), null, "shift-click put no friend");
    // The piece taking the place of a friend: the friend goes.
    await clickSquare("c3");
    assert.equal((await query()).get("friend"), "c3");
    await page.keyboard.down("Shift");
    await clickSquare("c3");
    await page.keyboard.up("Shift");
    assert.equal((await query()).get("from"), "c3");
    assert.equal((await query()).get("friend"), null);
  });

  await stepAt("a bad square for the piece is said", async () => {
    await open("?betza=N");
    await page.locator("#from").fill("z9");
    assert.equal(await text("#problem"), "Piece on: square z9 is off the 8x8 board");
    await page.locator("#from").fill("4d");
    assert.match(await text("#problem"), /^Piece on: `4d` is not a square/);
    assert.equal(await page.locator("#diagram svg").count(), 0);
    assert.match(await text("#explanation"), /^The Knight\./, "the rest is shown");
    await page.locator("#from").fill("");
    assert.equal(await page.locator("#problem").isHidden(), true);
    assert.match(await text("#destinations"), /^From d4 /);
  });

  await stepAt("the piece's side and whether it has moved", async () => {
    await open("?betza=fW");
    assert.deepEqual(await destinations(), ["d5"]);
    await page.locator("#side").selectOption("black");
    assert.deepEqual(await destinations(), ["d3"]);
    assert.equal((await query()).get("side"), "black");
    await open("?betza=fmWfceFifmnD");
    assert.deepEqual(await destinations(), ["d5", "d6"]);
    await page.locator("#moved").check();
    assert.deepEqual(await destinations(), ["d5"]);
    assert.equal((await query()).get("moved"), "1");
  });

  await stepAt("typed pieces: c{L}RB takes an l on d6, not an n", async () => {
    await open("?dialect=mbn&betza=c%7BL%7DRB");
    await page.locator("#typed").fill("l@d6");
    assert.deepEqual(await destinations(), ["d6"]);
    assert.equal((await query()).get("pieces"), "l@d6");
    assert.match(await page.evaluate(() => location.search), /pieces=l@d6/, "written plain");
    assert.equal(await text("#diagram .typed.enemy"), "l");
    assert.doesNotMatch(await text("#notes"), /taken to be/);
    await page.locator("#typed").fill("n@d6");
    assert.deepEqual(await destinations(), []);
    // A click changes a typed friend's colour, keeping its type, and then takes it away.
    await page.locator("#typed").fill("L@d6");
    assert.deepEqual(await destinations(), []);
    assert.equal(await text("#diagram .typed.friend"), "L");
    await clickSquare("d6");
    assert.equal(await page.locator("#typed").inputValue(), "l@d6");
    assert.deepEqual(await destinations(), ["d6"]);
    await clickSquare("d6");
    assert.equal(await page.locator("#typed").inputValue(), "");
    assert.equal((await query()).get("pieces"), null);
    await page.locator("#typed").fill("N@");
    assert.match(await text("#problem"), /^Typed pieces: in `N@`/);
  });

  await stepAt("a link restores the piece's square, side, moves and typed pieces", async () => {
    await open(`?dialect=mbn&betza=${encodeURIComponent(pawn)}&from=d7&side=black&moved=1&pieces=N@e6,p@c6`);
    assert.equal(await page.locator("#from").inputValue(), "d7");
    assert.equal(await page.locator("#side").inputValue(), "black");
    assert.equal(await page.locator("#moved").isChecked(), true);
    assert.equal(await page.locator("#typed").inputValue(), "N@e6, p@c6");
    // Black's Pawn on its second rank: the double step, and the capture of the white Knight.
    assert.deepEqual(await destinations(), ["d5", "d6", "e6"]);
    const written = await query();
    for (const [key, value] of [["from", "d7"], ["side", "black"], ["moved", "1"], ["pieces", "N@e6,p@c6"]]) {
      assert.equal(written.get(key), value, key);
    }
  });

  await stepAt("file letters and rank numbers stand by their squares", async () => {
    await open("?betza=R&board=10x8");
    assert.equal((await text("#diagram .files")).replace(/\s/g, ""), "abcdefghij");
    assert.equal((await text("#diagram .ranks")).replace(/\s/g, ""), "87654321");
    const board = await page.locator("#diagram svg").boundingBox();
    const drawn = await page.locator("#diagram").evaluate((node) => ({
      cell: Number(node.dataset.cell),
      width: node.querySelector("svg").viewBox.baseVal.width,
    }));
    const cell = (board.width / drawn.width) * drawn.cell;
    const b = await centre(page.locator("#diagram .files span", { hasText: "b" }));
    assert.ok(Math.abs(b.x - (board.x + 1.5 * cell)) < 2 && b.y < board.y, `b over its file: ${b.x}`);
    const three = await centre(page.locator("#diagram .ranks span", { hasText: "3" }));
    assert.ok(Math.abs(three.y - (board.y + 5.5 * cell)) < 2 && three.x < board.x, `3 by its rank: ${three.y}`);
  });

  await stepAt("a friend and an enemy on a square the piece takes are drawn apart", async () => {
    await open("?betza=fmWfcF");
    const empty = await svg();
    await clickSquare("c5");
    const friend = await svg();
    assert.ok((await legend()).includes("friend in the way of a move there"), "the friend stops it");
    assert.equal(marks(friend, 'fill="#fdfefe"'), 2, "the friend's disc (and the legend's)");
    await clickSquare("c5");
    const enemy = await svg();
    assert.ok((await legend()).includes("enemy, which it captures"), "the enemy is taken");
    assert.equal(marks(enemy, 'fill="#555"'), 2, "the enemy's disc (and the legend's)");
    assert.equal(new Set([empty, friend, enemy]).size, 3, "empty, friend and enemy differ");
  });

  // Clicks, a typed letter and other strings (a legend of other lines, many findings, an
  // error) leave the squares where they were, at both sizes of screen.
  for (const size of [desktop, phone]) {
    await stepAt(`the board keeps its place at ${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      try {
        await open("?betza=QudQafudQ");
        const first = await placement();
        const picture = (await page.locator("#diagram svg").boundingBox()).height;
        const same = async (what) => assert.deepEqual(await placement(), first, `the board after ${what}`);
        // Aimed at a friend on d6 and an enemy on f6, as a person clicks.
        for (const square of ["d6", "f6", "f6", "b2", "b2"]) {
          await clickSquare(square);
          await same(`a click on ${square}`);
        }
        assert.equal((await query()).get("friend"), "d6");
        assert.equal((await query()).get("enemy"), "f6,b2");
        await input.press("End");
        await input.pressSequentially("W");
        assert.equal(await input.inputValue(), "QudQafudQW");
        await same("typing a letter");
        await retype("fmWfcF");
        await same("fmWfcF");
        assert.notEqual((await page.locator("#diagram svg").boundingBox()).height, picture,
          "the legend changed the picture's height, not the board");
        await retype("mcWmcWmcFFFNN3zqq");
        assert.ok((await page.locator("#findings li").count()) >= 8, "many findings");
        await same("a string with many findings");
        await retype("?!");
        assert.ok((await page.locator("#findings li.error").count()) >= 1, "an error");
        await same("a string that is not Betza");
        await retype("QudQafudQ");
        await same("the first string again");
        // The string written for another reading, and none again.
        await page.locator("#convert").selectOption("fairy");
        assert.equal(await page.locator("#conversion").isHidden(), false);
        await same("a conversion to Fairy-Stockfish");
        await retype("iKD");
        await same("a conversion that is not exact");
        await page.locator("#convert").selectOption("");
        await same("no conversion again");
      } finally {
        await page.setViewportSize(desktop);
      }
    });
  }

  await stepAt("at 1280×800 the explanation is beside the board", async () => {
    await open("?betza=fmWfcF");
    const board = await boardBox();
    const explanation = await page.locator("#explanation").boundingBox();
    assert.ok(explanation.x >= board.x + board.width, `the explanation at x ${explanation.x}`);
    assert.ok(board.y + board.height <= desktop.height, `the board ends at ${board.y + board.height}`);
  });

  await stepAt("on a phone the board comes first, within the first screen", async () => {
    await page.setViewportSize(phone);
    try {
      await open("?betza=fmWfcF");
      const board = await boardBox();
      assert.ok(board.y < 500, `the board's top at ${board.y} px`);
      assert.ok(board.x >= 0 && board.x + board.width <= phone.width, `the board across, at ${board.x}`);
      assert.ok(board.y + board.height <= phone.height, `the board ends at ${board.y + board.height}`);
      for (const after of ["#findings", "#explanation"]) {
        const box = await page.locator(after).boundingBox();
        assert.ok(box.y > board.y + board.height, `${after} under the board, at ${box.y}`);
      }
    } finally {
      await page.setViewportSize(desktop);
    }
  });


  await stepAt("a variants.ini: its variants listed, one drawn, a piece's moves on a click", async () => {
    if (!variantsIni) return;
    await open("?tab=ini");
    assert.equal(await page.locator("#ini-tab").isHidden(), false);
    assert.equal(await page.locator("#string-tab").isHidden(), true);
    assert.equal(await text("#ini-title"), "Nothing pasted yet");
    await page.locator("#ini-file").setInputFiles(variantsIni);
    // The page reads the file as a promise resolves.
    await page.locator("#ini-variants option").first().waitFor();
    const options = page.locator("#ini-variants option");
    assert.equal(await options.count(), 143, "every section of the file");
    assert.equal(await text("#ini-count"), "(143)");
    assert.equal(await options.first().innerText(), "allwayspawns ← chess · 8×8");
    assert.equal(await page.locator("#ini-unregistered-box").isHidden(), true);
    // The first variant, drawn with White's first piece that moves: the knight on b1.
    assert.equal(await text("#ini-title"), "allwayspawns ← chess: 8 files × 8 ranks");
    assert.equal(await text("#ini-moves"), "White's N on b1 (knight, N): to a3 c3.");
    assert.match(await text("#ini-pieces tr.moving"), /^N\tN\tknight\tof the built-in chess$/);
    // A board of its own: 4 × 5, sixteen pieces lettered on it.
    await page.locator("#ini-filter").fill("4x5");
    assert.equal(await options.count(), 1);
    assert.equal(await text("#ini-count"), "(1 of 143)");
    assert.equal(await text("#ini-title"), "4x5chess ← gardner: 4 files × 5 ranks");
    const geometry = await page.locator("#ini-diagram").evaluate((node) => ({ ...node.dataset }));
    assert.equal(`${geometry.files}x${geometry.ranks}`, "4x5");
    assert.equal(await page.locator("#ini-diagram .typed").count(), 16);
    assert.equal((await text("#ini-diagram .files")).replace(/\s/g, ""), "abcd");
    // A click: the centaur king's knight leaps over its own pieces, Black's knight, and an
    // empty square, which keeps the piece drawn and says why.
    await page.locator("#ini-filter").fill("centaur");
    await page.locator("#ini-variants").selectOption({ label: "centaurking ← chess · 8×8" });
    await clickSquare("e1", "#ini-diagram");
    assert.equal(await text("#ini-moves"), "White's K on e1 (Centaur, KN): to d3 f3.");
    assert.match(await text("#ini-pieces tr.moving"), /^K\tKN\t/);
    await clickSquare("b8", "#ini-diagram");
    assert.equal(await text("#ini-moves"), "Black's n on b8 (knight, N): to a6 c6.");
    await clickSquare("e4", "#ini-diagram");
    assert.equal(await text("#ini-problem"), "No piece stands on e4 in the start position.");
    assert.match(await text("#ini-moves"), /^Black's n on b8 /);
    // Half-typed text: what can be read is listed, the rest says what is wrong.
    await page.locator("#ini-filter").fill("");
    await page.locator("#ini-text").fill("[good:chess]\ncustomPiece1 = a:NN\n[bad:nowhere]\n[half:che");
    assert.equal(await options.count(), 1);
    assert.equal(await options.first().innerText(), "good ← chess · 8×8");
    assert.equal(await page.locator("#ini-unregistered li").count(), 2);
    assert.match(await text("#ini-unregistered li >> nth=0"), /^\[bad\]: .*nowhere/);
    await page.locator("#ini-text").press("End");
    await page.locator("#ini-text").pressSequentially("ss]\nstartFen = 8/8/8/8/8/8/8/A3K3 w - - 0 1\n");
    assert.equal(await options.count(), 2);
    assert.equal(await page.locator("#ini-unregistered li").count(), 1);
    // The tab is in the link; the other tab is as it was.
    assert.equal((await query()).get("tab"), "ini");
    await page.locator("#tab-string").click();
    assert.equal(await page.locator("#ini-tab").isHidden(), true);
    assert.equal((await query()).get("tab"), null);
    assert.match(await text("#destinations"), /^From d4 /);
  });
}

try {
  for (const origin of origins) await check(origin);

  // From navigation to the page being ready, the median of five loads from each origin, after
  // the checks (so the browser is warm for both).
  const readyMs = await step("time the page's load from each origin", async () => {
    const ready = {};
    for (const { name, url } of origins) {
      const runs = [];
      for (let i = 0; i < 5; i++) {
        await page.goto(`${url}?betza=fmWfcF`);
        await page.locator("body[data-ready=true]").waitFor();
        runs.push(await page.evaluate(() => window.playground.readyAt));
      }
      ready[name] = Number(runs.sort((a, b) => a - b)[2].toFixed(1));
    }
    return ready;
  });

  await step("screenshots at 1280×800 and at 390×844", async () => {
    const folder = process.env.SCREENSHOTS;
    assert.ok(folder, "SCREENSHOTS is set");
    const shots = [
      // A warning and its fix, the piece moved, a friend in its way, an enemy it takes, a
      // friend out of reach and a typed enemy.
      // The string written for Fairy-Stockfish, beside the board.
      ["playground.png", desktop, "?betza=WW&dialect=xbetza&board=8x8&from=c3&friend=d3,c6&enemy=c4&pieces=n@f3&convert=fairy"],
      // The Shatranj Pawn with a friend on one square it takes and an enemy on the other.
      ["playground-phone.png", phone, "?betza=fmWfcF&dialect=xbetza&board=8x8&friend=c5&enemy=e5"],
    ];
    try {
      for (const [name, size, link] of shots) {
        await page.setViewportSize(size);
        await page.goto(`${served}${link}`);
        await page.locator("body[data-ready=true]").waitFor();
        await page.screenshot({ path: path.join(folder, name) });
      }
    } finally {
      await page.setViewportSize(desktop);
    }
  });

  await step("screenshots of the variants.ini tab at 1280×800 and at 390×844", async () => {
    if (!variantsIni) return;
    const folder = process.env.SCREENSHOTS;
    try {
      for (const [name, size] of [["playground-ini.png", desktop], ["playground-ini-phone.png", phone]]) {
        await page.setViewportSize(size);
        await page.goto(`${served}?tab=ini`);
        await page.locator("body[data-ready=true]").waitFor();
        await page.locator("#ini-file").setInputFiles(variantsIni);
        await page.locator("#ini-variants option").first().waitFor();
        // Orda: pieces of other built-in types under its own letters; its centaur's moves.
        await page.locator("#ini-filter").fill("orda");
        await page.locator("#ini-variants").selectOption({ label: "orda ← chess · 8×8" });
        await clickSquare("b8", "#ini-diagram");
        await page.screenshot({ path: path.join(folder, name) });
      }
    } finally {
      await page.setViewportSize(desktop);
    }
  });

  await step("time an update for every catalogue piece", async () => {
    const times = await page.evaluate(() => {
      const pieces = [...document.querySelectorAll("#catalogue option")]
        .filter((o) => o.value)
        .map((o) => ({ name: o.textContent, betza: o.value }));
      // A first pass fills the library's caches (the catalogue's fingerprints). Then each
      // piece's figure is the median of five updates, so that one garbage collection or a
      // busy core does not make a piece slow.
      for (const p of pieces) window.playground.measure(p.betza);
      const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
      return pieces.map((p) => {
        const runs = Array.from({ length: 5 }, () => window.playground.measure(p.betza));
        return {
          ...p,
          module: median(runs.map((r) => r.module)),
          total: median(runs.map((r) => r.total)),
        };
      });
    });
    const figures = (part) => {
      const sorted = times.map((t) => t[part]).sort((a, b) => a - b);
      const slowest = times.reduce((a, b) => (b[part] > a[part] ? b : a));
      return {
        median_ms: Number(sorted[Math.floor(sorted.length / 2)].toFixed(2)),
        max_ms: Number(slowest[part].toFixed(2)),
        slowest: slowest.name,
        over_16_ms: times.filter((t) => t[part] > 16).length,
      };
    };
    console.log(`timing: ${JSON.stringify({
      pieces: times.length,
      update: figures("total"),
      module: figures("module"),
      ready_ms: readyMs,
    })}`);
  });

  assert.deepEqual(pageErrors, [], "no errors on the page");
} finally {
  await context.close();
}
