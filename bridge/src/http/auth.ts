import type { Request, RequestHandler, Response } from 'express';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { Clock } from '../lib/clock.js';
import { RateLimitedError, UnauthorizedError } from './errors.js';

export interface AuthContext {
  accountId: string;
  keyId: string;
  rateLimit: number;
}

export interface FailedAuthPolicy {
  /** Failed attempts allowed per client address within `windowSeconds`. */
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_FAILED_AUTH_POLICY: FailedAuthPolicy = { maxFailures: 20, windowSeconds: 60 };

export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new UnauthorizedError();
  return auth;
}

function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Checks `Authorization: Bearer <key>`. Failed attempts are counted per client address; past the policy's limit the
 * address gets 429s until its window ends, so keys cannot be guessed at speed.
 */
export function authenticate(accounts: AccountsService, clock: Clock, policy = DEFAULT_FAILED_AUTH_POLICY): RequestHandler {
  const failures = new Map<string, { windowStart: number; count: number }>();

  function failureWindow(address: string, nowSeconds: number) {
    const entry = failures.get(address);
    if (!entry || nowSeconds - entry.windowStart >= policy.windowSeconds) return { windowStart: nowSeconds, count: 0 };
    return entry;
  }

  return (req, res, next) => {
    const address = req.socket.remoteAddress ?? 'unknown';
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const window = failureWindow(address, nowSeconds);
    if (window.count >= policy.maxFailures) {
      throw new RateLimitedError(window.windowStart + policy.windowSeconds - nowSeconds, 'Too many failed authentication attempts from this address.');
    }
    const token = bearerToken(req);
    const found = token ? accounts.authenticate(token) : null;
    if (!found) {
      failures.set(address, { windowStart: window.windowStart, count: window.count + 1 });
      // Keep the map bounded under a spray of addresses.
      if (failures.size > 10_000) failures.clear();
      throw new UnauthorizedError(token ? 'The API key is unknown or revoked.' : undefined);
    }
    const auth: AuthContext = { accountId: found.account_id, keyId: found.key_id, rateLimit: found.rate_limit };
    res.locals.auth = auth;
    next();
  };
}

/**
 * For answers outside the declared endpoints (unknown route, 405): when the request carries a valid key, count it
 * and set the rate-limit headers like any other answer to a valid key; otherwise let it through untouched.
 */
export function authenticateIfPresent(accounts: AccountsService, limiter: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req);
    const found = token ? accounts.authenticate(token) : null;
    if (!found) return next();
    res.locals.auth = { accountId: found.account_id, keyId: found.key_id, rateLimit: found.rate_limit } satisfies AuthContext;
    return limiter(req, res, next);
  };
}
