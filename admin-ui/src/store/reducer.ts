import { combineReducers } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import type { ApiError } from '../api/errors';
import type {
	AnswerSource,
	Implementation,
	PostSuggestionState,
	Suggestion,
} from '../api/types';
import { initialSetup } from '../lib/admin-config';
import type {
	Action,
	ConnectionState,
	GenerationWatch,
	HealthState,
	ImplementationsState,
	ImplementRun,
	InboundLookup,
	QueryResult,
	SetupState,
	State,
	SuggestionsState,
	SyncProgress,
} from './types';

function byIdWith< T extends { id: string } >(
	byId: Record< string, T >,
	items: T[]
): Record< string, T > {
	const next = { ...byId };
	for ( const item of items ) {
		next[ item.id ] = item;
	}
	return next;
}

function without< T >(
	record: Record< string, T >,
	ids: string[]
): Record< string, T > {
	const next = { ...record };
	for ( const id of ids ) {
		delete next[ id ];
	}
	return next;
}

function queryResultOf( page: {
	items: Array< { id: string } >;
	total: number;
	totalPages: number;
	postState?: PostSuggestionState;
	source?: AnswerSource;
} ): QueryResult {
	return {
		ids: page.items.map( ( item ) => item.id ),
		total: page.total,
		totalPages: page.totalPages,
		...( page.postState ? { postState: page.postState } : {} ),
		...( page.source ? { source: page.source } : {} ),
	};
}

/**
 * A list page arrived: its items join `byId` and the page is remembered under its query key.
 * @param state
 * @param key
 * @param page
 */
function withReceivedPage<
	T extends { id: string },
	S extends {
		byId: Record< string, T >;
		queries: Record< string, ReturnType< typeof queryResultOf > >;
	},
>(
	state: S,
	key: string,
	page: Parameters< typeof queryResultOf >[ 0 ] & { items: T[] }
): S {
	return {
		...state,
		byId: byIdWith( state.byId, page.items ),
		queries: { ...state.queries, [ key ]: queryResultOf( page ) },
	};
}

const EMPTY_SUGGESTIONS: SuggestionsState = {
	byId: {},
	queries: {},
	hiddenIds: {},
	savingIds: {},
};

/**
 * Counts one more (or one fewer) status change under way for each id; an id with none left is dropped.
 * @param saving
 * @param ids
 * @param step
 */
function withSaving(
	saving: Record< string, number >,
	ids: string[],
	step: 1 | -1
): Record< string, number > {
	const next = { ...saving };
	for ( const id of ids ) {
		const count = ( next[ id ] ?? 0 ) + step;
		if ( count > 0 ) {
			next[ id ] = count;
		} else {
			delete next[ id ];
		}
	}
	return next;
}

export function suggestions(
	state: SuggestionsState = EMPTY_SUGGESTIONS,
	action: Action
): SuggestionsState {
	switch ( action.type ) {
		case 'RECEIVE_SUGGESTIONS':
			return withReceivedPage( state, action.key, action.page );
		case 'RECEIVE_SUGGESTION':
			return {
				...state,
				byId: byIdWith( state.byId, [ action.suggestion ] ),
			};
		case 'INBOUND_RECEIVED':
			return {
				...state,
				byId: byIdWith( state.byId, action.answer.suggestions ),
			};
		case 'RECEIVE_IMPLEMENTATION_DETAILS':
			return action.details.suggestions
				? {
						...state,
						byId: byIdWith(
							state.byId,
							action.details.suggestions
						),
				  }
				: state;
		case 'SET_SUGGESTION_STATUSES': {
			const changed: Suggestion[] = [];
			for ( const [ id, status ] of Object.entries( action.statuses ) ) {
				const current = state.byId[ id ];
				if ( current ) {
					changed.push( { ...current, status } );
				}
			}
			return { ...state, byId: byIdWith( state.byId, changed ) };
		}
		case 'STATUS_SAVE_STARTED':
			return {
				...state,
				savingIds: withSaving( state.savingIds, action.ids, 1 ),
			};
		case 'STATUS_SAVE_ENDED':
			return {
				...state,
				savingIds: withSaving( state.savingIds, action.ids, -1 ),
			};
		case 'HIDE_SUGGESTIONS': {
			const hiddenIds = { ...state.hiddenIds };
			for ( const id of action.ids ) {
				hiddenIds[ id ] = true;
			}
			return { ...state, hiddenIds };
		}
		case 'SHOW_SUGGESTIONS':
			return {
				...state,
				hiddenIds: without( state.hiddenIds, action.ids ),
			};
		case 'REMOVE_SUGGESTIONS':
			return {
				...state,
				byId: without( state.byId, action.ids ),
				hiddenIds: without( state.hiddenIds, action.ids ),
			};
	}
	return state;
}

