import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams } from '../http/common-schemas.js';
import type { ForegroundRequests } from '../generation/foreground-requests.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { InboundSuggestionsService } from './inbound-suggestions.service.js';
import { DEFAULT_GENERATE_LIMIT, DEFAULT_MIN_RELEVANCE_SCORE, inboundBody, suggestionSchema } from './suggestions.schemas.js';

/** Registered before the `/suggestions/{suggestionId}` routes, which would otherwise answer this path with 405. */
export function inboundSuggestionEndpoints(projects: ProjectsService, inbound: InboundSuggestionsService, foreground: ForegroundRequests): Endpoint[] {
  return [
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/suggestions/inbound',
      operationId: 'generateInboundSuggestions',
      summary: 'Generate link suggestions to a target page, from other pages (extension)',
      description: `Interlinker extension: which pages should link to targetUrl. Answers the same suggestions as POST /suggestions, all with that target, each from a different source page, sorted by relevanceScore, highest first. limit 1–50 (default ${DEFAULT_GENERATE_LIMIT}); minRelevanceScore 0–1 (default: the project's minRelevanceScore, when that is null ${DEFAULT_MIN_RELEVANCE_SCORE}). No anchor contains one of the project's ignoredWords. A pair scores as forward generation from its source would score it. Sources are pages whose strongest words name the target (its title, title head, editors' keyphrases) and pages like it; never the target itself, a page that already links to it, an excluded page or one outside the project's paths. One suggestion per (source, target) pair: a pending one is refreshed in place (same id); pairs approved, rejected or implemented are not suggested again. 404 when targetUrl is no page of the project; 400 when the page is outside the project's paths, excluded, or synced with a status other than 2xx.`,
      tag: 'Suggestions',
      params: projectParams,
      body: inboundBody,
      response: z.array(suggestionSchema),
      errors: [400, 404, 413, 415],
      handle: async ({ auth, params, body }) => foreground.serve(async () => inbound.generate((await projects.require(auth.accountId, params.projectId)), body)),
    }),
  ];
}
