// What the end-to-end test reads and does in the workbench page: waiting with a message that
// says what was last seen, checks that fail with it, moving the cursor, quick input, the
// Problems panel and status bar, notifications, and the geometry of a hover for screenshots.
// Used by drive.ts.

import { type Frame, type Locator, type Page } from "playwright-core";

/** How long one step may wait for what it expects. */
export const STEP_TIMEOUT = 60_000;

/** The last value a wait read, for the message of a check that fails after it. */
let seen = "";

export function check(condition: boolean, what: string): void {
  if (!condition) {
    throw new Error(`${what}\nseen: ${seen}`);
  }
}

/**
 * Polls `read` until `accept` takes its value; a read that throws (an element not there yet)
 * counts as not yet. The last value seen goes into the failure message.
 */
export async function waitFor<T>(page: Page, what: string, read: () => Promise<T>, accept: (value: T) => boolean, timeout = STEP_TIMEOUT): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      const value = await read();
      seen = typeof value === "string" ? value : JSON.stringify(value);
      if (accept(value)) {
        return value;
      }
    } catch (error) {
      seen = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout / 1000} s waiting for ${what}\nlast seen: ${seen}`);
    }
    await page.waitForTimeout(100);
  }
}

export function normalise(text: string): string {
  return text.replace(/\u00a0/g, " ");
}

export async function quickInput(page: Page, keys: string, text: string, pick?: string): Promise<void> {
  await page.keyboard.press(keys);
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible", timeout: STEP_TIMEOUT });
  await input.fill(text);
  if (pick !== undefined) {
    await page
      .locator(".quick-input-widget .monaco-list-row", { hasText: pick })
      .first()
      .waitFor({ state: "visible", timeout: STEP_TIMEOUT });
  }
  await page.keyboard.press("Enter");
  await page.locator(".quick-input-widget").waitFor({ state: "hidden", timeout: STEP_TIMEOUT });
}

/** Moves the cursor to a 1-based line and column and waits until the status bar says so. */
export async function goTo(page: Page, line: number, column: number): Promise<void> {
  // Quick Open's `:` prefix goes to a line of the active editor wherever the focus is.
  await quickInput(page, "Control+P", `:${line}:${column}`);
  await waitFor(
    page,
    `the cursor at ${line}:${column}`,
    () => page.locator("#status\\.editor\\.selection").innerText(),
    (text) => text.includes(`Ln ${line}, Col ${column}`),
  );
}

/** The counts in the status bar's problems item, e.g. "Warnings: 1, Infos: 1". */
export async function statusCounts(page: Page): Promise<{ errors: number; warnings: number; infos: number }> {
  const label = (await page.locator("#status\\.problems").getAttribute("aria-label")) ?? "";
  const read = (name: string) => Number(new RegExp(`${name}: (\\d+)`).exec(label)?.[1] ?? 0);
  return { errors: read("Errors"), warnings: read("Warnings"), infos: read("Infos") };
}

/** The accessible labels of the rows of a list widget, e.g. the Problems panel's. */
export async function rowLabels(page: Page, widget: string): Promise<string[]> {
  return page.locator(`${widget} .monaco-list-row`).evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label") ?? ""));
}

/** The findings in the Problems panel as `Severity line`, in line order, e.g. "Warning 7". */
export async function problemLines(page: Page): Promise<string[]> {
  // A finding's row reads "Warning: <message> at line 7 and character 19. …"; the file's row does not.
  const findings = (await rowLabels(page, ".markers-panel")).flatMap((label) => {
    const row = /^(Error|Warning|Info): [\s\S]* at line (\d+) and character \d+/.exec(label);
    return row ? [{ severity: row[1], line: Number(row[2]) }] : [];
  });
  return findings.sort((a, b) => a.line - b.line).map(({ severity, line }) => `${severity} ${line}`);
}

/** Every notification's message, from the notification centre (toasts hide one another). */
export async function notifications(page: Page): Promise<string[]> {
  const centre = page.locator(".notifications-center");
  if (!(await centre.isVisible())) {
    await quickInput(page, "F1", ">Notifications: Show Notifications", "Show Notifications");
  }
  return centre.locator(".notification-list-item-message").allInnerTexts();
}

/**
 * A screenshot's clip around a hover: the text it covers on its left and a margin above and
 * below, kept inside the viewport.
 */
export function aroundHover(box: { x: number; y: number; width: number; height: number }, viewport: { width: number; height: number }): { x: number; y: number; width: number; height: number } {
  const x = Math.max(0, box.x - 260);
  const y = Math.max(0, box.y - 40);
  return { x, y, width: Math.min(box.x + box.width + 40, viewport.width) - x, height: Math.min(box.y + box.height + 40, viewport.height) - y };
}

/** Waits for the fade-in of a widget, so the screenshot shows it opaque. */
export async function settled(widget: Locator): Promise<void> {
  await widget.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
}

export async function frameWithText(page: Page, text: string): Promise<Frame | undefined> {
  for (const frame of page.frames()) {
    const body = await frame.evaluate(() => document.body?.innerText ?? "").catch(() => "");
    if (body.includes(text)) {
      return frame;
    }
  }
  return undefined;
}
