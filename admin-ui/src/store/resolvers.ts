/**
 * Resolvers load what a selector needs the first time it is asked for (and again after an invalidation); a failure is
 * kept under getError( selectorName, ...args ) so the screen can say why.
 */
import * as analyticsApi from '../api/analytics';
import * as implementationsApi from '../api/implementations';
import * as linkCountsApi from '../api/link-counts';
import * as settingsApi from '../api/settings';
import * as suggestionsApi from '../api/suggestions';
import type { DateRange, PageQuery } from '../api/analytics';
import type { ApiError } from '../api/errors';
import type { ImplementationQuery } from '../api/implementations';
import type { LinkCountQuery } from '../api/link-counts';
import type { SuggestionQuery } from '../api/suggestions';
import { errorKey, queryKey } from './keys';
import type { SelectorName, Thunk } from './thunk';
import type { Action } from './types';

function loading< A extends unknown[] >(
	selectorName: SelectorName,
	load: ( ...args: A ) => Promise< Action >
): ( ...args: A ) => Thunk {
	return ( ...args: A ) =>
		async ( { dispatch } ) => {
			const key = errorKey( selectorName, args );
			dispatch( { type: 'CLEAR_ERROR', key } );
			try {
				dispatch( await load( ...args ) );
			} catch ( error ) {
				dispatch( {
					type: 'RECEIVE_ERROR',
					key,
					error: error as ApiError,
				} );
			}
		};
}

export const getSuggestions = loading(
	'getSuggestions',
	async ( query: SuggestionQuery ) => ( {
		type: 'RECEIVE_SUGGESTIONS',
		key: queryKey( query ),
		page: await suggestionsApi.fetchSuggestions( query ),
	} )
);

export const getImplementations = loading(
	'getImplementations',
	async ( query: ImplementationQuery ) => ( {
		type: 'RECEIVE_IMPLEMENTATIONS',
		key: queryKey( query ),
		page: await implementationsApi.fetchImplementations( query ),
	} )
);

export const getImplementation = loading(
	'getImplementation',
	async ( id: string ) => ( {
		type: 'RECEIVE_IMPLEMENTATION_DETAILS',
		details: await implementationsApi.fetchImplementation( id ),
	} )
);

export const getAnalytics = loading(
	'getAnalytics',
	async ( range: DateRange ) => ( {
		type: 'RECEIVE_ANALYTICS',
		key: queryKey( range ),
		summary: await analyticsApi.fetchAnalytics( range ),
	} )
);

export const getTimeseries = loading(
	'getTimeseries',
	async ( range: DateRange ) => ( {
		type: 'RECEIVE_TIMESERIES',
		key: queryKey( range ),
		points: await analyticsApi.fetchTimeseries( range ),
	} )
);

export const getOrphans = loading(
	'getOrphans',
	async ( query: PageQuery ) => ( {
		type: 'RECEIVE_ORPHANS',
		key: queryKey( query ),
		page: await analyticsApi.fetchOrphans( query ),
	} )
);

export const getBrokenLinks = loading(
	'getBrokenLinks',
	async ( query: PageQuery ) => ( {
		type: 'RECEIVE_BROKEN_LINKS',
		key: queryKey( query ),
		page: await analyticsApi.fetchBrokenLinks( query ),
	} )
);

export const getInboundLinks = loading( 'getInboundLinks', async () => ( {
	type: 'RECEIVE_INBOUND_LINKS',
	buckets: await analyticsApi.fetchInboundLinks(),
} ) );

export const getLinkCounts = loading(
	'getLinkCounts',
	async ( query: LinkCountQuery ) => ( {
		type: 'RECEIVE_LINK_COUNTS',
		key: queryKey( query ),
		page: await linkCountsApi.fetchLinkCounts( query ),
	} )
);

export const getLinkCountProgress = loading(
	'getLinkCountProgress',
	async () => ( {
		type: 'RECEIVE_LINK_COUNT_PROGRESS',
		progress: await linkCountsApi.fetchLinkCountProgress(),
	} )
);

export const getSettings = loading( 'getSettings', async () => ( {
	type: 'RECEIVE_SETTINGS',
	settings: await settingsApi.fetchSettings(),
} ) );
