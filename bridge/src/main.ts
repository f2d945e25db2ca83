import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { serve } from './server.js';

/** `npm start`: serve the API on the embedded SQLite default. */
const logger = createLogger();
serve(loadConfig(), logger, { handleSignals: true }).catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
});
