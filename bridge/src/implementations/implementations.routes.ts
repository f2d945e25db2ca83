import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams } from '../http/common-schemas.js';
import type { Executor } from '../db/database.js';
import type { ProjectsService } from '../projects/projects.service.js';
import {
  createImplementationBody,
  implementationParams,
  implementationSchema,
  listImplementationsQuery,
  reportResultsBody,
  rollbackBody,
} from './implementations.schemas.js';
import type { ImplementationsService } from './implementations.service.js';

export function implementationEndpoints(projects: ProjectsService, implementations: ImplementationsService): Endpoint[] {
  // An idempotent create reads in the transaction that stores its answer (SQLite's one connection is in it).
  const projectId = async (accountId: string, id: string, transaction: Executor | null = null) =>
    (await projects.require(accountId, id, transaction ?? undefined)).id;
  return [
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/implementations',
      operationId: 'createImplementation',
      summary: 'Record an implementation of pending or approved suggestions (status pending)',
      description:
        'suggestionIds: 1–100 distinct ids of this project (an unknown id → 404), each `pending` or `approved` (a rejected or implemented one → 409 naming it); pending ones are approved in the same transaction. A suggestion held by another implementation that is pending, or completed with its link still in place, → 409. platform: wordpress, custom or manual.',
      tag: 'Implementations',
      params: projectParams,
      body: createImplementationBody,
      response: implementationSchema,
      status: 201,
      idempotent: true,
      errors: [400, 404, 409, 413, 415],
      handle: async ({ auth, params, body, transaction }) => implementations.create(await projectId(auth.accountId, params.projectId, transaction), body, transaction ?? undefined),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/implementations',
      operationId: 'listImplementations',
      summary: 'List implementations, newest first',
      tag: 'Implementations',
      params: projectParams,
      query: listImplementationsQuery,
      response: implementationSchema,
      paginated: true,
      errors: [400, 404],
      handle: async ({ auth, params, query }) => implementations.list(await projectId(auth.accountId, params.projectId), query),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/implementations/{implementationId}',
      operationId: 'getImplementation',
      summary: 'Get an implementation',
      tag: 'Implementations',
      params: implementationParams,
      response: implementationSchema,
      errors: [404],
      handle: async ({ auth, params }) =>
        implementations.get(await projectId(auth.accountId, params.projectId), params.implementationId),
    }),
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/implementations/{implementationId}/results',
      operationId: 'reportImplementationResults',
      summary: 'Report which suggestions the platform applied (extension)',
      description:
        'Once per implementation, while pending. Then status is `completed` (at least one succeeded) or `failed`, `implementedAt` and `summary` are set, and each succeeded suggestion becomes `implemented`. Suggestions not mentioned count as failed.',
      tag: 'Implementations',
      params: implementationParams,
      body: reportResultsBody,
      response: implementationSchema,
      errors: [400, 404, 409, 413, 415],
      handle: async ({ auth, params, body }) =>
        implementations.reportResults(await projectId(auth.accountId, params.projectId), params.implementationId, body),
    }),
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/implementations/{implementationId}/rollback',
      operationId: 'rollBackImplementation',
      summary: 'Roll back an implementation, or some of its links',
      description:
        "Allowed from pending or completed (otherwise 409). Without `suggestionIds`, every link still in place is rolled back; with them, only those (each must be an item of this implementation, else 400, that succeeded and was not rolled back yet, else 409). Each item rolled back gets `rolledBackAt` (and `rollbackReason`), and its suggestion becomes `rejected` — not approved, so that it is not implemented again unnoticed; an editor may set it back to pending. `summary.rolledBack` counts them. The implementation becomes `rolled_back` (with `rolledBackAt` and `rollbackReason`) once none of its links is left in place; until then it stays `completed`. `reason` is optional.",
      tag: 'Implementations',
      params: implementationParams,
      body: rollbackBody,
      response: implementationSchema,
      errors: [400, 404, 409, 413, 415],
      handle: async ({ auth, params, body }) =>
        implementations.rollBack(await projectId(auth.accountId, params.projectId), params.implementationId, body),
    }),
  ];
}
