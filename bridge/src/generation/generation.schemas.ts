import { z } from 'zod';
import { isoTimestamp } from '../http/common-schemas.js';

export const generationProgressSchema = z
  .object({
    state: z.enum(['idle', 'generating']).meta({ description: '`generating` while pages wait in the queue (also while a sync is still sending batches).' }),
    queuedPages: z.number().int().min(0).meta({ description: 'Pages of the run still waiting.' }),
    generatedPages: z.number().int().min(0).meta({ description: 'Pages of the run generated so far.' }),
    totalPages: z.number().int().min(0).meta({ description: 'generatedPages + queuedPages.' }),
    suggestionsCreated: z.number().int().min(0).meta({ description: 'New pending suggestions the run stored (refreshed ones not counted).' }),
    startedAt: isoTimestamp.nullable().meta({ description: 'When the run began: when the queue went from empty to not empty. null before any run.' }),
    finishedAt: isoTimestamp.nullable().meta({ description: 'When the run emptied the queue; null while it runs and before any run.' }),
  })
  .meta({ id: 'GenerationProgress' });
export type GenerationProgress = z.output<typeof generationProgressSchema>;
