import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { projectParams } from '../http/common-schemas.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { generationProgressSchema } from './generation.schemas.js';
import type { GenerationQueue } from './generation.service.js';

export function generationEndpoints(projects: ProjectsService, queue: GenerationQueue): Endpoint[] {
  return [
    defineEndpoint({
      method: 'get',
      path: '/api/projects/{projectId}/generation',
      operationId: 'getGenerationProgress',
      summary: 'Progress of background generation (extension)',
      description:
        "Interlinker extension. After each sync batch, the pages it stored new or changed that may be sources (2xx, not excluded, inside the project's paths) wait in a queue, and the bridge generates their suggestions in the background with the project's minRelevanceScore, suggestionsPerPage and ignoredWords, storing them as pending exactly as POST /suggestions does. Queued pages wait until the project's syncs have been quiet for a few seconds, so that a full sync in many batches is generated after its last batch. Changing those settings or the paths queues every eligible page again. A run starts when the queue goes from empty to not empty; the counts are those of the current (or last) run.",
      tag: 'Suggestions',
      params: projectParams,
      response: generationProgressSchema,
      errors: [404],
      handle: async ({ auth, params }) => queue.progress((await projects.require(auth.accountId, params.projectId)).id),
    }),
  ];
}