const EMPTY_IMPLEMENTATIONS: ImplementationsState = {
	byId: {},
	queries: {},
	details: {},
	rollbackOutcomes: {},
};

export function implementations(
	state: ImplementationsState = EMPTY_IMPLEMENTATIONS,
	action: Action
): ImplementationsState {
	switch ( action.type ) {
		case 'RECEIVE_IMPLEMENTATIONS':
			return withReceivedPage( state, action.key, action.page );
		case 'RECEIVE_IMPLEMENTATION': {
			// /implement's and /rollback's answers name no posts: keep those a list or the details named.
			const { posts: listedPosts, ...changes } = action.implementation;
			const posts = listedPosts ?? state.byId[ changes.id ]?.posts;
			const known = state.details[ changes.id ];
			return {
				...state,
				byId: byIdWith< Implementation >( state.byId, [
					posts ? { ...changes, posts } : changes,
				] ),
				// Keep the suggestions and posts of the details; take the new status, dates and results.
				details: known
					? {
							...state.details,
							[ known.id ]: {
								...known,
								...changes,
							},
					  }
					: state.details,
			};
		}
		case 'RECEIVE_IMPLEMENTATION_DETAILS': {
			// A rollback clears the site's record of changed posts; keep the one already shown as history.
			const known = state.details[ action.details.id ];
			const details =
				known &&
				action.details.posts.length === 0 &&
				known.posts.length > 0
					? { ...action.details, posts: known.posts }
					: action.details;
			return {
				...state,
				byId: byIdWith< Implementation >( state.byId, [ details ] ),
				details: { ...state.details, [ details.id ]: details },
			};
		}
		case 'RECEIVE_ROLLBACK_OUTCOMES':
			return {
				...state,
				rollbackOutcomes: {
					...state.rollbackOutcomes,
					[ action.implementationId ]: action.results,
				},
			};
	}
	return state;
}

const EMPTY_HEALTH: HealthState = {
	summaries: {},
	timeseries: {},
	orphans: {},
	brokenLinks: {},
	inbound: null,
	linkCounts: {},
	linkCountProgress: null,
};

export function health(
	state: HealthState = EMPTY_HEALTH,
	action: Action
): HealthState {
	switch ( action.type ) {
		case 'RECEIVE_ANALYTICS':
			return {
				...state,
				summaries: {
					...state.summaries,
					[ action.key ]: action.summary,
				},
			};
		case 'RECEIVE_TIMESERIES':
			return {
				...state,
				timeseries: {
					...state.timeseries,
					[ action.key ]: action.points,
				},
			};
		case 'RECEIVE_ORPHANS':
			return {
				...state,
				orphans: { ...state.orphans, [ action.key ]: action.page },
			};
		case 'RECEIVE_BROKEN_LINKS':
			return {
				...state,
				brokenLinks: {
					...state.brokenLinks,
					[ action.key ]: action.page,
				},
			};
		case 'RECEIVE_INBOUND_LINKS':
			return { ...state, inbound: action.buckets };
		case 'RECEIVE_LINK_COUNTS':
			return {
				...state,
				linkCounts: {
					...state.linkCounts,
					[ action.key ]: action.page,
				},
			};
		case 'RECEIVE_LINK_COUNT_PROGRESS':
			return { ...state, linkCountProgress: action.progress };
	}
	return state;
}

