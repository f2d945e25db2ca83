import { createSelector } from '@wordpress/data';

import type { DateRange, PageQuery } from '../api/analytics';
import type { ApiError } from '../api/errors';
import type { ImplementationQuery } from '../api/implementations';
import type { LinkCountQuery } from '../api/link-counts';
import type { SuggestionQuery } from '../api/suggestions';
import type {
	AnalyticsSummary,
	BrokenLink,
	Implementation,
	ImplementationDetails,
	InboundBucket,
	LinkCount,
	LinkCountProgress,
	ListPage,
	OrphanPage,
	RollbackPostResult,
	Settings,
	SetupSteps,
	Suggestion,
	TimeseriesPoint,
} from '../api/types';
import { errorKey, queryKey } from './keys';
import type {
	ConnectionState,
	GenerationWatch,
	ImplementRun,
	InboundLookup,
	QueryResult,
	State,
	SyncProgress,
} from './types';

function pageOf< T >(
	result: QueryResult | undefined,
	byId: Record< string, T >,
	hidden: Record< string, true > = {}
): ListPage< T > | null {
	if ( ! result ) {
		return null;
	}
	const items: T[] = [];
	let hiddenCount = 0;
	for ( const id of result.ids ) {
		const item = byId[ id ];
		if ( hidden[ id ] ) {
			hiddenCount++;
		} else if ( item ) {
			items.push( item );
		}
	}
	return {
		items,
		total: Math.max( 0, result.total - hiddenCount ),
		totalPages: result.totalPages,
		...( result.postState ? { postState: result.postState } : {} ),
		...( result.source ? { source: result.source } : {} ),
	};
}

/** One page of suggestions, without those deleted optimistically; null until it has loaded. */
export const getSuggestions = createSelector(
	( state: State, query: SuggestionQuery ): ListPage< Suggestion > | null =>
		pageOf(
			state.suggestions.queries[ queryKey( query ) ],
			state.suggestions.byId,
			state.suggestions.hiddenIds
		),
	( state: State, query: SuggestionQuery ) => [
		state.suggestions.queries[ queryKey( query ) ],
		state.suggestions.byId,
		state.suggestions.hiddenIds,
	]
);

/** "Find links to this post" as the store holds it for one post: the last search's suggestions, as they are now. */
export interface InboundView extends Omit< InboundLookup, 'ids' > {
	items: Suggestion[];
}

/**
 * The inbound suggestions found for a post (most relevant first, with their current status); null before any search.
 * @param state
 * @param postId
 */
export const getInboundSuggestions = createSelector(
	( state: State, postId: number ): InboundView | null => {
		const lookup = state.inbound[ postId ];
		if ( ! lookup ) {
			return null;
		}
		const { ids, ...rest } = lookup;
		const items = ids
			.map( ( id ) => state.suggestions.byId[ id ] )
			.filter( ( item ): item is Suggestion => item !== undefined );
		return { ...rest, items };
	},
	( state: State, postId: number ) => [
		state.inbound[ postId ],
		state.suggestions.byId,
	]
);

export function getSuggestion( state: State, id: string ): Suggestion | null {
	return state.suggestions.byId[ id ] ?? null;
}

export const getImplementations = createSelector(
	(
		state: State,
		query: ImplementationQuery
	): ListPage< Implementation > | null =>
		pageOf(
			state.implementations.queries[ queryKey( query ) ],
			state.implementations.byId
		),
	( state: State, query: ImplementationQuery ) => [
		state.implementations.queries[ queryKey( query ) ],
		state.implementations.byId,
	]
);

export function getImplementation(
	state: State,
	id: string
): ImplementationDetails | null {
	return state.implementations.details[ id ] ?? null;
}

/**
 * What the last rollback of this implementation did to each post; null when it was not rolled back during this visit.
 * @param state
 * @param id
 */
export function getRollbackOutcomes(
	state: State,
	id: string
): RollbackPostResult[] | null {
	return state.implementations.rollbackOutcomes[ id ] ?? null;
}

