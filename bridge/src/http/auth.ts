import net from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { FailedAuthRepository } from '../accounts/failed-auth.repository.js';
import type { Clock } from '../lib/clock.js';
import { RateLimitedError, UnauthorizedError } from '../errors.js';

export interface AuthContext {
  accountId: string;
  keyId: string;
  rateLimit: number;
}

export interface FailedAuthPolicy {
  /** Failed attempts allowed per client address within any `windowSeconds`. */
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_FAILED_AUTH_POLICY: FailedAuthPolicy = { maxFailures: 20, windowSeconds: 60 };

export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new UnauthorizedError();
  return auth;
}

export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The eight groups of an IPv6 address, zero-filled ("2001:db8::1" → 2001, db8, 0, 0, 0, 0, 0, 1). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
}

/**
 * Who failed, for throttling: express's `req.ip` (the socket's peer, or with `trust proxy` the address the trusted
 * proxies saw). An IPv4-mapped address counts as its IPv4 address, and IPv6 clients by their /64, since one host
 * commonly holds a whole /64 and could otherwise step around the limit.
 */
export function clientAddress(req: Request): string {
  const ip = (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) return `${ipv6Groups(ip.toLowerCase()).slice(0, 4).join(':')}::/64`;
  // A forwarded value that is no address at all still names one client; bounded so that it cannot bloat memory.
  return ip.slice(0, 64);
}

/**
 * Failed authentications per client address, each forgotten `windowSeconds` after it happened (a sliding log): past
 * `maxFailures` the address must wait until its oldest failure expires, then may try once more, and so on. There is
 * no window that resets everything at once, so a steady guesser gets `maxFailures` tries per window at most. The log
 * is in the database: every bridge on it counts the same failures.
 */
export class FailedAuthThrottle {
  constructor(
    private readonly failures: FailedAuthRepository,
    private readonly clock: Clock,
    private readonly policy: FailedAuthPolicy = DEFAULT_FAILED_AUTH_POLICY,
  ) {}

  /** Seconds until the address may try again; 0 when it may now. */
  async retryAfter(address: string): Promise<number> {
    const now = this.clock.now().getTime();
    const windowMs = this.policy.windowSeconds * 1000;
    const times = await this.failures.latest(address, now - windowMs, this.policy.maxFailures);
    if (times.length < this.policy.maxFailures) return 0;
    return Math.max(1, Math.ceil((times.at(-1)! + windowMs - now) / 1000));
  }

  async record(address: string): Promise<void> {
    const now = this.clock.now().getTime();
    await this.failures.record(address, now, now - this.policy.windowSeconds * 1000);
  }
}

/**
 * A refused key (or metrics token): 429 while the client's address is over its failure limit, else counted and 401
 * with `message` (what was expected).
 */
export async function refuseAuthentication(req: Request, token: string | null, throttle: FailedAuthThrottle, message?: string): Promise<never> {
  const address = clientAddress(req);
  const wait = await throttle.retryAfter(address);
  if (wait > 0) throw new RateLimitedError(wait, 'Too many failed authentication attempts from this address: try again later.');
  await throttle.record(address);
  throw new UnauthorizedError(message ?? (token ? 'The API key is unknown or revoked.' : undefined));
}

async function keyOf(req: Request, accounts: AccountsService): Promise<{ token: string | null; auth: AuthContext | null }> {
  const token = bearerToken(req);
  const found = token ? await accounts.authenticate(token) : null;
  return { token, auth: found ? { accountId: found.accountId, keyId: found.keyId, rateLimit: found.rateLimit } : null };
}

/**
 * Checks `Authorization: Bearer <key>`. A valid key is looked at first and always passes, whatever failed before
 * from the same address (behind a proxy or on a shared host, other sites' mistakes must not lock a site out);
 * a missing or wrong one is counted against the client address (FailedAuthThrottle). Keys are 256 random bits, so
 * the throttle is there to keep key spraying cheap for us, not to make guessing hopeless: that it already is.
 */
export function authenticate(accounts: AccountsService, throttle: FailedAuthThrottle): RequestHandler {
  return async (req, res, next) => {
    const { token, auth } = await keyOf(req, accounts);
    if (!auth) return refuseAuthentication(req, token, throttle);
    res.locals.auth = auth;
    next();
  };
}

/**
 * For answers outside the declared endpoints (unknown route, 405, a malformed request): without an Authorization
 * header, let it through untouched; with a valid key, count it and set the rate-limit headers like any other answer
 * to a valid key; with a wrong one, refuse it as a failed attempt, so that no path answers keys unthrottled.
 */
export function authenticateIfPresent(accounts: AccountsService, throttle: FailedAuthThrottle, limiter: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    if (req.get('authorization') === undefined) return next();
    const { token, auth } = await keyOf(req, accounts);
    if (!auth) return refuseAuthentication(req, token, throttle);
    res.locals.auth = auth;
    return limiter(req, res, next);
  };
}