export function inbound(
	state: Record< number, InboundLookup > = {},
	action: Action
): Record< number, InboundLookup > {
	switch ( action.type ) {
		case 'INBOUND_STARTED':
			return {
				...state,
				[ action.postId ]: {
					ids: state[ action.postId ]?.ids ?? [],
					leftOut: state[ action.postId ]?.leftOut ?? 0,
					status: 'loading',
					error: null,
				},
			};
		case 'INBOUND_RECEIVED':
			return {
				...state,
				[ action.postId ]: {
					status: 'done',
					ids: action.answer.suggestions.map( ( item ) => item.id ),
					leftOut: action.answer.leftOut,
					error: null,
				},
			};
		case 'INBOUND_FAILED':
			return {
				...state,
				[ action.postId ]: {
					ids: state[ action.postId ]?.ids ?? [],
					leftOut: state[ action.postId ]?.leftOut ?? 0,
					status: 'failed',
					error: action.error,
				},
			};
	}
	return state;
}

export function settings(
	state: State[ 'settings' ] = null,
	action: Action
): State[ 'settings' ] {
	return action.type === 'RECEIVE_SETTINGS' ? action.settings : state;
}

export function errors(
	state: State[ 'errors' ] = {},
	action: Action
): State[ 'errors' ] {
	switch ( action.type ) {
		case 'RECEIVE_ERROR':
			return { ...state, [ action.key ]: action.error };
		case 'CLEAR_ERROR':
			return action.key in state
				? without( state, [ action.key ] )
				: state;
	}
	return state;
}

export function busy(
	state: State[ 'busy' ] = {},
	action: Action
): State[ 'busy' ] {
	if ( action.type !== 'SET_BUSY' ) {
		return state;
	}
	return action.busy
		? { ...state, [ action.name ]: true }
		: without( state, [ action.name ] );
}

export function implementRun(
	state: ImplementRun | null = null,
	action: Action
): ImplementRun | null {
	switch ( action.type ) {
		case 'IMPLEMENT_STARTED':
			return {
				status: 'running',
				suggestionIds: action.suggestionIds,
				implementation: null,
				results: [],
				error: null,
			};
		case 'IMPLEMENT_FINISHED':
			return (
				state && {
					...state,
					status: 'done',
					implementation: action.implementation,
					results: action.results,
				}
			);
		case 'IMPLEMENT_FAILED':
			return state && { ...state, status: 'failed', error: action.error };
		case 'IMPLEMENT_DISMISSED':
			return null;
	}
	return state;
}

const IDLE_SYNC: SyncProgress = {
	status: 'idle',
	synced: 0,
	failed: 0,
	skipped: 0,
	total: null,
	linkCounts: null,
	error: null,
};

export function sync(
	state: SyncProgress = IDLE_SYNC,
	action: Action
): SyncProgress {
	switch ( action.type ) {
		case 'SYNC_STARTED':
			return { ...IDLE_SYNC, status: 'running' };
		case 'SYNC_PROGRESS':
			// Each answer counts the whole run so far.
			return {
				...state,
				synced: action.synced,
				failed: action.failed,
				skipped: action.skipped,
				total: action.total,
				linkCounts: action.linkCounts,
			};
		case 'SYNC_CANCEL_REQUESTED':
			return state.status === 'running'
				? { ...state, status: 'cancelling' }
				: state;
		case 'SYNC_FINISHED':
			return { ...state, status: action.outcome };
		case 'SYNC_FAILED':
			return { ...state, status: 'failed', error: action.error };
	}
	return state;
}

const IDLE_CONNECTION: ConnectionState = {
	status: 'idle',
	result: null,
	error: null,
	saveError: null,
};

export function connection(
	state: ConnectionState = IDLE_CONNECTION,
	action: Action
): ConnectionState {
	switch ( action.type ) {
		case 'CONNECTION_TEST_STARTED':
			return { ...IDLE_CONNECTION, status: 'testing' };
		case 'CONNECTION_TEST_FINISHED':
			return {
				...IDLE_CONNECTION,
				status: action.result.ok ? 'ok' : 'failed',
				result: action.result,
			};
		case 'CONNECTION_TEST_FAILED':
			return { ...IDLE_CONNECTION, status: 'failed', error: action.error };
		case 'CONNECTION_SAVE_STARTED':
			// A new address or key: what the last test said no longer holds.
			return IDLE_CONNECTION;
		case 'CONNECTION_SAVE_FAILED':
			return { ...state, saveError: action.error };
		case 'SYNC_FINISHED':
			// "The first sync creates the project" no longer holds once a sync ran to its end.
			return action.outcome === 'done' &&
				state.result?.projectState !== 'found'
				? IDLE_CONNECTION
				: state;
	}
	return state;
}

