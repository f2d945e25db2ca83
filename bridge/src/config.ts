import path from 'node:path';

export interface BridgeConfig {
  host: string;
  port: number;
  databaseFile: string;
  bodyLimitBytes: number;
  /** Trust X-Forwarded-For (behind a reverse proxy) for the client address used by failed-auth throttling. */
  trustProxy: boolean;
  /** A relevance model file (`{"weights": [...]}`, written by bench/quality/fit-relevance.ts) instead of the default. */
  relevanceModelFile: string | null;
}

const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    relevanceModelFile: env.INTERLINKER_RELEVANCE_MODEL ? path.resolve(env.INTERLINKER_RELEVANCE_MODEL) : null,
  };
}
