import { __, _n, sprintf } from '@wordpress/i18n';

import * as exportsApi from '../api/exports';
import * as settingsApi from '../api/settings';
import * as implementationsApi from '../api/implementations';
import * as inboundApi from '../api/inbound';
import * as linkCountsApi from '../api/link-counts';
import * as suggestionsApi from '../api/suggestions';
import type { ApiError } from '../api/errors';
import type {
	RollbackPostResult,
	Settings,
	SettingsChanges,
	SuggestionStatus,
} from '../api/types';
import { describeError } from '../lib/error-message';
import { saveFile } from '../lib/save-file';
import { notifyError, notifySuccess, notifyWarning } from './notify';
import type { Thunk, ThunkArgs } from './thunk';
import type { Action } from './types';

export interface BulkOutcome {
	succeeded: string[];
	failed: Array< { id: string; error: ApiError } >;
}

/**
 * Splits Promise.allSettled outcomes by the id each promise was for.
 * @param ids
 * @param settled
 */
function outcomeOf< T >(
	ids: string[],
	settled: Array< PromiseSettledResult< T > >
): {
	fulfilled: Array< { id: string; value: T } >;
	failed: BulkOutcome[ 'failed' ];
} {
	const fulfilled: Array< { id: string; value: T } > = [];
	const failed: BulkOutcome[ 'failed' ] = [];
	settled.forEach( ( result, index ) => {
		const id = ids[ index ] as string;
		if ( result.status === 'fulfilled' ) {
			fulfilled.push( { id, value: result.value } );
		} else {
			failed.push( { id, error: result.reason as ApiError } );
		}
	} );
	return { fulfilled, failed };
}

function failureSummary( failed: BulkOutcome[ 'failed' ] ): string {
	const first = failed[ 0 ];
	return first ? describeError( first.error ) : '';
}

function refreshSuggestionLists( dispatch: ThunkArgs[ 'dispatch' ] ): void {
	dispatch.invalidateResolutionForStoreSelector( 'getSuggestions' );
	dispatch.invalidateResolutionForStoreSelector( 'getAnalytics' );
}

const STATUS_DONE: Record< SuggestionStatus, ( count: number ) => string > = {
	approved: ( n ) =>
		sprintf(
			/* translators: %d: number of suggestions. */
			_n(
				'%d suggestion approved.',
				'%d suggestions approved.',
				n,
				'interlinker'
			),
			n
		),
	rejected: ( n ) =>
		sprintf(
			/* translators: %d: number of suggestions. */
			_n(
				'%d suggestion rejected.',
				'%d suggestions rejected.',
				n,
				'interlinker'
			),
			n
		),
	pending: ( n ) =>
		sprintf(
			/* translators: %d: number of suggestions. */
			_n(
				'%d suggestion moved back to pending.',
				'%d suggestions moved back to pending.',
				n,
				'interlinker'
			),
			n
		),
	implemented: ( n ) =>
		sprintf(
			/* translators: %d: number of suggestions. */
			_n(
				'%d suggestion marked as implemented.',
				'%d suggestions marked as implemented.',
				n,
				'interlinker'
			),
			n
		),
};

/**
 * Sets the status of several suggestions at once: shown at once, then each request on its own; the ones that fail
 * go back to their old status and the editor is told why.
 * @param ids
 * @param status
 */