const IDLE_GENERATION: GenerationWatch = {
	progress: null,
	watching: false,
	error: null,
};

export function generation(
	state: GenerationWatch = IDLE_GENERATION,
	action: Action
): GenerationWatch {
	switch ( action.type ) {
		case 'GENERATION_WATCH_STARTED':
			return { ...state, watching: true, error: null };
		case 'GENERATION_RECEIVED':
			return { ...state, progress: action.progress, error: null };
		case 'GENERATION_FAILED':
			return { ...state, error: action.error };
		case 'GENERATION_WATCH_ENDED':
			return { ...state, watching: false };
	}
	return state;
}

/**
 * The first run's steps: as the screen loaded, then as the plugin answers GET /setup and as the editor goes on.
 * @param state
 * @param action
 */
export function setup(
	state: SetupState = { atLoad: initialSetup(), steps: initialSetup() },
	action: Action
): SetupState {
	switch ( action.type ) {
		case 'SETUP_RECEIVED':
			return { ...state, steps: action.steps };
		case 'RECEIVE_SETTINGS': {
			if ( ! state.steps ) {
				return state;
			}
			const set =
				action.settings.bridgeUrl !== '' &&
				action.settings.apiKeySet &&
				action.settings.configurationError === null;
			return set === state.steps.connectionSet
				? state
				: { ...state, steps: { ...state.steps, connectionSet: set } };
		}
	}
	return state;
}

const BRIDGE_PROBLEMS = new Set( [ 'not_connected', 'unreachable', 'unauthorized' ] );

/** What a list made from the site's own records tells of the bridge: the plugin could not reach it. */
const SITE_RECORDS_PROBLEM: ApiError = {
	kind: 'unreachable',
	code: 'interlinker_bridge_unreachable',
	message: __(
		'The Interlinker bridge cannot be reached. Check that it is running and that the bridge URL in the settings is right.',
		'interlinker'
	),
	status: 503,
	resetAt: null,
	retryAfterSeconds: null,
};

/**
 * Why the bridge cannot be used right now (not connected, unreachable, key refused), from the last failed read; the
 * next answer from the bridge clears it. Every screen says it once, at the top.
 * @param state
 * @param action
 */
export function bridgeProblem(
	state: ApiError | null = null,
	action: Action
): ApiError | null {
	switch ( action.type ) {
		case 'RECEIVE_ERROR':
		case 'GENERATION_FAILED':
		case 'CONNECTION_TEST_FAILED':
			// Not synced yet concerns the site's project, not the bridge: the screens say it where it matters.
			return BRIDGE_PROBLEMS.has( action.error.kind ) &&
				action.error.code !== 'interlinker_not_synced'
				? action.error
				: state;
		// Answers the plugin makes from WordPress alone say nothing of the bridge: a screen's link counts arriving
		// after its bridge reads failed must not take the notice away.
		case 'RECEIVE_SETTINGS':
		case 'RECEIVE_LINK_COUNTS':
		case 'RECEIVE_LINK_COUNT_PROGRESS':
			return state;
		case 'RECEIVE_IMPLEMENTATIONS':
		case 'RECEIVE_IMPLEMENTATION_DETAILS': {
			// An answer from the site's own records means the bridge could not be reached: it is no sign of the bridge.
			const source =
				action.type === 'RECEIVE_IMPLEMENTATIONS'
					? action.page.source
					: action.details.source;
			if ( source !== 'site-records' ) {
				return null;
			}
			return state ?? SITE_RECORDS_PROBLEM;
		}
		case 'CONNECTION_TEST_FINISHED':
		case 'GENERATION_RECEIVED':
			return null;
	}
	return action.type.startsWith( 'RECEIVE_' ) ? null : state;
}

export default combineReducers( {
	suggestions,
	implementations,
	health,
	inbound,
	settings,
	errors,
	busy,
	implementRun,
	sync,
	connection,
	generation,
	setup,
	bridgeProblem,
} );
