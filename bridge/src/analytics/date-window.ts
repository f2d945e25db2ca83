import { ValidationError } from '../errors.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;

export interface DateWindow {
  /** Inclusive lower bound (ISO), or null for "since the beginning". */
  from: string | null;
  /** Exclusive upper bound (ISO), or null for "until now". */
  toExclusive: string | null;
}

function parseBound(value: string, field: string, isEnd: boolean): Date {
  const dateOnly = DATE_ONLY.test(value);
  if (!dateOnly && !DATE_TIME.test(value)) {
    throw new ValidationError([{ field, message: 'Must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone.' }]);
  }
  const parsed = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) {
    throw new ValidationError([{ field, message: 'Not a real date.' }]);
  }
  // A bare end date covers that whole (UTC) day; a date-time end is inclusive to the millisecond.
  if (isEnd) return new Date(parsed.getTime() + (dateOnly ? DAY_MS : 1));
  return parsed;
}

/** Parses the optional, inclusive startDate/endDate of contract §6 into a half-open window. */
export function parseDateWindow(startDate: string | undefined, endDate: string | undefined): DateWindow {
  const from = startDate ? parseBound(startDate, 'query.startDate', false) : null;
  const to = endDate ? parseBound(endDate, 'query.endDate', true) : null;
  if (from && to && from.getTime() >= to.getTime()) {
    throw new ValidationError([{ field: 'query.startDate', message: 'startDate is after endDate.' }]);
  }
  return { from: from?.toISOString() ?? null, toExclusive: to?.toISOString() ?? null };
}