export function setSuggestionsStatus(
	ids: string[],
	status: SuggestionStatus
): Thunk< BulkOutcome > {
	return async ( { select, dispatch, registry } ) => {
		const previous: Record< string, SuggestionStatus > = {};
		for ( const id of ids ) {
			const suggestion = select.getSuggestion( id );
			if ( suggestion ) {
				previous[ id ] = suggestion.status;
			}
		}
		// Marked under way before the new status shows, so that no moment offers an action the plugin would refuse.
		dispatch( { type: 'STATUS_SAVE_STARTED', ids } );
		dispatch( {
			type: 'SET_SUGGESTION_STATUSES',
			statuses: Object.fromEntries( ids.map( ( id ) => [ id, status ] ) ),
		} );

		const settled = await Promise.allSettled(
			ids.map( ( id ) =>
				suggestionsApi.updateSuggestionStatus( id, status )
			)
		);
		const { fulfilled, failed } = outcomeOf( ids, settled );
		for ( const { value } of fulfilled ) {
			dispatch( { type: 'RECEIVE_SUGGESTION', suggestion: value } );
		}
		if ( failed.length > 0 ) {
			const restore: Record< string, SuggestionStatus > = {};
			for ( const { id } of failed ) {
				const old = previous[ id ];
				if ( old ) {
					restore[ id ] = old;
				}
			}
			dispatch( { type: 'SET_SUGGESTION_STATUSES', statuses: restore } );
		}
		dispatch( { type: 'STATUS_SAVE_ENDED', ids } );
		if ( failed.length > 0 ) {
			notifyError(
				registry,
				sprintf(
					/* translators: 1: number of suggestions, 2: the reason. */
					_n(
						'%1$d suggestion could not be changed: %2$s',
						'%1$d suggestions could not be changed: %2$s',
						failed.length,
						'interlinker'
					),
					failed.length,
					failureSummary( failed )
				)
			);
		}
		if ( fulfilled.length > 0 ) {
			notifySuccess(
				registry,
				STATUS_DONE[ status ]( fulfilled.length )
			);
		}
		refreshSuggestionLists( dispatch );
		return { succeeded: fulfilled.map( ( { id } ) => id ), failed };
	};
}

/**
 * Deletes suggestions: hidden at once, shown again where the delete fails.
 * @param ids
 */
export function deleteSuggestions( ids: string[] ): Thunk< BulkOutcome > {
	return async ( { dispatch, registry } ) => {
		dispatch( { type: 'HIDE_SUGGESTIONS', ids } );
		const settled = await Promise.allSettled(
			ids.map( ( id ) => suggestionsApi.deleteSuggestion( id ) )
		);
		const { fulfilled, failed } = outcomeOf( ids, settled );
		const deleted = fulfilled.map( ( { id } ) => id );
		dispatch( { type: 'REMOVE_SUGGESTIONS', ids: deleted } );
		if ( failed.length > 0 ) {
			dispatch( {
				type: 'SHOW_SUGGESTIONS',
				ids: failed.map( ( { id } ) => id ),
			} );
			notifyError(
				registry,
				sprintf(
					/* translators: 1: number of suggestions, 2: the reason. */
					_n(
						'%1$d suggestion could not be deleted: %2$s',
						'%1$d suggestions could not be deleted: %2$s',
						failed.length,
						'interlinker'
					),
					failed.length,
					failureSummary( failed )
				)
			);
		}
		if ( deleted.length > 0 ) {
			notifySuccess(
				registry,
				sprintf(
					/* translators: %d: number of suggestions. */
					_n(
						'%d suggestion deleted.',
						'%d suggestions deleted.',
						deleted.length,
						'interlinker'
					),
					deleted.length
				)
			);
		}
		refreshSuggestionLists( dispatch );
		return { succeeded: deleted, failed };
	};
}

/**
 * Inserts the links of approved suggestions into their posts; the outcome per link stays in getImplementRun().
 * @param ids
 */
export function implementSuggestions( ids: string[] ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'IMPLEMENT_STARTED', suggestionIds: ids } );
		try {
			const answer = await suggestionsApi.implementSuggestions( ids );
			dispatch( {
				type: 'RECEIVE_IMPLEMENTATION',
				implementation: answer,
			} );
			dispatch( {
				type: 'IMPLEMENT_FINISHED',
				implementation: answer,
				results: answer.results ?? [],
			} );
			// The bridge marks a suggestion whose link went in as implemented: show it so before any list reloads.
			dispatch( {
				type: 'SET_SUGGESTION_STATUSES',
				statuses: Object.fromEntries(
					( answer.results ?? [] )
						.filter( ( result ) => result.succeeded )
						.map( ( result ) => [
							result.suggestionId,
							'implemented' as const,
						] )
				),
			} );
		} catch ( error ) {
			dispatch( { type: 'IMPLEMENT_FAILED', error: error as ApiError } );
		}
		refreshSuggestionLists( dispatch );
		dispatch.invalidateResolutionForStoreSelector( 'getImplementations' );
	};
}

export function dismissImplementRun(): Action {
	return { type: 'IMPLEMENT_DISMISSED' };
}

/**
 * Asks the bridge for new suggestions for one post; answers how many it has now, or null when that failed.
 * @param postId
 * @param postTitle
 */
