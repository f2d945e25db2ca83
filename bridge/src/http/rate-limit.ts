import type { RequestHandler } from 'express';
import type { RateLimitRepository } from '../accounts/rate-limit.repository.js';
import type { Clock } from '../lib/clock.js';
import { RateLimitedError } from '../errors.js';
import { authOf } from './auth.js';

export const WINDOW_SECONDS = 3600;

/**
 * Fixed one-hour windows per account, aligned to the hour (contract §2). The three headers go on every response to a
 * request with a valid key, 429s included. A refused request does not use up the window.
 */
export function rateLimit(windows: RateLimitRepository, clock: Clock): RequestHandler {
  return async (_req, res, next) => {
    const auth = authOf(res);
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % WINDOW_SECONDS);
    const reset = windowStart + WINDOW_SECONDS;
    const current = await windows.get(auth.accountId);
    const used = current && current.windowStart === windowStart ? current.used : 0;
    res.setHeader('X-RateLimit-Limit', String(auth.rateLimit));
    res.setHeader('X-RateLimit-Reset', String(reset));
    if (used >= auth.rateLimit) {
      res.setHeader('X-RateLimit-Remaining', '0');
      throw new RateLimitedError(reset - nowSeconds);
    }
    // Set before the count is written: if another writer holds the database, the 503 still carries all three.
    res.setHeader('X-RateLimit-Remaining', String(auth.rateLimit - used));
    const taken = await windows.take(auth.accountId, windowStart, auth.rateLimit);
    if (taken === null) {
      // Another request (on this bridge or another) took the window's last one since it was read.
      res.setHeader('X-RateLimit-Remaining', '0');
      throw new RateLimitedError(reset - nowSeconds);
    }
    res.setHeader('X-RateLimit-Remaining', String(auth.rateLimit - taken));
    next();
  };
}
