import { z } from 'zod';
import { isoTimestamp } from '../http/common-schemas.js';

export const createKeyBody = z.object({ name: z.string().trim().max(100).optional() }).optional();

export const createdKeySchema = z.object({
  id: z.string(),
  key: z.string().meta({ description: 'The secret. Shown only in this answer; only its hash is kept.' }),
  prefix: z.string(),
  name: z.string(),
  createdAt: isoTimestamp,
});

export type CreatedKey = z.output<typeof createdKeySchema>;

export const keySchema = z.object({
  id: z.string(),
  prefix: z.string(),
  name: z.string(),
  createdAt: isoTimestamp,
  lastUsedAt: isoTimestamp.nullable(),
  current: z.boolean().meta({ description: 'True for the key that made this request.' }),
});

export type ApiKeyInfo = z.output<typeof keySchema>;

export const keyParams = z.object({ keyId: z.string().min(1).max(64) });
