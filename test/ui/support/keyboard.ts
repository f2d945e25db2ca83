/**
 * Moving through a screen by keyboard the way a keyboard user does: one key press at a time.
 */
import type { Locator, Page } from 'playwright-core';

export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Presses `key` until `target` has the focus; answers how many presses it took, or fails after `maxPresses`. */
export async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', maxPresses = 60): Promise<number> {
  for (let presses = 1; presses <= maxPresses; presses++) {
    await page.keyboard.press(key);
    if ((await target.count()) === 1 && (await hasFocus(target))) return presses;
  }
  throw new Error(`${maxPresses} presses of ${key} never reached ${String(target)}`);
}
