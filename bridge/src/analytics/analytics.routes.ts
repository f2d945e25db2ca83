import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams } from '../http/common-schemas.js';
import type { ProjectsService } from '../projects/projects.service.js';
import {
  analyticsSchema,
  brokenLink,
  dateWindowQuery,
  inboundLinks,
  orphanPage,
  reportPageQuery,
  timeseriesPoint,
} from './analytics.schemas.js';
import type { AnalyticsService } from './analytics.service.js';

export function analyticsEndpoints(projects: ProjectsService, analytics: AnalyticsService): Endpoint[] {
  const projectId = async (accountId: string, id: string) => (await projects.require(accountId, id)).id;
  return [
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/analytics',
      operationId: 'getAnalytics',
      summary: 'Aggregate analytics of a project',
      description:
        'startDate/endDate are optional and inclusive (a bare endDate date covers that whole UTC day); they filter suggestions and implementations by creation time. Pages and links are the current state. pages.pending counts internal URLs linked from synced content that were never synced. links counts every internal link in synced content plus implemented suggestions not yet seen in synced content: active → a synced 2xx page, broken → a 4xx/5xx page, redirected → a 1xx/3xx page, unresolved → a URL never synced (counted in total, neither active nor broken). implementations.successful counts completed ones whose links are still in place: one rolled back is counted in rolledBack, not here.',
      tag: 'Analytics',
      params: projectParams,
      query: dateWindowQuery,
      response: analyticsSchema,
      errors: [400, 404],
      handle: async ({ auth, params, query }) =>
        analytics.summary(await projectId(auth.accountId, params.projectId), query.startDate, query.endDate),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/analytics/timeseries',
      operationId: 'getAnalyticsTimeseries',
      summary: 'Suggestions and implementations created per UTC day (extension; default: the last 30 days)',
      tag: 'Analytics',
      params: projectParams,
      query: dateWindowQuery,
      response: z.array(timeseriesPoint),
      errors: [400, 404],
      handle: async ({ auth, params, query }) =>
        analytics.timeseries(await projectId(auth.accountId, params.projectId), query.startDate, query.endDate),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/analytics/orphans',
      operationId: 'listOrphanPages',
      summary: 'Synced 2xx pages that take part in suggestions (inside the paths, not excluded) and that no other page links to (extension)',
      tag: 'Analytics',
      params: projectParams,
      query: reportPageQuery,
      response: orphanPage,
      paginated: true,
      errors: [400, 404],
      handle: async ({ auth, params, query }) => {
        const project = (await projects.require(auth.accountId, params.projectId));
        return analytics.orphans(project.id, project, query);
      },
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/analytics/broken-links',
      operationId: 'listBrokenLinks',
      summary: 'Internal links in live (2xx) pages that point at a 4xx/5xx page (extension)',
      tag: 'Analytics',
      params: projectParams,
      query: reportPageQuery,
      response: brokenLink,
      paginated: true,
      errors: [400, 404],
      handle: async ({ auth, params, query }) => analytics.brokenLinks(await projectId(auth.accountId, params.projectId), query),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/analytics/inbound-links',
      operationId: 'getInboundLinkDistribution',
      summary: 'How many synced 2xx pages that take part in suggestions have 0, 1, 2–3, 4–7, 8–15, 16+ inbound internal links (extension)',
      tag: 'Analytics',
      params: projectParams,
      response: inboundLinks,
      errors: [404],
      handle: async ({ auth, params }) => {
        const project = (await projects.require(auth.accountId, params.projectId));
        return analytics.inboundLinks(project.id, project);
      },
    }),
  ];
}
