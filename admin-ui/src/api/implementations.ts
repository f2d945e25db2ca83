import { NAMESPACE, request, requestPage } from './request';
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
	return request< ImplementationDetails >(
		`${ NAMESPACE }/implementations/${ encodeURIComponent( id ) }`
	);
}

export function rollbackImplementation(
	implementationId: string,
	reason: string
): Promise< RollbackAnswer > {
	return request< RollbackAnswer >( `${ NAMESPACE }/rollback`, {
		method: 'POST',
		data: { implementationId, reason },
	} );
}
