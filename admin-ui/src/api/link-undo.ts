/**
 * The links implementations put into a post that are still in it, and POST /rollback for some of them: only those
 * come out of their posts.
 */
import { NAMESPACE, request } from './request';
import type { RollbackAnswer } from './types';

/** GET /posts/{id}/inserted-links, one item (`interlinker-inserted-link`). */
export interface LinkInPost {
	implementationId: string;
	suggestionId: string;
	anchorText: string;
	href: string;
	/** When the link went in (UTC, ISO 8601). */
	insertedAt: string;
}

export function fetchLinksInPost( postId: number ): Promise< LinkInPost[] > {
	return request< LinkInPost[] >(
		`${ NAMESPACE }/posts/${ postId }/inserted-links`
	);
}

export function undoLinks(
	implementationId: string,
	suggestionIds: string[],
	reason: string
): Promise< RollbackAnswer > {
	return request< RollbackAnswer >( `${ NAMESPACE }/rollback`, {
		method: 'POST',
		data: { implementationId, suggestionIds, reason },
	} );
}