export function generateForPost(
	postId: number,
	postTitle: string
): Thunk< number | null > {
	return async ( { dispatch, registry } ) => {
		dispatch( { type: 'SET_BUSY', name: 'generate', busy: true } );
		try {
			const page = await suggestionsApi.generateSuggestions( postId );
			for ( const suggestion of page.items ) {
				dispatch( { type: 'RECEIVE_SUGGESTION', suggestion } );
			}
			notifySuccess(
				registry,
				sprintf(
					/* translators: 1: number of suggestions, 2: post title. */
					_n(
						'%1$d suggestion for “%2$s”.',
						'%1$d suggestions for “%2$s”.',
						page.total,
						'interlinker'
					),
					page.total,
					postTitle
				)
			);
			refreshSuggestionLists( dispatch );
			return page.total;
		} catch ( error ) {
			notifyError(
				registry,
				sprintf(
					/* translators: 1: post title, 2: the reason. */
					__(
						'No suggestions could be made for “%1$s”: %2$s',
						'interlinker'
					),
					postTitle,
					describeError( error as ApiError )
				)
			);
			return null;
		} finally {
			dispatch( { type: 'SET_BUSY', name: 'generate', busy: false } );
		}
	};
}

/**
 * "Find links to this post": asks the bridge which other posts should link to this one; the outcome (or why it
 * failed) stays in getInboundSuggestions( postId ).
 * @param postId
 */
export function findInboundSuggestions( postId: number ): Thunk {
	return async ( { dispatch } ) => {
		dispatch( { type: 'INBOUND_STARTED', postId } );
		try {
			const answer = await inboundApi.findInboundSuggestions( postId );
			dispatch( { type: 'INBOUND_RECEIVED', postId, answer } );
			refreshSuggestionLists( dispatch );
		} catch ( error ) {
			dispatch( {
				type: 'INBOUND_FAILED',
				postId,
				error: error as ApiError,
			} );
		}
	};
}

function rollbackMessage( posts: RollbackPostResult[] ): string {
	const failed = posts.filter(
		( post ) => post.outcome === 'save_failed'
	).length;
	const saved = posts.length - failed;
	const exact = posts.filter(
		( post ) => post.outcome === 'restored_exactly'
	).length;
	// A post that could not be saved was not edited since: it gets its own sentence.
	const messages = [
		saved > 0 || failed === 0
			? savedPostsMessage( saved, saved - exact )
			: __( 'Rolled back.', 'interlinker' ),
	];
	if ( failed > 0 ) {
		messages.push(
			sprintf(
				/* translators: %d: number of posts that could not be saved. */
				_n(
					'%d post could not be saved: its links are still in it, and the next sync takes them out.',
					'%d posts could not be saved: their links are still in them, and the next sync takes them out.',
					failed,
					'interlinker'
				),
				failed
			)
		);
	}
	return messages.join( ' ' );
}

function undoMessage( posts: RollbackPostResult[] ): string {
	if ( posts.some( ( post ) => post.outcome === 'save_failed' ) ) {
		return rollbackMessage( posts );
	}
	const removed = posts.reduce(
		( count, post ) => count + post.removedSuggestionIds.length,
		0
	);
	return sprintf(
		/* translators: %d: number of links. */
		_n(
			'Undone: %d link removed. Its suggestion is now rejected; move it back to pending to insert it again.',
			'Undone: %d links removed. Their suggestions are now rejected; move them back to pending to insert them again.',
			removed,
			'interlinker'
		),
		removed
	);
}

function savedPostsMessage( saved: number, edited: number ): string {
	if ( edited === 0 ) {
		return sprintf(
			/* translators: %d: number of posts. */
			_n(
				'Rolled back: %d post is exactly as it was before.',
				'Rolled back: %d posts are exactly as they were before.',
				saved,
				'interlinker'
			),
			saved
		);
	}
	return sprintf(
		/* translators: 1: number of posts, 2: number of posts edited since. */
		__(
			'Rolled back: the links were removed from %1$d posts; %2$d of them had been edited since, and those edits were kept.',
			'interlinker'
		),
		saved,
		edited
	);
}

/**
 * Removes an implementation's links from the posts (all of them, one post's, or some); true when it worked. The
 * undone suggestions become rejected, so that "select all → insert" does not put them back.
 * @param id
 * @param reason
 * @param scope
 */
