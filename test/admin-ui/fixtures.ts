import type { Suggestion } from '../../admin-ui/src/api/types';

export function suggestion(
	id: string,
	overrides: Partial< Suggestion > = {}
): Suggestion {
	return {
		id,
		sourcePageUrl: `http://site.test/${ id }-source/`,
		targetPageUrl: `http://site.test/${ id }-target/`,
		anchorText: 'internal links',
		context: 'Good internal links help readers find related pages.',
		relevanceScore: 0.7,
		status: 'pending',
		sourcePageId: null,
		targetPageId: null,
		createdAt: '2026-01-01T00:00:00.000Z',
		updatedAt: '2026-01-01T00:00:00.000Z',
		sourcePostId: 1,
		targetPostId: 2,
		sourceTitle: 'Source',
		targetTitle: 'Target',
		sourceEditLink: '',
		targetEditLink: '',
		...overrides,
	};
}
