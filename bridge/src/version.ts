import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The bridge's version, from its package.json. */
export const BRIDGE_VERSION: string = (require('../package.json') as { version: string }).version;
