import { NAMESPACE, request, requestPage, requestWithSource } from './request';
import type {
	Implementation,
	ImplementationDetails,
	ImplementationStatus,
	ListPage,
	RollbackAnswer,
} from './types';

export interface ImplementationQuery {
	page: number;
	perPage: number;
	status?: ImplementationStatus;
}

export function fetchImplementations(
	query: ImplementationQuery
): Promise< ListPage< Implementation > > {
	return requestPage< Implementation >( `${ NAMESPACE }/implementations`, {
		page: query.page,
		per_page: query.perPage,
		status: query.status,
	} );
}

export function fetchImplementation(
	id: string
): Promise< ImplementationDetails > {
	return requestWithSource< ImplementationDetails >(
		`${ NAMESPACE }/implementations/${ encodeURIComponent( id ) }`
	);
}

/** What a rollback undoes: the whole implementation (neither), one post's links, or some links. */
export interface RollbackScope {
	postId?: number;
	suggestionIds?: string[];
}

/**
 * Undoes an implementation, one post's links or some links; without a reason, the plugin records who undid it.
 * @param implementationId
 * @param reason
 * @param scope
 */
export function rollbackImplementation(
	implementationId: string,
	reason: string,
	scope: RollbackScope = {}
): Promise< RollbackAnswer > {
	return request< RollbackAnswer >( `${ NAMESPACE }/rollback`, {
		method: 'POST',
		data: {
			implementationId,
			...( reason === '' ? {} : { reason } ),
			...scope,
		},
	} );
}
