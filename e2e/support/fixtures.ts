import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const MOBILE = { width: 375, height: 812 };

/** Starts the visit as someone who already answered the home age gate. */
export async function asVerifiedAdult(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@lab.example`;
}

/** Fails on serious or critical accessibility violations, naming each. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

export function toast(page: Page, title: string) {
  return page.getByLabel('Notifications').getByText(title, { exact: true });
}

/**
 * A change of a button, as the page saw it: its label, its background colour, when, and when a timer of
 * two seconds set at that moment actually fired (the page's own clock for "two seconds later", which a
 * busy machine delays as it delays the page's timers).
 */
export type ButtonChange = { label: string; colour: string; at: number; twoSecondsLater: number };

/**
 * Records, inside the page, the next click on a button and every later change of its label, with its
 * background colour and time. Short-lived feedback ('Added!' for two seconds) is then checked from the
 * record, which a busy test runner cannot miss or stretch. Read it with the returned function.
 */
export async function recordButtonChanges(button: Locator): Promise<() => Promise<ButtonChange[]>> {
  const key = `buttonChanges${Math.floor(Math.random() * 1e9)}`;
  await button.evaluate((element, key) => {
    const changes: ButtonChange[] = [];
    // The colour fades in (150 ms), so it is read once the fade is over, not as the label changes.
    const record = (label: string) => {
      const change = { label, colour: '', at: performance.now(), twoSecondsLater: 0 };
      changes.push(change);
      setTimeout(() => (change.colour = getComputedStyle(element).backgroundColor), 400);
      setTimeout(() => (change.twoSecondsLater = performance.now()), 2000);
    };
    element.addEventListener('click', () => record('(clicked)'), { capture: true, once: true });
    new MutationObserver(() => record(element.textContent ?? '')).observe(element, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    Object.assign(window, { [key]: changes });
  }, key);
  return () =>
    button.page().evaluate((key) => (window as unknown as Record<string, ButtonChange[]>)[key]!, key);
}

/**
 * Checks a recorded Add to Cart: the click, then 'Added!' in green for two seconds, then 'Add to Cart'
 * again. The button's two seconds start with the click. A timer fires no earlier than asked (give or take
 * the clock's coarseness), and a busy machine runs it late: the label must be back once a two-second
 * timer the page set at the click has fired, give or take one render.
 */
export async function expectAddedForTwoSeconds(changes: () => Promise<ButtonChange[]>) {
  await expect
    .poll(async () => (await changes()).map((change) => change.label))
    .toEqual(['(clicked)', 'Added!', 'Add to Cart']);
  await expect
    .poll(async () => (await changes()).every((change) => change.colour && change.twoSecondsLater))
    .toBe(true);
  const [clicked, added, restored] = await changes();
  expect(added!.colour).toBe('rgb(21, 128, 61)');
  expect(added!.at).toBeGreaterThanOrEqual(clicked!.at);
  expect(restored!.at - clicked!.at).toBeGreaterThanOrEqual(1995);
  expect(restored!.at).toBeLessThan(clicked!.twoSecondsLater + 1000);
}

/**
 * Fails when something else (a toast, a sticky bar, an overlay) lies over the centre of the element:
 * what the browser would hit there must be the element or inside it. The page scrolls smoothly, so a
 * field just focused may still be gliding under the header; what counts is where it comes to rest.
 */
export async function expectUncovered(element: Locator) {
  await expect
    .poll(
      () =>
        element.evaluate((target) => {
          const { left, top, width, height } = target.getBoundingClientRect();
          const found = document.elementFromPoint(left + width / 2, top + height / 2);
          return found && (target === found || target.contains(found))
            ? 'the element'
            : (found?.outerHTML.slice(0, 120) ?? 'nothing');
        }),
      { message: 'what lies over the centre of the element' },
    )
    .toBe('the element');
}

/**
 * Fails while a toast lies over any visible part of a field marked invalid, the focused control, or
 * `action` (what raised the toast): points across each, wherever on screen, must not hit the toasts.
 */
export async function expectToastsClearOf(page: Page, action?: Locator) {
  const actionHandle = action ? await action.elementHandle() : null;
  await expect
    .poll(
      () =>
        page.evaluate((action) => {
          const toasts = document.querySelector('[aria-label="Notifications"]');
          if (!toasts?.childElementCount) return 'no toast shown';
          const guarded = [
            ...document.querySelectorAll('[aria-invalid="true"]'),
            document.activeElement,
            action,
          ];
          const covered = guarded.filter((element): element is Element => {
            if (!element || element === document.body) return false;
            const { left, top, width, height } = element.getBoundingClientRect();
            const points = [0.1, 0.5, 0.9].flatMap((x) =>
              [0.1, 0.5, 0.9].map((y) => [left + x * width, top + y * height]),
            );
            return points.some(([x, y]) => toasts.contains(document.elementFromPoint(x!, y!)));
          });
          return covered.map(
            (element) =>
              element.getAttribute('aria-label') || element.getAttribute('name') || element.tagName,
          );
        }, actionHandle),
      { message: 'what the toasts lie over' },
    )
    .toEqual([]);
}

/** How many lines the element's text takes on screen. */
export function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/** Holds back the page's requests to `pattern` until the returned function is called. */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Holds back every script the page asks for (or those `scripts` names) until the returned function is
 * called: what the shopper does meanwhile meets the page exactly as the server sent it, as on a phone
 * whose scripts are late.
 */
export const holdScripts = (page: Page, scripts = '**/*.js') => holdRequests(page, scripts);
