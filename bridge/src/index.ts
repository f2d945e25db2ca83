export { createApp, type App, type AppDeps } from './app.js';
export { loadConfig, type BridgeConfig } from './config.js';
export { openDatabase, type Db } from './db/connection.js';
export { migrate } from './db/migrate.js';
export { createLogger } from './logger.js';
export { serve, type RunningBridge } from './server.js';
export { InterlinkerClient, InterlinkerApiError } from './client/index.js';
