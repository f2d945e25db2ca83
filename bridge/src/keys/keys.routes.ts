import { z } from 'zod';
import type { AccountsService } from '../accounts/accounts.service.js';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { successResponse } from '../http/common-schemas.js';
import { createdKeySchema, createKeyBody, keyParams, keySchema } from './keys.schemas.js';

/** Settings → API Keys → Generate New Key, over HTTP, for the key's own account (contract §2). */
export function keyEndpoints(accounts: AccountsService): Endpoint[] {
  return [
    defineEndpoint({
      method: 'post',
      path: '/api/keys',
      operationId: 'createApiKey',
      summary: 'Generate a new API key for the account (the secret is shown once)',
      tag: 'API keys',
      body: createKeyBody,
      response: createdKeySchema,
      status: 201,
      idempotent: true,
      errors: [400, 413, 415],
      handle: ({ auth, body, transaction }) => accounts.createKey(auth.accountId, body?.name ?? '', transaction ?? undefined),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/keys',
      operationId: 'listApiKeys',
      summary: "List the account's active keys (prefixes only)",
      tag: 'API keys',
      response: z.array(keySchema),
      handle: async ({ auth }) =>
        (await accounts.listKeys(auth.accountId)).map((key) => ({ ...key, current: key.id === auth.keyId })),
    }),
    defineEndpoint({
      method: 'delete',
      path: '/api/keys/{keyId}',
      operationId: 'revokeApiKey',
      summary: 'Revoke a key of the account (it stops working at once)',
      tag: 'API keys',
      params: keyParams,
      response: successResponse,
      errors: [404],
      handle: async ({ auth, params }) => {
        await accounts.revokeKey(auth.accountId, params.keyId);
        return { success: true as const };
      },
    }),
  ];
}
