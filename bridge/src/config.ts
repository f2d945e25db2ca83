import path from 'node:path';

export interface BridgeConfig {
  host: string;
  port: number;
  databaseFile: string;
  bodyLimitBytes: number;
  /**
   * Express's `trust proxy`: which X-Forwarded-For entries name the client, for failed-auth throttling. false: none
   * (the socket's peer is the client); a number: that many proxy hops in front of the bridge; a string: the proxies'
   * addresses or subnets (comma-separated, or `loopback`, `uniquelocal`, …).
   */
  trustProxy: false | number | string;
  /** A relevance model file (`{"weights": [...]}`, written by bench/quality/fit-relevance.ts) instead of the default. */
  relevanceModelFile: string | null;
}

const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * TRUST_PROXY: unset, `0`, `false` or `off` trust no proxy; `1` or `true` one hop (the usual single reverse proxy: the
 * client is the address it appended, so a client's own X-Forwarded-For entries cannot pose as others); `N` N hops;
 * anything else is a list of proxy addresses or subnets for express.
 */
function trustProxy(value: string | undefined): false | number | string {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === '' || setting === '0' || setting === 'false' || setting === 'off') return false;
  if (setting === 'true' || setting === 'on') return 1;
  if (/^\d+$/.test(setting)) return Number(setting);
  return value!.trim();
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return parsed;
}

/** Reads the environment of contract §8: HOST, PORT, INTERLINKER_DB (+ INTERLINKER_BODY_LIMIT, TRUST_PROXY, INTERLINKER_RELEVANCE_MODEL). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BridgeConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: integer('PORT', env.PORT, 7700),
    databaseFile: path.resolve(env.INTERLINKER_DB || './data/interlinker.db'),
    bodyLimitBytes: integer('INTERLINKER_BODY_LIMIT', env.INTERLINKER_BODY_LIMIT, DEFAULT_BODY_LIMIT),
    trustProxy: trustProxy(env.TRUST_PROXY),
    relevanceModelFile: env.INTERLINKER_RELEVANCE_MODEL ? path.resolve(env.INTERLINKER_RELEVANCE_MODEL) : null,
  };
}