export function rollbackImplementation(
	id: string,
	reason: string,
	scope: implementationsApi.RollbackScope = {}
): Thunk< boolean > {
	return async ( { select, dispatch, registry } ) => {
		dispatch( { type: 'SET_BUSY', name: `rollback:${ id }`, busy: true } );
		try {
			const { results: postResults, ...rolledBack } =
				await implementationsApi.rollbackImplementation(
					id,
					reason,
					scope
				);
			// Keep the per-link results until the details are read again; the rollback's own results are per post.
			const results = select.getImplementation( id )?.results ?? null;
			dispatch( {
				type: 'RECEIVE_IMPLEMENTATION',
				implementation: { ...rolledBack, results },
			} );
			dispatch( {
				type: 'RECEIVE_ROLLBACK_OUTCOMES',
				implementationId: id,
				results: postResults,
			} );
			notifySuccess(
				registry,
				scope.postId || scope.suggestionIds
					? undoMessage( postResults )
					: rollbackMessage( postResults )
			);
			dispatch.invalidateResolutionForStoreSelector(
				'getImplementations'
			);
			dispatch.invalidateResolution( 'getImplementation', [ id ] );
			refreshSuggestionLists( dispatch );
			return true;
		} catch ( error ) {
			notifyError(
				registry,
				sprintf(
					/* translators: %s: the reason. */
					__( 'The rollback failed: %s', 'interlinker' ),
					describeError( error as ApiError )
				)
			);
			return false;
		} finally {
			dispatch( {
				type: 'SET_BUSY',
				name: `rollback:${ id }`,
				busy: false,
			} );
		}
	};
}

async function settingsCall(
	{ dispatch, registry }: ThunkArgs,
	busyName: string,
	call: () => Promise< Settings & { warnings?: string[] } >,
	successMessage: string,
	onError?: ( error: ApiError ) => void
): Promise< boolean > {
	dispatch( { type: 'SET_BUSY', name: busyName, busy: true } );
	try {
		const { warnings = [], ...settings } = await call();
		dispatch( { type: 'RECEIVE_SETTINGS', settings } );
		notifySuccess( registry, successMessage );
		// Saved, but not all applied (the bridge could not be told yet, the key could not be checked…).
		for ( const warning of warnings ) {
			notifyWarning( registry, warning );
		}
		return true;
	} catch ( error ) {
		if ( onError ) {
			onError( error as ApiError );
		} else {
			notifyError(
				registry,
				describeError( error as ApiError ),
				`interlinker-${ busyName }`
			);
		}
		return false;
	} finally {
		dispatch( { type: 'SET_BUSY', name: busyName, busy: false } );
	}
}

export function saveSettings( changes: SettingsChanges ): Thunk< boolean > {
	return async ( args ) => {
		const connection = 'apiKey' in changes || 'bridgeUrl' in changes;
		if ( connection ) {
			args.dispatch( { type: 'CONNECTION_SAVE_STARTED' } );
		}
		const saved = await settingsCall(
			args,
			'saveSettings',
			() => settingsApi.saveSettings( changes ),
			__( 'Settings saved.', 'interlinker' ),
			// A refused address or key is said beside the form, where it was typed.
			connection
				? ( error ) =>
						args.dispatch( {
							type: 'CONNECTION_SAVE_FAILED',
							error,
						} )
				: undefined
		);
		if ( saved && connection ) {
			// The checklist catches up on its own; the form is done now.
			void refreshSetup()( args );
		}
		if (
			saved &&
			( 'minRelevanceScore' in changes ||
				'suggestionsPerPage' in changes ||
				'ignoredWords' in changes )
		) {
			// The bridge finds suggestions again with the new settings: follow it.
			void watchGeneration()( args );
		}
		return saved;
	};
}

export function rotateApiKey(): Thunk< boolean > {
	return ( args ) =>
		settingsCall(
			args,
			'rotateApiKey',
			() => settingsApi.rotateApiKey(),
			__(
				'A new API key is in use; the old one is revoked.',
				'interlinker'
			)
		);
}

export function testConnection(): Thunk {
	return async ( args ) => {
		const { dispatch } = args;
		dispatch( { type: 'CONNECTION_TEST_STARTED' } );
		try {
			dispatch( {
				type: 'CONNECTION_TEST_FINISHED',
				result: await settingsApi.testConnection(),
			} );
		} catch ( error ) {
			dispatch( {
				type: 'CONNECTION_TEST_FAILED',
				error: error as ApiError,
			} );
		}
		await refreshSetup()( args );
	};
}

