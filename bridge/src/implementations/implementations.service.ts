import type { Db } from '../db/connection.js';
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
    private readonly db: Db,
    private readonly implementations: ImplementationsRepository,
    private readonly clock: Clock,
  ) {}

  create(projectId: string, input: CreateImplementationInput): Implementation {
    return this.db.transaction(() => {
      const states = new Map(
        this.implementations.suggestionStates(projectId, input.suggestionIds).map((s) => [s.id, s.status]),
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
      const holders = this.implementations.holders(input.suggestionIds);
      if (holders.length > 0) {
        throw new ConflictError(
          `Already in an implementation that is pending or completed: ${holders.map((held) => `${held.suggestionId} (${held.implementationId})`).join(', ')}. Roll that one back first.`,
          holders.map((held) => ({ field: 'suggestionIds', message: `${held.suggestionId} is in implementation ${held.implementationId} (${held.status})` })),
        );
      }
      const id = newId('imp');
      const now = this.clock.now().toISOString();
      for (const suggestionId of input.suggestionIds) {
        if (states.get(suggestionId) === 'pending') this.implementations.moveSuggestion(suggestionId, 'pending', 'approved', now);
      }
      this.implementations.insert(projectId, id, input.platform, input.suggestionIds, now);
      return this.get(projectId, id);
    })();
  }

  get(projectId: string, implementationId: string): Implementation {
    const implementation = this.implementations.find(projectId, implementationId);
    if (!implementation) throw new NotFoundError('Implementation');
    return implementation;
  }

  list(projectId: string, query: ListImplementationsQuery): ListResult<Implementation> {
    const filter = { status: query.status, ids: query.ids };
    return {
      items: this.implementations.list(projectId, filter, query.limit, query.offset),
      pagination: { limit: query.limit, offset: query.offset, total: this.implementations.count(projectId, filter) },
    };
  }

  /**
   * The platform reports what it applied. Suggestions it does not mention count as failed. Once reported, the
   * implementation is `completed` (≥ 1 succeeded) or `failed`; reporting again is a conflict.
   */
  reportResults(projectId: string, implementationId: string, input: ReportResultsInput): Implementation {
    return this.db.transaction(() => {
      const implementation = this.get(projectId, implementationId);
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
        this.implementations.setItemResult(implementationId, suggestionId, ok, ok ? null : (result?.error ?? (result ? null : NOT_REPORTED)));
        if (ok) {
          succeeded += 1;
          this.implementations.moveSuggestion(suggestionId, 'approved', 'implemented', now);
        }
        pausePoint('implementation-results');
      }
      const failed = implementation.suggestionIds.length - succeeded;
      this.implementations.complete(implementationId, succeeded > 0 ? 'completed' : 'failed', now, succeeded, failed);
      return this.get(projectId, implementationId);
    })();
  }

  /**
   * Rollback from pending or completed, of the whole implementation or of some of its links (`suggestionIds`: each a
   * succeeded item not rolled back yet). Each link rolled back records when and why, and its suggestion becomes
   * `rejected`, not approved: it must not be implemented again by a "select all, implement" (an editor may set it
   * back to pending deliberately). The implementation is `rolled_back` once none of its links is left in place.
   */
  rollBack(projectId: string, implementationId: string, input: RollbackInput): Implementation {
    return this.db.transaction(() => {
      const implementation = this.get(projectId, implementationId);
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
        this.implementations.rollBackItem(implementationId, suggestionId, now, reason);
        this.implementations.moveSuggestion(suggestionId, 'implemented', 'rejected', now);
      }
      const left = [...inPlace].filter((id) => !chosen.includes(id));
      if (left.length === 0) this.implementations.rollBack(implementationId, now, reason);
      return this.get(projectId, implementationId);
    })();
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
