import type { Pagination } from '../pagination.js';

/** The success envelope of contract §1. */
export function envelope(data: unknown, pagination?: Pagination) {
  return {
    data,
    meta: { timestamp: new Date().toISOString(), ...(pagination ? { pagination } : {}) },
  };
}