/** Asks the plugin again which steps of the first run are done (after a test, a save, a sync). */
export function refreshSetup(): Thunk {
	return async ( { dispatch } ) => {
		try {
			dispatch( {
				type: 'SETUP_RECEIVED',
				steps: await settingsApi.fetchSetup(),
			} );
		} catch {
			// The checklist keeps what it knew; the screens say what is wrong with the bridge.
		}
	};
}

const GENERATION_POLL_MS = 2000;

/** How long a sync waits before asking again when another batch held the link count (it counted nothing). */
const COUNT_WAIT_MS = 1000;

/**
 * Follows the bridge's background generation: asks once, then every 2 s while it is generating. The Suggestions
 * lists load again as it fills. Only one watch runs at a time.
 */
export function watchGeneration(): Thunk {
	return async ( args ) => {
		const { select, dispatch } = args;
		if ( select.getGeneration().watching ) {
			return;
		}
		dispatch( { type: 'GENERATION_WATCH_STARTED' } );
		let seen = -1;
		let failed = false;
		try {
			for (;;) {
				let progress;
				try {
					progress = await settingsApi.fetchGeneration();
				} catch ( error ) {
					dispatch( {
						type: 'GENERATION_FAILED',
						error: error as ApiError,
					} );
					failed = true;
					break;
				}
				dispatch( { type: 'GENERATION_RECEIVED', progress } );
				if ( progress.suggestionsCreated !== seen ) {
					if ( seen !== -1 ) {
						refreshSuggestionLists( dispatch );
					}
					seen = progress.suggestionsCreated;
				}
				if ( progress.state !== 'generating' ) {
					break;
				}
				await new Promise( ( resolve ) =>
					setTimeout( resolve, GENERATION_POLL_MS )
				);
			}
		} finally {
			dispatch( { type: 'GENERATION_WATCH_ENDED' } );
		}
		// A failed read says nothing new about the lists: asking for them again would only repeat the failure (and
		// replace the screen's own account of it, e.g. the rate limit's reset time, while it loads).
		if ( failed ) {
			return;
		}
		refreshSuggestionLists( dispatch );
		await refreshSetup()( args );
	};
}

/**
 * Syncs every published post, one batch per request, until the plugin says it is done or the editor cancels. Each
 * request also counts the links of the next batch of posts: once the content is sent, the requests only count, until
 * every post is counted.
 */
export function runFullSync(): Thunk {
	return async ( args ) => {
		const { select, dispatch } = args;
		dispatch( { type: 'SYNC_STARTED' } );
		let cursor: string | null = null;
		let counted: number | null = null;
		try {
			for (;;) {
				const batch = await settingsApi.syncBatch( { cursor } );
				dispatch( {
					type: 'SYNC_PROGRESS',
					synced: batch.synced,
					failed: batch.failed,
					skipped: batch.skipped,
					total: batch.total,
					linkCounts: batch.linkCounts ?? null,
				} );
				if ( batch.done || ! batch.cursor ) {
					dispatch( { type: 'SYNC_FINISHED', outcome: 'done' } );
					break;
				}
				if ( select.getSyncProgress().status === 'cancelling' ) {
					dispatch( { type: 'SYNC_FINISHED', outcome: 'cancelled' } );
					break;
				}
				// A batch counted elsewhere (Link health, the background) holds the count: give it a moment.
				const nowCounted = batch.linkCounts?.counted ?? null;
				if (
					batch.linkCounts?.complete === false &&
					nowCounted === counted
				) {
					await new Promise( ( resolve ) =>
						setTimeout( resolve, COUNT_WAIT_MS )
					);
				}
				counted = nowCounted;
				cursor = batch.cursor;
			}
		} catch ( error ) {
			dispatch( { type: 'SYNC_FAILED', error: error as ApiError } );
		}
		dispatch.invalidateResolutionForStoreSelector( 'getSettings' );
		dispatch.invalidateResolutionForStoreSelector( 'getAnalytics' );
		dispatch.invalidateResolutionForStoreSelector( 'getLinkCounts' );
		dispatch.invalidateResolutionForStoreSelector(
			'getLinkCountProgress'
		);
		if ( select.getSyncProgress().status === 'done' ) {
			// The bridge now finds suggestions for what changed, in the background: follow it.
			await refreshSetup()( args );
			await watchGeneration()( args );
		}
	};
}

