import type { Kysely } from 'kysely';
import type { DatabaseBackend, Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
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
  private readonly db: Kysely<Schema>;

  constructor(
    private readonly backend: Pick<DatabaseBackend, 'db' | 'kind'>,
    private readonly defaults: QuotaLimits = DEFAULT_QUOTAS,
  ) {
    this.db = backend.db;
  }

  /**
   * Makes the account's other changes wait for the end of this transaction, before its usage is read: two syncs
   * or creates of one account (on two bridges, or two connections of one) then cannot each see the other's
   * uncommitted rows missing and together pass a limit. On PostgreSQL a lock on the account's row, the next
   * statement reading what the other committed; SQLite runs one write transaction at a time already.
   */
  async holdForChange(accountId: string, transaction: Executor): Promise<void> {
    if (this.backend.kind === 'sqlite') return;
    await transaction.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
  }

  private settings(accountId: string, executor: Executor): Promise<AccountQuotaSettings | undefined> {
    return executor
      .selectFrom('accounts')
      .select(['max_projects as projects', 'max_pages as pages', 'max_content_bytes as contentBytes'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  async report(accountId: string, executor: Executor = this.db): Promise<QuotaReport> {
    const settings = await this.settings(accountId, executor);
    if (!settings) throw new NotFoundError('Account');
    const usage = await this.usage(accountId, executor);
    const limits = {} as QuotaLimits;
    const custom = {} as QuotaReport['custom'];
    for (const key of Object.keys(NAMES) as (keyof QuotaLimits)[]) {
      limits[key] = settings[key] ?? this.defaults[key];
      custom[key] = settings[key] !== null;
    }
    return { limits, usage, custom };
  }

  /** Sets the account's own limits: a number is its own, null goes back to the default, undefined keeps the current. */
  async set(accountId: string, changes: Partial<AccountQuotaSettings>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await this.settings(accountId, trx);
      if (!current) throw new NotFoundError('Account');
      const next = { ...current, ...changes };
      await trx
        .updateTable('accounts')
        .set({ max_projects: next.projects, max_pages: next.pages, max_content_bytes: next.contentBytes })
        .where('id', '=', accountId)
        .execute();
    });
  }

  /** Throws unless the account may hold one more project; in a transaction, holds the account for it first. */
  async assertProjectAllowed(accountId: string, executor: Executor = this.db): Promise<void> {
    if (executor !== this.db) await this.holdForChange(accountId, executor);
    const { limits, usage } = await this.report(accountId, executor);
    if (usage.projects + 1 > limits.projects) {
      throw new QuotaExceededError('projects', `The account may hold ${limits.projects} projects and holds ${usage.projects}: delete one, or ask for a higher quota.`);
    }
  }

  /** What the account holds now (inside a transaction: with its writes so far). */
  async usage(accountId: string, executor: Executor = this.db): Promise<QuotaLimits> {
    const row = await executor
      .selectFrom('projects')
      .select((eb) => [
        eb.fn.countAll<number>().as('projects'),
        eb.fn.coalesce(eb.fn.sum<number>('page_count'), eb.lit(0)).as('pages'),
        eb.fn.coalesce(eb.fn.sum<number>('content_bytes'), eb.lit(0)).as('contentBytes'),
      ])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return { projects: Number(row.projects), pages: Number(row.pages), contentBytes: Number(row.contentBytes) };
  }

  /** Throws when `newPages` more pages would take the account over its page quota (before a sync's costly analysis). */
  async assertPagesAllowed(accountId: string, newPages: number): Promise<void> {
    if (newPages <= 0) return;
    const { limits, usage } = await this.report(accountId);
    if (usage.pages + newPages > limits.pages) throw this.overQuota('pages', limits.pages, usage.pages, newPages);
  }

  /**
   * Throws when a sync's writes took the account's pages or content over their limits. Called after the writes,
   * inside their transaction, with the usage read before them: the throw rolls the whole batch back. A sync that
   * does not grow a usage (pages updated with shorter content) passes even over a limit lowered since.
   */
  async assertGrowthWithin(accountId: string, before: QuotaLimits, executor: Executor): Promise<void> {
    const { limits, usage } = await this.report(accountId, executor);
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
