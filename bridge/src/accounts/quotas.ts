import type { Db } from '../db/connection.js';
import { NotFoundError, QuotaExceededError } from '../errors.js';

/** What an account may hold. */
export interface QuotaLimits {
  projects: number;
  pages: number;
  /** UTF-8 bytes of stored page content (the HTML synced), summed over the account's pages. */
  contentBytes: number;
}

/** Each account's own limits; null: the bridge's default (QuotaLimits from config.ts). */
export type AccountQuotaSettings = { [K in keyof QuotaLimits]: number | null };

export interface QuotaReport {
  limits: QuotaLimits;
  usage: QuotaLimits;
  /** Which limits are the account's own (set with the command line) rather than the bridge's defaults. */
  custom: { [K in keyof QuotaLimits]: boolean };
}

/**
 * Sized for one large site per account and a few more: 100 projects, a million pages, 20 GiB of content (a million
 * pages of 20 KB of HTML, about twice a typical WordPress post). INTERLINKER_QUOTA_* change them.
 */
export const DEFAULT_QUOTAS: QuotaLimits = { projects: 100, pages: 1_000_000, contentBytes: 20 * 1024 ** 3 };

const NAMES: Record<keyof QuotaLimits, string> = { projects: 'projects', pages: 'pages', contentBytes: 'bytes of page content' };

/**
 * Reads and enforces the quotas. Usage is kept per project by the triggers of migration 0016, so it is exact inside
 * any transaction: a check after a batch's writes sees the batch, and throwing rolls it all back.
 */
export class AccountQuotas {
  private readonly statements;

  constructor(
    db: Db,
    private readonly defaults: QuotaLimits = DEFAULT_QUOTAS,
  ) {
    this.statements = {
      settings: db.prepare('SELECT max_projects AS projects, max_pages AS pages, max_content_bytes AS contentBytes FROM accounts WHERE id = ?'),
      usage: db.prepare(
        `SELECT COUNT(*) AS projects, COALESCE(SUM(page_count), 0) AS pages, COALESCE(SUM(content_bytes), 0) AS contentBytes
         FROM projects WHERE account_id = ?`,
      ),
      set: db.prepare(
        `UPDATE accounts SET max_projects = @projects, max_pages = @pages, max_content_bytes = @contentBytes WHERE id = @id`,
      ),
    };
  }

  report(accountId: string): QuotaReport {
    const settings = this.statements.settings.get(accountId) as AccountQuotaSettings | undefined;
    if (!settings) throw new NotFoundError('Account');
    const usage = this.statements.usage.get(accountId) as QuotaLimits;
    const limits = {} as QuotaLimits;
    const custom = {} as QuotaReport['custom'];
    for (const key of Object.keys(NAMES) as (keyof QuotaLimits)[]) {
      limits[key] = settings[key] ?? this.defaults[key];
      custom[key] = settings[key] !== null;
    }
    return { limits, usage, custom };
  }

  /** Sets the account's own limits: a number is its own, null goes back to the default, undefined keeps the current. */
  set(accountId: string, changes: Partial<AccountQuotaSettings>): void {
    const current = this.statements.settings.get(accountId) as AccountQuotaSettings | undefined;
    if (!current) throw new NotFoundError('Account');
    this.statements.set.run({ id: accountId, ...current, ...changes });
  }

  /** Throws unless the account may hold one more project. */
  assertProjectAllowed(accountId: string): void {
    const { limits, usage } = this.report(accountId);
    if (usage.projects + 1 > limits.projects) {
      throw new QuotaExceededError('projects', `The account may hold ${limits.projects} projects and holds ${usage.projects}: delete one, or ask for a higher quota.`);
    }
  }

  /** What the account holds now (inside a transaction: with its writes so far). */
  usage(accountId: string): QuotaLimits {
    return this.statements.usage.get(accountId) as QuotaLimits;
  }

  /** Throws when `newPages` more pages would take the account over its page quota (before a sync's costly analysis). */
  assertPagesAllowed(accountId: string, newPages: number): void {
    if (newPages <= 0) return;
    const { limits, usage } = this.report(accountId);
    if (usage.pages + newPages > limits.pages) throw this.overQuota('pages', limits.pages, usage.pages, newPages);
  }

  /**
   * Throws when a sync's writes took the account's pages or content over their limits. Called after the writes,
   * inside their transaction, with the usage read before them: the throw rolls the whole batch back. A sync that
   * does not grow a usage (pages updated with shorter content) passes even over a limit lowered since.
   */
  assertGrowthWithin(accountId: string, before: QuotaLimits): void {
    const { limits, usage } = this.report(accountId);
    for (const key of ['pages', 'contentBytes'] as const) {
      if (usage[key] > limits[key] && usage[key] > before[key]) throw this.overQuota(key, limits[key], before[key], usage[key] - before[key]);
    }
  }

  private overQuota(key: 'pages' | 'contentBytes', limit: number, held: number, added: number): QuotaExceededError {
    return new QuotaExceededError(
      key,
      `The account may store ${limit} ${NAMES[key]}; it has ${held} and this sync would add ${added}. Nothing of the batch was stored.`,
    );
  }
}
