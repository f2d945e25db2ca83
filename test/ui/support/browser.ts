/**
 * Debian's Chromium driven by playwright-core, headless, for the wp-admin browser tests.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results/screenshots');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far, outside resources that cannot load offline left out. */
  errors: string[];
  /**
   * Runs a step that makes WordPress answer with errors on purpose (bridge down, not configured): the browser's own
   * "Failed to load resource" lines for the requests it sent are not counted, even when reported after it ended;
   * anything else still is.
   */
  expectingFailedRequests<T>(step: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Requests to the outside world fail here at DNS; those messages say nothing about our code. */
function isOfflineNoise(text: string): boolean {
  return /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED.*(gravatar|wordpress\.org|w\.org)/.test(text);
}

export async function openBrowser(): Promise<BrowserSession> {
  // launch() gives every run a fresh, temporary profile of its own.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const errors: string[] = [];
  // Requests sent while failures are expected, by URL, until they succeed or their failure is reported. The browser
  // reports a failed load on its console after the answer, which on a busy machine can be after the step ended.
  const expectedFailures = new Map<string, number>();
  let failedRequestsExpected = false;
  const settle = (url: string): boolean => {
    const left = expectedFailures.get(url) ?? 0;
    if (left === 0) return false;
    if (left === 1) expectedFailures.delete(url);
    else expectedFailures.set(url, left - 1);
    return true;
  };
  page.on('request', (request) => {
    if (failedRequestsExpected) expectedFailures.set(request.url(), (expectedFailures.get(request.url()) ?? 0) + 1);
  });
  page.on('requestfinished', (request) => {
    void request.response().then((response) => {
      if (response && response.status() < 400) settle(request.url());
    });
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' || isOfflineNoise(message.text())) return;
    const failedLoad = message.text().startsWith('Failed to load resource');
    if (failedLoad && (settle(message.location().url) || failedRequestsExpected)) return;
    errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return {
    browser,
    context,
    page,
    errors,
    async expectingFailedRequests(step) {
      failedRequestsExpected = true;
      try {
        return await step();
      } finally {
        failedRequestsExpected = false;
      }
    },
    async close() {
      await browser.close();
    },
  };
}

export async function logInAs(page: Page, siteUrl: string, login: string, password: string): Promise<void> {
  await page.goto(`${siteUrl}/wp-login.php`);
  await page.fill('#user_login', login);
  await page.fill('#user_pass', password);
  await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);
}

/** Keeps a full-page picture of the screen as a test artifact (test-results/screenshots/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // wp-admin's bar is fixed: from the top it lands where it belongs in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
