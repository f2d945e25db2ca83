/**
 * POST /rollback for some links of an implementation: only those come out of their posts.
 */
import { NAMESPACE, request } from './request';
import type { RollbackAnswer } from './types';

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
