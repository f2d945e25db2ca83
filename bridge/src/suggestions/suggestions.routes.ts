import { z } from 'zod';
import { MIN_DECISIONS, MIN_DECISIONS_EACH } from '../engine/adaptation.js';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams, successResponse } from '../http/common-schemas.js';
import type { ForegroundRequests } from '../generation/foreground-requests.js';
import type { ProjectsService } from '../projects/projects.service.js';
import {
  DEFAULT_MIN_RELEVANCE_SCORE,
  generateBody,
  listSuggestionsQuery,
  relevanceSummarySchema,
  suggestionParams,
  suggestionSchema,
  updateSuggestionBody,
} from './suggestions.schemas.js';
import type { SuggestionsService } from './suggestions.service.js';

export function suggestionEndpoints(projects: ProjectsService, suggestions: SuggestionsService, foreground: ForegroundRequests): Endpoint[] {
  const projectOf = (accountId: string, projectId: string) => projects.require(accountId, projectId);
  return [
    defineEndpoint({
      method: 'post',
      path: '/api/projects/{projectId}/suggestions',
      operationId: 'generateSuggestions',
      summary: 'Generate link suggestions for a source page',
      description: `Answers the suggestions sorted by relevanceScore, highest first. limit 1–50 (default: the project's suggestionsPerPage, 10 unless set); minRelevanceScore 0–1 (default: the project's minRelevanceScore, when that is null ${DEFAULT_MIN_RELEVANCE_SCORE}). No anchor contains one of the project's ignoredWords (whole words, case ignored). The bridge also generates in the background after each sync, with the same settings (GET …/generation). relevanceScore is calibrated to read as the chance that an editor accepts the suggestion. One suggestion per (source, target) pair: a pending one is refreshed in place (same id); pairs that were approved, rejected or implemented are not suggested again until that suggestion is deleted.`,
      tag: 'Suggestions',
      params: projectParams,
      body: generateBody,
      response: z.array(suggestionSchema),
      errors: [400, 404, 413, 415],
      handle: async ({ auth, params, body }) => foreground.serve(async () => suggestions.generate((await projectOf(auth.accountId, params.projectId)), body)),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/relevance',
      operationId: 'getRelevanceSummary',
      summary: "How the project's suggestions are scored (extension)",
      description: `Interlinker extension. relevanceScore starts as the bridge's model, fitted on other sites. Each suggestion an editor approves, implements or rejects is a decision; once the project has ${MIN_DECISIONS} of them (at least ${MIN_DECISIONS_EACH} accepted and ${MIN_DECISIONS_EACH} rejected), suggestions are scored by the model adapted to them, held near the bridge's model, so that the score follows this site's editors. Deleting a suggestion removes its decision.`,
      tag: 'Suggestions',
      params: projectParams,
      response: relevanceSummarySchema,
      errors: [404],
      handle: async ({ auth, params }) => suggestions.relevanceSummary((await projectOf(auth.accountId, params.projectId)).id),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/suggestions',
      operationId: 'listSuggestions',
      summary: 'List suggestions, newest first',
      tag: 'Suggestions',
      params: projectParams,
      query: listSuggestionsQuery,
      response: suggestionSchema,
      paginated: true,
      errors: [400, 404],
      handle: async ({ auth, params, query }) => suggestions.list((await projectOf(auth.accountId, params.projectId)).id, query),
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/suggestions/{suggestionId}',
      operationId: 'getSuggestion',
      summary: 'Get a suggestion',
      tag: 'Suggestions',
      params: suggestionParams,
      response: suggestionSchema,
      errors: [404],
      handle: async ({ auth, params }) => suggestions.get((await projectOf(auth.accountId, params.projectId)).id, params.suggestionId),
    }),
    defineEndpoint({
      method: 'patch',
      path: '/api/projects/{projectId}/suggestions/{suggestionId}',
      operationId: 'updateSuggestion',
      summary: "Change a suggestion's status; answers the whole suggestion",
      description:
        'Any of the four statuses may be set, except that a suggestion applied by a completed implementation that has not been rolled back cannot leave `implemented` (409: roll the implementation back instead).',
      tag: 'Suggestions',
      params: suggestionParams,
      body: updateSuggestionBody,
      response: suggestionSchema,
      errors: [400, 404, 409, 413, 415],
      handle: async ({ auth, params, body }) =>
        suggestions.updateStatus((await projectOf(auth.accountId, params.projectId)).id, params.suggestionId, body.status),
    }),
    defineEndpoint({
      method: 'delete',
      path: '/api/projects/{projectId}/suggestions/{suggestionId}',
      operationId: 'deleteSuggestion',
      summary: 'Delete a suggestion (its pair may then be suggested again)',
      tag: 'Suggestions',
      params: suggestionParams,
      response: successResponse,
      errors: [404, 409],
      handle: async ({ auth, params }) => {
        await suggestions.remove((await projectOf(auth.accountId, params.projectId)).id, params.suggestionId);
        return { success: true as const };
      },
    }),
  ];
}
