import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams } from '../http/common-schemas.js';
import { paginationQuery } from '../pagination.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { pageDetail, pageParams, pageSummary, syncBatchBody, syncBatchBodyDoc, syncResult } from './pages.schemas.js';
import type { PagesService } from './pages.service.js';

export function pageEndpoints(projects: ProjectsService, pages: PagesService): Endpoint[] {
  return [
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/pages/batch',
      operationId: 'syncPages',
      summary: 'Sync up to 500 pages; existing URLs are updated in place',
      description:
        'Each page is validated on its own: invalid pages are counted in `failed` and described in `errors`, valid ones are stored all the same. So is a page whose analysis goes over the bridge\'s limits (by default 5 s and a 512 MB worker heap per page; any 2 MiB page takes well under 2 s): it fails alone with `payload_too_large`, and the rest of the batch is stored. URLs are compared after normalising scheme and host case, default ports and the fragment. A page sent exactly as stored (same URL, title, content, statusCode and excluded) keeps its analysis and index entry and only has lastSyncedAt updated, so a full re-sync of a site costs little where little changed. A batch that would take the account over its quota of pages or of content bytes (GET /api/account) is refused whole with 403 quota_exceeded: nothing of it is stored.',
      tag: 'Pages',
      params: projectParams,
      body: syncBatchBody,
      bodyDoc: syncBatchBodyDoc,
      response: syncResult,
      errors: [400, 403, 404, 413, 415],
      handle: async ({ auth, params, body }) => pages.syncBatch((await projects.require(auth.accountId, params.projectId)), body, auth.accountId),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/pages',
      operationId: 'listPages',
      summary: 'List synced pages, newest first',
      tag: 'Pages',
      params: projectParams,
      query: paginationQuery,
      response: pageSummary,
      paginated: true,
      errors: [400, 404],
      handle: async ({ auth, params, query }) => pages.list((await projects.require(auth.accountId, params.projectId)).id, query),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/pages/{pageId}',
      operationId: 'getPage',
      summary: 'Get a page with its content',
      tag: 'Pages',
      params: pageParams,
      response: pageDetail,
      errors: [404],
      handle: async ({ auth, params }) => pages.get((await projects.require(auth.accountId, params.projectId)).id, params.pageId),
    }),
  ];
}
