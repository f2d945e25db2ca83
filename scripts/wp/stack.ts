/**
 * Starts or stops a real WordPress + MariaDB stack from a shell (see README.md); run with `npx tsx`.
 * The servers keep running after this exits; `stop` finds them again through .tmp/<name>/stack.json.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startWordPress } from '../../test/support/wordpress.js';
import { wpPaths } from '../../test/support/wp-paths.js';
import { stopRecordedStack } from '../../test/support/wp-stack-record.js';

const usage = `usage:
  stack.ts start [--name dev] [--port 8889] [--db-port 3309] [--plugin <dir>|--no-plugin] [--define NAME=value]... [--json]
  stack.ts stop [--name dev]`;

function parseConstants(definitions: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    definitions.map((definition) => {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/s.exec(definition);
      if (!match) throw new Error(`--define ${definition}: expected NAME=value`);
      return [match[1], match[2]];
    }),
  );
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) throw new Error(`not a port: ${value}`);
  return parsed;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string', default: 'dev' },
      port: { type: 'string' },
      'db-port': { type: 'string' },
      plugin: { type: 'string', default: path.join(wpPaths.repoRoot, 'plugin') },
      'no-plugin': { type: 'boolean', default: false },
      define: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
    },
  });
  const [command] = positionals;

  if (command === 'stop') {
    await stopRecordedStack(wpPaths.stackDir(values.name));
    console.log(`stopped stack "${values.name}"`);
    return;
  }
  if (command !== 'start' || positionals.length !== 1) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }

  const wp = await startWordPress({
    name: values.name,
    port: port(values.port, 8889),
    dbPort: port(values['db-port'], 3309),
    ...(values['no-plugin'] ? {} : { pluginDir: values.plugin }),
    constants: parseConstants(values.define),
  });
  const summary = {
    name: wp.name,
    url: wp.url,
    admin: `${wp.url}/wp-admin/`,
    dbPort: wp.dbPort,
    pluginFile: wp.pluginFile ?? null,
    users: wp.users,
    dataDir: wp.dataDir,
    debugLog: wp.debugLog,
  };
  if (values.json) {
    console.log(JSON.stringify(summary, null, 2));
    return;
  }
  console.log(`WordPress "${wp.name}" at ${wp.url}/ (MariaDB on 127.0.0.1:${wp.dbPort})`);
  console.log(`plugin: ${wp.pluginFile ?? 'none active'}`);
  for (const user of Object.values(wp.users)) {
    const login = `${user.login} / ${user.password}`;
    console.log(`  ${user.role.padEnd(13)} login ${login.padEnd(34)} application password ${user.appPassword}`);
  }
  console.log(`logs and data: ${wp.dataDir}   stop: scripts/wp/stop.sh --name ${wp.name}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
