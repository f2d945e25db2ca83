import { Command, InvalidArgumentError, Option } from 'commander';
import { AccountsRepository, type Tier } from './accounts/accounts.repository.js';
import { AccountsService } from './accounts/accounts.service.js';
import { AccountQuotas, type AccountQuotaSettings, type QuotaReport } from './accounts/quotas.js';
import { loadConfig } from './config.js';
import { CLI_BUSY_TIMEOUT_MS } from './db/connection.js';
import { migrateBackend } from './db/migrate.js';
import { openConfiguredDatabase } from './db/open.js';
import { AppError } from './errors.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './logger.js';
import { serve } from './server.js';
import { BRIDGE_VERSION } from './version.js';
import { backupDatabase } from './operations/backup.js';
import { CHECK_PROBLEMS_EXIT_CODE, runDatabaseCheck } from './operations/check-command.js';
import { restoreDatabase } from './operations/restore.js';

async function withAccounts<T>(action: (accounts: AccountsService, quotas: AccountQuotas) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openConfiguredDatabase(config, { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    await migrateBackend(database);
    return await action(new AccountsService(new AccountsRepository(database.db), systemClock), new AccountQuotas(database, config.quotas));
  } finally {
    await database.close();
  }
}

/** backup, restore and check work on the SQLite file; PostgreSQL has its own tools for them (docs/operators.md). */
function sqliteFileOnly(command: string, alternative: string): string {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(`\`interlinker-bridge ${command}\` works on the SQLite file; with INTERLINKER_DATABASE_URL (PostgreSQL) use ${alternative} (docs/operators.md, "PostgreSQL").`);
  }
  return config.databaseFile;
}

/** A quota given on the command line: a whole number ≥ 0, or `default` for the bridge's. */
function quotaValue(value: string): number | 'default' {
  if (value === 'default') return value;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('Must be a whole number ≥ 0, or "default".');
  return parsed;
}

const MIB = 1024 * 1024;

function describeQuotas({ limits, usage, custom }: QuotaReport): string {
  const line = (label: string, key: keyof QuotaReport['limits'], unit = 1) =>
    `${label}\t${Math.round(usage[key] / unit)} of ${Math.round(limits[key] / unit)}${custom[key] ? '' : ' (default)'}`;
  return [line('projects', 'projects'), line('pages', 'pages'), line('content MB', 'contentBytes', MIB)].join('\n');
}

function formatBytes(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('Must be a whole number ≥ 1.');
  return parsed;
}

