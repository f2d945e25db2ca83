import type { z } from 'zod';
import { toFieldIssues, ValidationError } from '../errors.js';

/** Parses `value` with `schema` or throws a 400 validation_error naming every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(toFieldIssues(result.error, prefix));
  return result.data;
}