export function getAnalytics(
	state: State,
	range: DateRange
): AnalyticsSummary | null {
	return state.health.summaries[ queryKey( range ) ] ?? null;
}

export function getTimeseries(
	state: State,
	range: DateRange
): TimeseriesPoint[] | null {
	return state.health.timeseries[ queryKey( range ) ] ?? null;
}

export function getOrphans(
	state: State,
	query: PageQuery
): ListPage< OrphanPage > | null {
	return state.health.orphans[ queryKey( query ) ] ?? null;
}

export function getBrokenLinks(
	state: State,
	query: PageQuery
): ListPage< BrokenLink > | null {
	return state.health.brokenLinks[ queryKey( query ) ] ?? null;
}

export function getInboundLinks( state: State ): InboundBucket[] | null {
	return state.health.inbound;
}

export function getLinkCounts(
	state: State,
	query: LinkCountQuery
): ListPage< LinkCount > | null {
	return state.health.linkCounts[ queryKey( query ) ] ?? null;
}

export function getLinkCountProgress( state: State ): LinkCountProgress | null {
	return state.health.linkCountProgress;
}

export function getSettings( state: State ): Settings | null {
	return state.settings;
}

/**
 * Why the resolver of `selectorName` failed for these arguments, or null.
 * @param          state
 * @param          selectorName
 * @param {...any} args
 */
export function getError(
	state: State,
	selectorName: string,
	...args: unknown[]
): ApiError | null {
	return state.errors[ errorKey( selectorName, args ) ] ?? null;
}

export function isBusy( state: State, name: string ): boolean {
	return state.busy[ name ] === true;
}

export function getImplementRun( state: State ): ImplementRun | null {
	return state.implementRun;
}

/**
 * Status changes still on their way to WordPress, by suggestion id (their new status shows already): those
 * suggestions take no other action until the plugin has it.
 * @param state
 */
export function getSuggestionsSaving( state: State ): Record< string, number > {
	return state.suggestions.savingIds;
}

/**
 * Whether anything asked of the suggestions is still under way — a status change or an implementation — so that
 * no implement is sent before the approvals it needs have reached WordPress.
 * @param state
 */
export function isReviewUnderWay( state: State ): boolean {
	return (
		Object.keys( state.suggestions.savingIds ).length > 0 ||
		state.implementRun?.status === 'running'
	);
}

export function getSyncProgress( state: State ): SyncProgress {
	return state.sync;
}

export function getConnection( state: State ): ConnectionState {
	return state.connection;
}

export function getGeneration( state: State ): GenerationWatch {
	return state.generation;
}

/**
 * The first run's steps; null when the plugin did not say (a site set up before the checklist existed).
 * @param state
 */
export function getSetup( state: State ): SetupSteps | null {
	return state.setup.steps;
}

/**
 * Whether the setup checklist shows on this screen: the setup was not complete when the screen loaded.
 * @param state
 */
export function showsSetupChecklist( state: State ): boolean {
	return state.setup.atLoad !== null && ! state.setup.atLoad.complete;
}

/**
 * Whether actions that need the bridge may be offered: an address and key are set and the bridge has not refused
 * the key or said it is not connected since. A bridge that is only unreachable still counts as connected (its
 * actions then say so when tried).
 * @param state
 */
export function isConnected( state: State ): boolean {
	if ( state.setup.steps && ! state.setup.steps.connectionSet ) {
		return false;
	}
	const problem = state.bridgeProblem;
	return ! (
		problem &&
		( problem.kind === 'not_connected' || problem.kind === 'unauthorized' ) &&
		problem.code !== 'interlinker_not_synced'
	);
}

/**
 * Why the bridge cannot be used right now, to be said once at the top of the screen; null when nothing is known.
 * @param state
 */
export function getBridgeProblem( state: State ): ApiError | null {
	return state.bridgeProblem;
}
