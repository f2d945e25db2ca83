import type { z } from 'zod';
import { ValidationError, type FieldIssue } from '../errors.js';

/** Turns zod issues into the contract's `details` list. */
export function toFieldIssues(error: z.ZodError, prefix?: string): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const field = [prefix, path].filter(Boolean).join('.') || prefix || '(body)';
    return { field, message: issue.message };
  });
}

/** Parses `value` with `schema` or throws a 400 validation_error naming every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(toFieldIssues(result.error, prefix));
  return result.data;
}
