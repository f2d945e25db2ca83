import { Command, InvalidArgumentError, Option } from 'commander';
import { AccountsRepository, type Tier } from './accounts/accounts.repository.js';
import { AccountsService } from './accounts/accounts.service.js';
import { loadConfig } from './config.js';
import { CLI_BUSY_TIMEOUT_MS, openDatabase, type Db } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { AppError } from './errors.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './logger.js';
import { serve } from './server.js';
import { BRIDGE_VERSION } from './version.js';

function withAccounts<T>(action: (accounts: AccountsService) => T): T {
  const db: Db = openDatabase(loadConfig().databaseFile, { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    migrate(db);
    return action(new AccountsService(new AccountsRepository(db), systemClock));
  } finally {
    db.close();
  }
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('Must be a whole number ≥ 1.');
  return parsed;
}

/** `interlinker-bridge`: serve, accounts and keys (contract §8). */
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
    .action((options: { name: string; tier: Tier; rateLimit?: number }) => {
      const account = withAccounts((service) =>
        service.createAccount({ name: options.name, tier: options.tier, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) }),
      );
      console.log(`Created account "${account.name}" (${account.id}), tier ${account.tier}, ${account.rateLimit} requests/hour.`);
    });
  accounts
    .command('list')
    .description('List accounts')
    .action(() => {
      for (const account of withAccounts((service) => service.listAccounts())) {
        console.log(`${account.id}\t${account.name}\t${account.tier}\t${account.rateLimit}/h\t${account.createdAt}`);
      }
    });

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key; the key is printed alone on the last line')
    .requiredOption('--account <name>', 'account name')
    .option('--name <label>', 'a label for the key', '')
    .action((options: { account: string; name: string }) => {
      const created = withAccounts((service) => service.createKey(service.requireAccountByName(options.account).id, options.name));
      console.log(`Created key ${created.id} (${created.prefix}…) for account "${options.account}". It is shown only now:`);
      console.log(created.key);
    });
  keys
    .command('list')
    .description("List an account's active keys")
    .requiredOption('--account <name>', 'account name')
    .action((options: { account: string }) => {
      const list = withAccounts((service) => service.listKeys(service.requireAccountByName(options.account).id));
      for (const key of list) console.log(`${key.id}\t${key.prefix}…\t${key.name}\tcreated ${key.createdAt}\tlast used ${key.lastUsedAt ?? 'never'}`);
    });
  keys
    .command('revoke')
    .description('Revoke a key')
    .argument('<keyId>', 'the key id (key_…)')
    .action((keyId: string) => {
      withAccounts((service) => service.revokeKey(null, keyId));
      console.log(`Revoked ${keyId}.`);
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
