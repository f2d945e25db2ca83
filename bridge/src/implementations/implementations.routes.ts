import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams } from '../http/common-schemas.js';
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
  const projectId = (accountId: string, id: string) => projects.require(accountId, id).id;
  return [
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/implementations',
      operationId: 'createImplementation',
      summary: 'Record an implementation of approved suggestions (status pending)',
      description:
        'suggestionIds: 1–100 distinct ids of this project (an unknown id → 404), all `approved` (otherwise 409 naming the others). platform: wordpress, custom or manual.',
      tag: 'Implementations',
      params: projectParams,
      body: createImplementationBody,
      response: implementationSchema,
      status: 201,
      idempotent: true,
      errors: [400, 404, 409, 413, 415],
      handle: ({ auth, params, body }) => implementations.create(projectId(auth.accountId, params.projectId), body),
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
      handle: ({ auth, params, query }) => implementations.list(projectId(auth.accountId, params.projectId), query),
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
      handle: ({ auth, params }) =>
        implementations.get(projectId(auth.accountId, params.projectId), params.implementationId),
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
      handle: ({ auth, params, body }) =>
        implementations.reportResults(projectId(auth.accountId, params.projectId), params.implementationId, body),
    }),
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/implementations/{implementationId}/rollback',
      operationId: 'rollBackImplementation',
      summary: 'Roll back an implementation',
      description:
        'Allowed from pending or completed (otherwise 409). Sets status `rolled_back`, `rolledBackAt` and `rollbackReason`; the suggestions it implemented go back to `approved`.',
      tag: 'Implementations',
      params: implementationParams,
      body: rollbackBody,
      response: implementationSchema,
      errors: [400, 404, 409, 413, 415],
      handle: ({ auth, params, body }) =>
        implementations.rollBack(projectId(auth.accountId, params.projectId), params.implementationId, body.reason),
    }),
  ];
}