/** `interlinker-bridge`: serve, accounts and keys (contract §8), backup, restore and check (docs/operators.md). */
export function buildCli(): Command {
  const program = new Command('interlinker-bridge')
    .description('Interlinker bridge: the internal-link suggestion service (uses HOST, PORT, INTERLINKER_DB).')
    .version(BRIDGE_VERSION);

  program
    .command('serve')
    .description('Serve the API')
    .action(async () => {
      await serve(loadConfig(), createLogger(), { handleSignals: true });
    });

  const accounts = program.command('accounts').description('Manage accounts');
  accounts
    .command('create')
    .description('Create an account')
    .requiredOption('--name <name>', 'account name (unique)')
    .addOption(new Option('--tier <tier>', 'rate-limit tier').choices(['free', 'pro', 'enterprise']).default('free'))
    .option('--rate-limit <n>', 'requests per hour (enterprise: custom; others: overrides the tier)', positiveInteger)
    .action(async (options: { name: string; tier: Tier; rateLimit?: number }) => {
      const account = await withAccounts((service) =>
        service.createAccount({ name: options.name, tier: options.tier, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) }),
      );
      console.log(`Created account "${account.name}" (${account.id}), tier ${account.tier}, ${account.rateLimit} requests/hour.`);
    });
  accounts
    .command('list')
    .description('List accounts')
    .action(async () => {
      for (const account of await withAccounts((service) => service.listAccounts())) {
        console.log(`${account.id}\t${account.name}\t${account.tier}\t${account.rateLimit}/h\t${account.createdAt}`);
      }
    });

  accounts
    .command('quota')
    .description("Show an account's quotas and usage, or set them (a number, or \"default\" for the bridge's INTERLINKER_QUOTA_*)")
    .requiredOption('--name <name>', 'account name')
    .option('--projects <n>', 'most projects it may hold', quotaValue)
    .option('--pages <n>', 'most pages it may hold over all its projects', quotaValue)
    .option('--content-mb <n>', 'most MiB of page content (the synced HTML, UTF-8) it may store', quotaValue)
    .action(async (options: { name: string; projects?: number | 'default'; pages?: number | 'default'; contentMb?: number | 'default' }) => {
      const report = await withAccounts(async (service, quotas) => {
        const account = await service.requireAccountByName(options.name);
        const changes: Partial<AccountQuotaSettings> = {};
        const setting = (value: number | 'default', unit = 1) => (value === 'default' ? null : value * unit);
        if (options.projects !== undefined) changes.projects = setting(options.projects);
        if (options.pages !== undefined) changes.pages = setting(options.pages);
        if (options.contentMb !== undefined) changes.contentBytes = setting(options.contentMb, MIB);
        if (Object.keys(changes).length > 0) await quotas.set(account.id, changes);
        return quotas.report(account.id);
      });
      console.log(`Quotas of account "${options.name}" (used of limit):`);
      console.log(describeQuotas(report));
    });

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key; the key is printed alone on the last line')
    .requiredOption('--account <name>', 'account name')
    .option('--name <label>', 'a label for the key', '')
    .action(async (options: { account: string; name: string }) => {
      const created = await withAccounts(async (service) => service.createKey((await service.requireAccountByName(options.account)).id, options.name));
      console.log(`Created key ${created.id} (${created.prefix}…) for account "${options.account}". It is shown only now:`);
      console.log(created.key);
    });
  keys
    .command('list')
    .description("List an account's active keys")
    .requiredOption('--account <name>', 'account name')
    .action(async (options: { account: string }) => {
      const list = await withAccounts(async (service) => service.listKeys((await service.requireAccountByName(options.account)).id));
      for (const key of list) console.log(`${key.id}\t${key.prefix}…\t${key.name}\tcreated ${key.createdAt}\tlast used ${key.lastUsedAt ?? 'never'}`);
    });
  keys
    .command('revoke')
    .description('Revoke a key')
    .argument('<keyId>', 'the key id (key_…)')
    .action(async (keyId: string) => {
      await withAccounts((service) => service.revokeKey(null, keyId));
      console.log(`Revoked ${keyId}.`);
    });

  program
    .command('backup')
    .description('Copy the database (INTERLINKER_DB) to <file> while the bridge serves: a consistent, self-contained SQLite file')
    .argument('<file>', 'where to write the backup (replaced whole if it exists)')
    .action(async (file: string) => {
      const result = await backupDatabase(sqliteFileOnly('backup', 'pg_dump'), file);
      console.log(`Backed up to ${result.file} (${formatBytes(result.bytes)}, ${result.migrations} migrations applied).`);
    });

  program
    .command('restore')
    .description('Replace the database (INTERLINKER_DB) with a backup; refused while a bridge has the database open')
    .argument('<file>', 'a backup made by `interlinker-bridge backup`')
    .action(async (file: string) => {
      const target = sqliteFileOnly('restore', 'pg_restore');
      const { migrations, previous } = await restoreDatabase(file, target);
      console.log(`Restored ${target} from ${file}.`);
      if (previous) console.log(`The replaced database is kept as ${previous}.`);
      if (migrations.pending.length > 0) console.log(`The next start applies migrations ${migrations.pending.join(', ')}.`);
    });

  program
    .command('check')
    .description('Check a database: file integrity, migrations, each project\'s search index against its rows (exit 2 on a problem)')
    .argument('[file]', 'the database to check (default: INTERLINKER_DB); the bridge may be serving it')
    .action((file: string | undefined) => {
      const report = runDatabaseCheck(file ?? sqliteFileOnly('check', "PostgreSQL's amcheck and pg_dump"));
      for (const line of report.lines) console.log(line);
      if (report.problems.length > 0) {
        for (const problem of report.problems) console.error(`Problem: ${problem}`);
        console.error(`Check failed: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}.`);
        process.exitCode = CHECK_PROBLEMS_EXIT_CODE;
      } else {
        console.log('Check passed.');
      }
    });

  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildCli().parseAsync(argv);
  } catch (error) {
    console.error(`Error: ${error instanceof AppError || error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
