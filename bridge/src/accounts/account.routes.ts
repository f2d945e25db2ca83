import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { isoTimestamp } from '../http/common-schemas.js';
import { NotFoundError } from '../errors.js';
import type { AccountsService } from './accounts.service.js';
import type { AccountQuotas } from './quotas.js';

const quotaSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  custom: z.boolean().meta({ description: "True when the account has its own limit (set with the command line); false: the bridge's default." }),
});

export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  tier: z.enum(['free', 'pro', 'enterprise']),
  rateLimit: z.number().int().meta({ description: 'Requests per hour.' }),
  createdAt: isoTimestamp,
  quotas: z
    .object({
      projects: quotaSchema,
      pages: quotaSchema,
      contentBytes: quotaSchema.meta({ description: 'UTF-8 bytes of stored page content (the HTML synced), over all projects.' }),
    })
    .meta({ description: 'What the account may hold and holds. Going over a limit is 403 quota_exceeded, with nothing written.' }),
});

export type AccountInfo = z.output<typeof accountSchema>;

/** The key's own account: its limits and what it uses of them. */
export function accountEndpoints(accounts: AccountsService, quotas: AccountQuotas): Endpoint[] {
  return [
    defineEndpoint({
      method: 'get',
      path: '/api/account',
      operationId: 'getAccount',
      summary: "The key's account: tier, rate limit, quotas and their usage",
      tag: 'Account',
      response: accountSchema,
      handle: async ({ auth }) => {
        const account = await accounts.findAccount(auth.accountId);
        if (!account) throw new NotFoundError('Account');
        const { limits, usage, custom } = await quotas.report(account.id);
        const quota = (key: keyof typeof limits) => ({ limit: limits[key], used: usage[key], custom: custom[key] });
        return { ...account, quotas: { projects: quota('projects'), pages: quota('pages'), contentBytes: quota('contentBytes') } };
      },
    }),
  ];
}
