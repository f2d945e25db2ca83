import type { Page } from 'playwright-core';

/**
 * Holds back every suggestion review (PATCH /interlinker/v1/suggestions/{id}) on its way to WordPress until `release`,
 * so that a test sees the screen while an approval shows but is still unsaved. `stop` removes the hold.
 */
export async function holdSuggestionReviews(page: Page): Promise<{ release: () => void; stop: () => Promise<void> }> {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const isReview = (url: URL): boolean => decodeURIComponent(url.toString()).includes('/interlinker/v1/suggestions/');
  await page.route(isReview, async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  return { release, stop: () => page.unroute(isReview) };
}
