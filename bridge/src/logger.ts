import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. Request logs carry no headers or query strings; the redact list is a second guard in case
 * a request object is ever logged whole.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service: 'interlinker-bridge' },
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'apiKey', 'key'], censor: '[redacted]' },
  });
}
