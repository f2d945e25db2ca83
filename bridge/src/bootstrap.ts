import type { AccountsService, CreatedKey } from './accounts/accounts.service.js';

/**
 * With no account yet, the first start creates one (enterprise tier, so that the owner is not throttled on their
 * own bridge) and returns its key to print once (contract §8).
 */
export async function ensureFirstAccount(accounts: AccountsService): Promise<CreatedKey | null> {
  if ((await accounts.countAccounts()) > 0) return null;
  const account = await accounts.createAccount({ name: 'default', tier: 'enterprise' });
  return accounts.createKey(account.id, 'first key');
}
