import type { Kysely } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { ListResult } from '../pagination.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { pausePoint } from '../lib/pause-points.js';
import type { ImplementationsRepository } from './implementations.repository.js';
import type {
  CreateImplementationInput,
  Implementation,
  ListImplementationsQuery,
  ReportResultsInput,
  RollbackInput,
} from './implementations.schemas.js';

const NOT_REPORTED = 'No result was reported for this suggestion.';

/** Implementations and rollback (contract §5). Every state change happens in one transaction. */
export class ImplementationsService {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly implementations: ImplementationsRepository,
    private readonly clock: Clock,
  ) {}

  /** `executor`: the transaction of an idempotent request, which stores its answer with the implementation. */
  async create(projectId: string, input: CreateImplementationInput, executor?: Executor): Promise<Implementation> {
    return this.inTransaction(executor, async (trx) => {
      await this.implementations.lockSuggestions(trx, input.suggestionIds);
      const states = new Map(
        (await this.implementations.suggestionStates(trx, projectId, input.suggestionIds)).map((s) => [s.id, s.status]),
      );
      const unknown = input.suggestionIds.filter((id) => !states.has(id));
      if (unknown.length > 0) throw new NotFoundError(`Suggestion ${unknown.join(', ')}`);
      // Pending suggestions are approved here, in the same transaction: "insert link" straight from review.
      const refused = input.suggestionIds.filter((id) => states.get(id) !== 'approved' && states.get(id) !== 'pending');
      if (refused.length > 0) {
        throw new ConflictError(
          `Only pending or approved suggestions can be implemented; not so: ${refused.join(', ')}.`,
          refused.map((id) => ({ field: 'suggestionIds', message: `${id} is ${states.get(id)}` })),
        );
      }
      // Approved but already in another implementation (a double click, a second tab): a second one would insert
      // the link twice, and rolling either back would reopen a suggestion whose link the other keeps.
      const holders = await this.implementations.holders(trx, input.suggestionIds);
      if (holders.length > 0) {
        throw new ConflictError(
          `Already in an implementation that is pending or completed: ${holders.map((held) => `${held.suggestionId} (${held.implementationId})`).join(', ')}. Roll that one back first.`,
          holders.map((held) => ({ field: 'suggestionIds', message: `${held.suggestionId} is in implementation ${held.implementationId} (${held.status})` })),
        );
      }
      const id = newId('imp');
      const now = this.clock.now().toISOString();
      for (const suggestionId of input.suggestionIds) {
        if (states.get(suggestionId) === 'pending') await this.implementations.moveSuggestion(trx, suggestionId, 'pending', 'approved', now);
      }
      await this.implementations.insert(trx, projectId, id, input.platform, input.suggestionIds, now);
      return this.get(projectId, id, trx);
    });
  }

  async get(projectId: string, implementationId: string, executor: Executor = this.db): Promise<Implementation> {
    const implementation = await this.implementations.find(projectId, implementationId, executor);
    if (!implementation) throw new NotFoundError('Implementation');
    return implementation;
  }

  async list(projectId: string, query: ListImplementationsQuery): Promise<ListResult<Implementation>> {
    const filter = { status: query.status, ids: query.ids };
    return {
      items: await this.implementations.list(projectId, filter, query.limit, query.offset),
      pagination: { limit: query.limit, offset: query.offset, total: await this.implementations.count(projectId, filter) },
    };
  }

  /**
   * The platform reports what it applied. Suggestions it does not mention count as failed. Once reported, the
   * implementation is `completed` (≥ 1 succeeded) or `failed`; reporting again is a conflict.
   */
  reportResults(projectId: string, implementationId: string, input: ReportResultsInput): Promise<Implementation> {
    return this.db.transaction().execute(async (trx) => {
      await this.implementations.lock(trx, implementationId);
      const implementation = await this.get(projectId, implementationId, trx);
      if (implementation.status !== 'pending') {
        throw new ConflictError(`Results can only be reported once, while the implementation is pending (it is ${implementation.status}).`);
      }
      const members = new Set(implementation.suggestionIds);
      const seen = new Set<string>();
      const issues = input.results.flatMap((result, index) => {
        if (!members.has(result.suggestionId)) {
          return [{ field: `results.${index}.suggestionId`, message: 'Not a suggestion of this implementation.' }];
        }
        if (seen.has(result.suggestionId)) {
          return [{ field: `results.${index}.suggestionId`, message: 'Reported twice.' }];
        }
        seen.add(result.suggestionId);
        return [];
      });
      if (issues.length > 0) throw new ValidationError(issues);

      const now = this.clock.now().toISOString();
      const reported = new Map(input.results.map((result) => [result.suggestionId, result]));
      let succeeded = 0;
      for (const suggestionId of implementation.suggestionIds) {
        const result = reported.get(suggestionId);
        const ok = result?.succeeded === true;
        await this.implementations.setItemResult(trx, implementationId, suggestionId, ok, ok ? null : (result?.error ?? (result ? null : NOT_REPORTED)));
        if (ok) {
          succeeded += 1;
          await this.implementations.moveSuggestion(trx, suggestionId, 'approved', 'implemented', now);
        }
        pausePoint('implementation-results');
      }
      const failed = implementation.suggestionIds.length - succeeded;
      await this.implementations.complete(trx, implementationId, succeeded > 0 ? 'completed' : 'failed', now, succeeded, failed);
      return this.get(projectId, implementationId, trx);
    });
  }

  /**
   * Rollback from pending or completed, of the whole implementation or of some of its links (`suggestionIds`: each a
   * succeeded item not rolled back yet). Each link rolled back records when and why, and its suggestion becomes
   * `rejected`, not approved: it must not be implemented again by a "select all, implement" (an editor may set it
   * back to pending deliberately). The implementation is `rolled_back` once none of its links is left in place.
   */
  rollBack(projectId: string, implementationId: string, input: RollbackInput): Promise<Implementation> {
    return this.db.transaction().execute(async (trx) => {
      await this.implementations.lock(trx, implementationId);
      const implementation = await this.get(projectId, implementationId, trx);
      if (implementation.status !== 'pending' && implementation.status !== 'completed') {
        throw new ConflictError(`Only pending or completed implementations can be rolled back (this one is ${implementation.status}).`);
      }
      const inPlace = new Set(
        implementation.results.filter((result) => result.succeeded === true && result.rolledBackAt === null).map((result) => result.suggestionId),
      );
      const chosen = input.suggestionIds ?? [...inPlace];
      if (input.suggestionIds) this.checkRollbackItems(implementation, input.suggestionIds, inPlace);
      const now = this.clock.now().toISOString();
      const reason = input.reason ?? null;
      for (const suggestionId of chosen) {
        await this.implementations.rollBackItem(trx, implementationId, suggestionId, now, reason);
        await this.implementations.moveSuggestion(trx, suggestionId, 'implemented', 'rejected', now);
      }
      const left = [...inPlace].filter((id) => !chosen.includes(id));
      if (left.length === 0) await this.implementations.rollBack(trx, implementationId, now, reason);
      return this.get(projectId, implementationId, trx);
    });
  }

  /** Runs `work` in `executor` when it is a transaction already (an idempotent request's), else in a new one. */
  private inTransaction<T>(executor: Executor | undefined, work: (trx: Executor) => Promise<T>): Promise<T> {
    return executor ? work(executor) : this.db.transaction().execute(work);
  }

  /** Links rolled back one by one must be links this implementation put in place and that are still there. */
  private checkRollbackItems(implementation: Implementation, suggestionIds: readonly string[], inPlace: ReadonlySet<string>): void {
    const results = new Map(implementation.results.map((result) => [result.suggestionId, result]));
    const issues = suggestionIds.flatMap((id, index) =>
      results.has(id) ? [] : [{ field: `suggestionIds.${index}`, message: `${id} is not a suggestion of this implementation.` }],
    );
    if (issues.length > 0) throw new ValidationError(issues);
    const notInPlace = suggestionIds.filter((id) => !inPlace.has(id));
    if (notInPlace.length > 0) {
      throw new ConflictError(
        `Only links this implementation inserted and that are still in place can be rolled back; not so: ${notInPlace.join(', ')}.`,
        notInPlace.map((id) => {
          const result = results.get(id)!;
          let state = 'failed';
          if (result.rolledBackAt !== null) state = 'rolled back already';
          else if (result.succeeded === null) state = 'not reported yet';
          return { field: 'suggestionIds', message: `${id} is ${state}` };
        }),
      );
    }
  }
}
