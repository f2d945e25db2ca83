import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams, successResponse } from '../http/common-schemas.js';
import { paginationQuery } from '../pagination.js';
import { createProjectBody, projectSchema, updateProjectBody } from './projects.schemas.js';
import type { ProjectsService } from './projects.service.js';

export function projectEndpoints(projects: ProjectsService): Endpoint[] {
  return [
    defineEndpoint({
      method: 'post',
      path: '/api/projects',
      operationId: 'createProject',
      summary: 'Create a project for a website',
      tag: 'Projects',
      body: createProjectBody,
      response: projectSchema,
      status: 201,
      idempotent: true,
      errors: [400, 403, 413, 415],
      handle: ({ auth, body, transaction }) => projects.create(auth.accountId, body, transaction ?? undefined),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects',
      operationId: 'listProjects',
      summary: "List the account's projects, newest first",
      tag: 'Projects',
      query: paginationQuery,
      response: projectSchema,
      paginated: true,
      errors: [400],
      handle: async ({ auth, query }) => projects.list(auth.accountId, query),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}',
      operationId: 'getProject',
      summary: 'Get a project',
      tag: 'Projects',
      params: projectParams,
      response: projectSchema,
      errors: [404],
      handle: ({ auth, params }) => projects.require(auth.accountId, params.projectId),
    }),
    defineEndpoint({
      method: 'patch',
      path: '/api/projects/{projectId}',
      operationId: 'updateProject',
      summary: 'Update a project; answers the whole updated project',
      tag: 'Projects',
      params: projectParams,
      body: updateProjectBody,
      response: projectSchema,
      errors: [400, 404, 413, 415],
      handle: async ({ auth, params, body }) => projects.update(auth.accountId, params.projectId, body),
    }),
    defineEndpoint({
      method: 'delete',
      path: '/api/projects/{projectId}',
      operationId: 'deleteProject',
      summary: 'Delete a project and everything under it',
      tag: 'Projects',
      params: projectParams,
      response: successResponse,
      errors: [404],
      handle: async ({ auth, params }) => {
        await projects.remove(auth.accountId, params.projectId);
        return { success: true as const };
      },
    }),
  ];
}

