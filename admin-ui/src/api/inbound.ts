import { NAMESPACE, request } from './request';
import type { InboundQuery, InboundSuggestions } from './types';

/**
 * "Find links to this post": asks the bridge which other posts should link to this one. The answer's suggestions
 * are ordinary ones (approve, reject and implement them like any other).
 * @param postId
 * @param query
 */
export function findInboundSuggestions(
	postId: number,
	query: InboundQuery = {}
): Promise< InboundSuggestions > {
	return request< InboundSuggestions >(
		`${ NAMESPACE }/posts/${ postId }/inbound-suggestions`,
		{ method: 'POST', data: query }
	);
}