/** Loads every link-health report again (after the bridge came back, for example). */
export function refreshHealth(): Thunk {
	return async ( { dispatch } ) => {
		for ( const name of [
			'getAnalytics',
			'getTimeseries',
			'getOrphans',
			'getBrokenLinks',
			'getInboundLinks',
			'getLinkCounts',
			'getLinkCountProgress',
		] as const ) {
			dispatch.invalidateResolutionForStoreSelector( name );
		}
	};
}

/** Loads the orphan pages again: links inserted to one of them (from "Find links to this post") take it off the list. */
export function refreshOrphans(): Thunk {
	return async ( { dispatch } ) => {
		dispatch.invalidateResolutionForStoreSelector( 'getOrphans' );
		dispatch.invalidateResolutionForStoreSelector( 'getLinkCounts' );
	};
}

/**
 * Counts every post's links, one bounded batch per request, until the count is complete; the report is read
 * again as it fills. Runs once at a time.
 */
export function countAllLinks(): Thunk {
	return async ( { dispatch, select, registry } ) => {
		if ( select.isBusy( 'countLinks' ) ) {
			return;
		}
		dispatch( { type: 'SET_BUSY', name: 'countLinks', busy: true } );
		try {
			let counted = -1;
			for ( let batch = 0; batch < 100_000; batch++ ) {
				const progress = await linkCountsApi.countNextBatch();
				dispatch( { type: 'RECEIVE_LINK_COUNT_PROGRESS', progress } );
				if ( progress.complete ) {
					break;
				}
				// No progress: another batch (the background one) holds the count; ask again a moment later.
				if ( progress.counted === counted ) {
					await new Promise( ( resolve ) =>
						setTimeout( resolve, 1000 )
					);
				}
				counted = progress.counted;
			}
		} catch ( error ) {
			notifyError(
				registry,
				sprintf(
					/* translators: %s: the reason. */
					__( 'Counting links stopped: %s', 'interlinker' ),
					describeError( error as ApiError )
				),
				'interlinker-link-count'
			);
		} finally {
			dispatch( { type: 'SET_BUSY', name: 'countLinks', busy: false } );
			dispatch.invalidateResolutionForStoreSelector( 'getLinkCounts' );
		}
	};
}

export function cancelSync(): Action {
	return { type: 'SYNC_CANCEL_REQUESTED' };
}

function exportMessage( file: exportsApi.CsvExport ): string {
	if ( file.cut === 'cap' ) {
		return sprintf(
			/* translators: %d: number of rows in the file. */
			__(
				'The file stops at %d rows, the most one download holds. Narrow the filters to download the rest.',
				'interlinker'
			),
			file.rows
		);
	}
	if ( file.cut === 'budget' ) {
		return sprintf(
			/* translators: %d: number of rows in the file. */
			__(
				'The file stops after %d rows: your hourly budget of Interlinker requests is used up. Download again next hour for the rest.',
				'interlinker'
			),
			file.rows
		);
	}
	return sprintf(
		/* translators: %d: number of rows in the file. */
		_n(
			'Downloaded a CSV file with %d row.',
			'Downloaded a CSV file with %d rows.',
			file.rows,
			'interlinker'
		),
		file.rows
	);
}

/**
 * Downloads a list as a CSV file, with the filters it is shown with; a file cut short says why.
 * @param filters
 */
export function downloadCsv( filters: exportsApi.ExportFilters ): Thunk {
	return async ( { dispatch, registry } ) => {
		const busy = `export:${ filters.kind }`;
		dispatch( { type: 'SET_BUSY', name: busy, busy: true } );
		try {
			const file = await exportsApi.downloadExport( filters );
			saveFile( file.blob, file.filename );
			( file.cut ? notifyWarning : notifySuccess )(
				registry,
				exportMessage( file )
			);
		} catch ( error ) {
			notifyError(
				registry,
				sprintf(
					/* translators: %s: the reason. */
					__( 'The CSV file could not be made: %s', 'interlinker' ),
					describeError( error as ApiError )
				)
			);
		} finally {
			dispatch( { type: 'SET_BUSY', name: busy, busy: false } );
		}
	};
}
