import { beforeEach, describe, expect, it } from 'vitest';

import type { Suggestion } from '../../admin-ui/src/api/types';
import { suggestion } from './fixtures';
import { servePluginRoutes, wpError, type RouteCall } from './plugin-routes';
import { freshRegistry, type TestRegistry } from './test-registry';

const QUERY = { page: 1, perPage: 20 };

function listAnswer( items: Suggestion[] ) {
	return {
		body: items,
		headers: {
			'X-WP-Total': String( items.length ),
			'X-WP-TotalPages': '1',
		},
	};
}

describe( 'suggestions in the store', () => {
	let registry: TestRegistry;
	beforeEach( () => {
		registry = freshRegistry();
	} );

	it( 'when a page of suggestions loads, then it is readable with the totals from the headers', async () => {
		const calls = servePluginRoutes( () => ( {
			body: [ suggestion( 'a' ), suggestion( 'b' ) ],
			headers: { 'X-WP-Total': '42', 'X-WP-TotalPages': '3' },
		} ) );
		const page = await registry.resolveSelect.getSuggestions( {
			...QUERY,
			status: 'pending',
		} );
		expect( page?.items.map( ( item ) => item.id ) ).toEqual( [
			'a',
			'b',
		] );
		expect( page?.total ).toBe( 42 );
		expect( page?.totalPages ).toBe( 3 );
		expect( calls[ 0 ]?.path ).toBe( '/interlinker/v1/suggestions' );
		expect( calls[ 0 ]?.query.get( 'status' ) ).toBe( 'pending' );
		expect( calls[ 0 ]?.query.get( 'per_page' ) ).toBe( '20' );
	} );

	it( 'when a post filter finds nothing, then the page says why, from X-Interlinker-Post-State', async () => {
		servePluginRoutes( () => ( {
			body: [],
			headers: {
				'X-WP-Total': '0',
				'X-WP-TotalPages': '0',
				'X-Interlinker-Post-State': 'not_synced',
			},
		} ) );
		const query = { ...QUERY, postId: 12 };
		const page = await registry.resolveSelect.getSuggestions( query );
		expect( page?.total ).toBe( 0 );
		expect( page?.postState ).toBe( 'not_synced' );
	} );

	it( 'when the bridge is rate-limited, then the error is kept with its reset time', async () => {
		servePluginRoutes( () =>
			wpError( 429, 'interlinker_rate_limited', 'Limit used up.', {
				resetAt: '2026-01-01T10:00:00.000Z',
				retryAfter: 600,
			} )
		);
		await registry.resolveSelect.getSuggestions( QUERY );
		const error = registry.select.getError( 'getSuggestions', QUERY );
		expect( error?.kind ).toBe( 'rate_limited' );
		expect( error?.resetAt ).toBe( '2026-01-01T10:00:00.000Z' );
		expect( error?.retryAfterSeconds ).toBe( 600 );
		expect( registry.select.getSuggestions( QUERY ) ).toBeNull();
	} );

	it( 'when some approvals fail, then only those go back to their old status and the editor is told why', async () => {
		servePluginRoutes( ( call: RouteCall ) => {
			if ( call.method === 'GET' ) {
				return listAnswer( [
					suggestion( 'a' ),
					suggestion( 'b' ),
					suggestion( 'c', { status: 'rejected' } ),
				] );
			}
			if ( call.path.endsWith( '/b' ) ) {
				return wpError(
					403,
					'rest_forbidden',
					'You cannot edit that post.'
				);
			}
			return {
				body: suggestion( call.path.split( '/' ).pop() ?? '', {
					status: 'approved',
				} ),
			};
		} );
		await registry.resolveSelect.getSuggestions( QUERY );

		const outcome = await registry.dispatch.setSuggestionsStatus(
			[ 'a', 'b', 'c' ],
			'approved'
		);

		expect( outcome.succeeded ).toEqual( [ 'a', 'c' ] );
		expect( outcome.failed.map( ( failure ) => failure.id ) ).toEqual( [
			'b',
		] );
		const select = registry.select;
		expect( select.getSuggestion( 'a' )?.status ).toBe( 'approved' );
		expect( select.getSuggestion( 'b' )?.status ).toBe( 'pending' );
		expect( select.getSuggestion( 'c' )?.status ).toBe( 'approved' );
		const notices = registry.notices();
		expect(
			notices.some(
				( notice ) =>
					notice.status === 'error' &&
					notice.content.includes( 'You cannot edit that post.' )
			)
		).toBe( true );
		expect(
			notices.some(
				( notice ) =>
					notice.status === 'success' &&
					notice.content.includes( '2 suggestions approved' )
			)
		).toBe( true );
	} );

	it( 'when approving, then the new status shows before the server answers', async () => {
		let release: () => void = () => undefined;
		const answered = new Promise< void >( ( resolve ) => {
			release = resolve;
		} );
		servePluginRoutes( async ( call ) => {
			if ( call.method === 'GET' ) {
				return listAnswer( [ suggestion( 'a' ) ] );
			}
			await answered;
			return { body: suggestion( 'a', { status: 'approved' } ) };
		} );
		await registry.resolveSelect.getSuggestions( QUERY );

		const pending = registry.dispatch.setSuggestionsStatus(
			[ 'a' ],
			'approved'
		);
		expect( registry.select.getSuggestion( 'a' )?.status ).toBe(
			'approved'
		);
		// Still on its way: nothing else is offered until the plugin has it (an implement would be refused).
		expect( registry.select.getSuggestionsSaving() ).toEqual( { a: 1 } );
		expect( registry.select.isReviewUnderWay() ).toBe( true );
		release();
		await pending;
		expect( registry.select.getSuggestionsSaving() ).toEqual( {} );
		expect( registry.select.isReviewUnderWay() ).toBe( false );
	} );

	it( 'when a delete fails, then that suggestion is listed again and the deleted ones are gone', async () => {
		servePluginRoutes( ( call ) => {
			if ( call.method === 'GET' ) {
				return listAnswer( [ suggestion( 'a' ), suggestion( 'b' ) ] );
			}
			return call.path.endsWith( '/a' )
				? { body: { success: true } }
				: wpError( 409, 'interlinker_conflict', 'Roll back instead.' );
		} );
		await registry.resolveSelect.getSuggestions( QUERY );

		const deleting = registry.dispatch.deleteSuggestions( [ 'a', 'b' ] );
		expect( registry.select.getSuggestions( QUERY )?.items ).toEqual( [] );
		const outcome = await deleting;

		expect( outcome.succeeded ).toEqual( [ 'a' ] );
		expect( registry.select.getSuggestion( 'a' ) ).toBeNull();
		expect( registry.select.getSuggestion( 'b' )?.id ).toBe( 'b' );
	} );

	it( 'when implementing, then each link’s result and reason are kept for the editor', async () => {
		servePluginRoutes( ( call ) => {
			expect( call.path ).toBe( '/interlinker/v1/implement' );
			expect( call.data ).toEqual( { suggestionIds: [ 'a', 'b' ] } );
			return {
				body: {
					id: 'imp_1',
					suggestionIds: [ 'a', 'b' ],
					platform: 'wordpress',
					status: 'completed',
					createdAt: '2026-01-01T00:00:00.000Z',
					implementedAt: '2026-01-01T00:00:01.000Z',
					summary: { succeeded: 1, failed: 1 },
					rolledBackAt: null,
					rollbackReason: null,
					results: [
						{ suggestionId: 'a', succeeded: true },
						{
							suggestionId: 'b',
							succeeded: false,
							reason: 'The anchor text is no longer in the post.',
						},
					],
				},
			};
		} );

		await registry.dispatch.implementSuggestions( [ 'a', 'b' ] );

		const run = registry.select.getImplementRun();
		expect( run?.status ).toBe( 'done' );
		expect( run?.implementation?.id ).toBe( 'imp_1' );
		expect( run?.results[ 1 ] ).toMatchObject( {
			succeeded: false,
			reason: 'The anchor text is no longer in the post.',
		} );
	} );

	it( 'when the plugin is not connected, then the implement run fails with that reason', async () => {
		servePluginRoutes( () =>
			wpError(
				503,
				'interlinker_not_configured',
				'Enter the bridge address first.'
			)
		);
		await registry.dispatch.implementSuggestions( [ 'a' ] );
		const run = registry.select.getImplementRun();
		expect( run?.status ).toBe( 'failed' );
		expect( run?.error?.kind ).toBe( 'not_connected' );
	} );
} );

describe( 'full sync in the store', () => {
	it( 'when the plugin answers in batches, then the sync follows the cursor and shows the run’s counts so far', async () => {
		const registry = freshRegistry();
		// Each answer counts the whole run so far (docs/plugin-rest.md, Sync).
		const answers: Record< string, object > = {
			first: { synced: 50, failed: 0, skipped: 0, cursor: 'c1' },
			c1: { synced: 97, failed: 2, skipped: 1, cursor: 'c2' },
			c2: { synced: 117, failed: 2, skipped: 1, cursor: null },
		};
		const seen: Array< Record< string, unknown > > = [];
		const all = servePluginRoutes( ( call ) => {
			if ( ! call.path.endsWith( '/sync' ) ) {
				return wpError( 404, 'rest_no_route', 'No route.' );
			}
			const cursor = ( call.data as { cursor?: string } ).cursor;
			seen.push( { ...registry.select.getSyncProgress() } );
			return {
				body: {
					total: 120,
					done: cursor === 'c2',
					...answers[ cursor ?? 'first' ],
				},
			};
		} );

		await registry.dispatch.runFullSync();

		const calls = all.filter( ( call ) => call.path.endsWith( '/sync' ) );
		expect(
			calls.map( ( call ) => ( call.data as { cursor?: string } ).cursor )
		).toEqual( [ undefined, 'c1', 'c2' ] );
		expect( seen[ 2 ] ).toMatchObject( {
			synced: 97,
			failed: 2,
			skipped: 1,
		} );
		expect( registry.select.getSyncProgress() ).toMatchObject( {
			status: 'done',
			synced: 117,
			failed: 2,
			skipped: 1,
			total: 120,
		} );
	} );

	it( 'when the sync is done, then the store follows the bridge’s background generation every 2 s until it is idle', async () => {
		const registry = freshRegistry();
		const generation = [
			{ state: 'generating', queuedPages: 3, generatedPages: 1 },
			{ state: 'idle', queuedPages: 0, generatedPages: 4 },
		];
		const all = servePluginRoutes( ( call ) => {
			if ( call.path.endsWith( '/generation' ) ) {
				const next = generation.shift() ?? { state: 'idle' };
				return {
					body: {
						queuedPages: 0,
						generatedPages: 4,
						totalPages: 4,
						suggestionsCreated: 9,
						startedAt: null,
						finishedAt: null,
						...next,
					},
				};
			}
			if ( call.path.endsWith( '/setup' ) ) {
				return {
					body: {
						connectionSet: true,
						connectionTested: true,
						contentSynced: true,
						suggestionsMade: true,
						complete: true,
					},
				};
			}
			return {
				body: {
					synced: 4,
					failed: 0,
					skipped: 0,
					total: 4,
					done: true,
					cursor: null,
				},
			};
		} );
		const started = Date.now();

		await registry.dispatch.runFullSync();

		const polls = all.filter( ( call ) =>
			call.path.endsWith( '/generation' )
		);
		expect( polls ).toHaveLength( 2 );
		expect( Date.now() - started ).toBeGreaterThanOrEqual( 1900 );
		expect( registry.select.getGeneration() ).toMatchObject( {
			watching: false,
			error: null,
			progress: { state: 'idle', generatedPages: 4, totalPages: 4 },
		} );
		expect( registry.select.getSetup()?.complete ).toBe( true );
	} );

	it( 'when a batch fails, then the sync stops with the error and keeps what it counted', async () => {
		const registry = freshRegistry();
		servePluginRoutes( ( call ) =>
			( call.data as { cursor?: string } ).cursor
				? wpError(
						502,
						'interlinker_bridge_unreachable',
						'The bridge did not answer.'
				  )
				: {
						body: {
							synced: 10,
							failed: 0,
							skipped: 0,
							total: 30,
							done: false,
							cursor: 'c1',
						},
				  }
		);

		await registry.dispatch.runFullSync();

		const progress = registry.select.getSyncProgress();
		expect( progress.status ).toBe( 'failed' );
		expect( progress.synced ).toBe( 10 );
		expect( progress.error?.kind ).toBe( 'unreachable' );
	} );

	it( 'when the editor stops the sync, then no further batch is asked for', async () => {
		const registry = freshRegistry();
		const calls = servePluginRoutes( () => {
			registry.dispatch.cancelSync();
			return {
				body: {
					synced: 5,
					failed: 0,
					skipped: 0,
					total: 50,
					done: false,
					cursor: 'next',
				},
			};
		} );

		await registry.dispatch.runFullSync();

		expect( calls ).toHaveLength( 1 );
		expect( registry.select.getSyncProgress().status ).toBe( 'cancelled' );
	} );
} );

describe( 'rollback in the store', () => {
	it( 'when a rollback succeeds, then the implementation shows as rolled back with its reason', async () => {
		const registry = freshRegistry();
		servePluginRoutes( ( call ) => {
			expect( call.data ).toEqual( {
				implementationId: 'imp_1',
				reason: 'Wrong links',
			} );
			return {
				body: {
					id: 'imp_1',
					suggestionIds: [ 'a' ],
					platform: 'wordpress',
					status: 'rolled_back',
					createdAt: '2026-01-01T00:00:00.000Z',
					implementedAt: '2026-01-01T00:00:01.000Z',
					summary: { succeeded: 1, failed: 0 },
					rolledBackAt: '2026-01-02T00:00:00.000Z',
					rollbackReason: 'Wrong links',
					results: [
						{
							postId: 7,
							outcome: 'restored_exactly',
							removedSuggestionIds: [ 'a' ],
							missingSuggestionIds: [],
						},
					],
				},
			};
		} );

		const worked = await registry.dispatch.rollbackImplementation(
			'imp_1',
			'Wrong links'
		);

		expect( worked ).toBe( true );
		expect( registry.select.getRollbackOutcomes( 'imp_1' ) ).toEqual( [
			{
				postId: 7,
				outcome: 'restored_exactly',
				removedSuggestionIds: [ 'a' ],
				missingSuggestionIds: [],
			},
		] );
		const notices = registry.notices();
		expect(
			notices.some(
				( notice ) =>
					notice.status === 'success' &&
					notice.content.includes( 'exactly as it was' )
			)
		).toBe( true );
	} );

	it( 'when one link is undone without a reason, then only its id is sent, no reason, and the notice says the suggestion is now rejected', async () => {
		const registry = freshRegistry();
		const calls = servePluginRoutes( () => ( {
			body: {
				id: 'imp_3',
				suggestionIds: [ 'a', 'b' ],
				platform: 'wordpress',
				status: 'completed',
				createdAt: '2026-01-01T00:00:00.000Z',
				implementedAt: '2026-01-01T00:00:01.000Z',
				summary: { succeeded: 2, failed: 0, rolledBack: 1 },
				rolledBackAt: null,
				rollbackReason: 'Undone in wp-admin by admin',
				results: [
					{
						postId: 7,
						outcome: 'restored_exactly',
						removedSuggestionIds: [ 'a' ],
						missingSuggestionIds: [],
					},
				],
			},
		} ) );

		const worked = await registry.dispatch.rollbackImplementation(
			'imp_3',
			'',
			{ suggestionIds: [ 'a' ] }
		);

		expect( worked ).toBe( true );
		expect( calls[ 0 ]?.data ).toEqual( {
			implementationId: 'imp_3',
			suggestionIds: [ 'a' ],
		} );
		expect(
			registry
				.notices()
				.some(
					( notice ) =>
						notice.status === 'success' &&
						notice.content.includes( '1 link removed' ) &&
						notice.content.includes( 'rejected' )
				)
		).toBe( true );
	} );

	it( 'when a rollback could not save a post, then the notice says so in its own words and does not count it as edited since', async () => {
		const registry = freshRegistry();
		servePluginRoutes( () => ( {
			body: {
				id: 'imp_2',
				suggestionIds: [ 'a', 'b' ],
				platform: 'wordpress',
				status: 'rolled_back',
				createdAt: '2026-01-01T00:00:00.000Z',
				implementedAt: '2026-01-01T00:00:01.000Z',
				summary: { succeeded: 2, failed: 0 },
				rolledBackAt: '2026-01-02T00:00:00.000Z',
				rollbackReason: 'Wrong links',
				results: [
					{
						postId: 7,
						outcome: 'restored_exactly',
						removedSuggestionIds: [ 'a' ],
						missingSuggestionIds: [],
					},
					{
						postId: 8,
						outcome: 'save_failed',
						removedSuggestionIds: [],
						missingSuggestionIds: [],
						reason: 'Database error',
					},
				],
			},
		} ) );

		const worked = await registry.dispatch.rollbackImplementation(
			'imp_2',
			'Wrong links'
		);

		expect( worked ).toBe( true );
		const success = registry
			.notices()
			.filter( ( notice ) => notice.status === 'success' )
			.map( ( notice ) => notice.content );
		expect( success ).toEqual( [
			'Rolled back: 1 post is exactly as it was before. 1 post could not be saved: its links are still in it, and the next sync takes them out.',
		] );
	} );
} );

describe( 'implementation details in the store', () => {
	const details = ( posts: unknown[] ) => ( {
		id: 'imp_1',
		suggestionIds: [ 'a' ],
		platform: 'wordpress',
		status: posts.length ? 'completed' : 'rolled_back',
		createdAt: '2026-01-01T00:00:00.000Z',
		implementedAt: '2026-01-01T00:00:01.000Z',
		summary: { succeeded: 1, failed: 0 },
		rolledBackAt: null,
		rollbackReason: null,
		results: [ { suggestionId: 'a', succeeded: true, error: null } ],
		posts,
	} );

	it( 'when the details are loaded again after a rollback, then the posts it changed stay shown', async () => {
		const registry = freshRegistry();
		const post = {
			postId: 7,
			title: 'Loaf',
			editLink: '',
			links: [
				{
					suggestionId: 'a',
					anchorText: 'starter',
					href: 'http://site.test/starter/',
				},
			],
		};
		let rolledBack = false;
		servePluginRoutes( () => ( {
			body: details( rolledBack ? [] : [ post ] ),
		} ) );
		await registry.resolveSelect.getImplementation( 'imp_1' );
		rolledBack = true;
		registry.invalidate( 'getImplementation', [ 'imp_1' ] );
		await registry.resolveSelect.getImplementation( 'imp_1' );

		const shown = registry.select.getImplementation( 'imp_1' );
		expect( shown?.status ).toBe( 'rolled_back' );
		expect( shown?.posts ).toEqual( [ post ] );
	} );

	it( 'when the details arrive with their suggestions, then each link’s suggestion is known, failed ones too', async () => {
		const registry = freshRegistry();
		servePluginRoutes( () => ( {
			body: {
				...details( [] ),
				status: 'failed',
				suggestionIds: [ 'a', 'b' ],
				summary: { succeeded: 0, failed: 2 },
				results: [
					{ suggestionId: 'a', succeeded: false, error: 'anchor_missing' },
					{ suggestionId: 'b', succeeded: false, error: 'anchor_missing' },
				],
				suggestions: [
					suggestion( 'a', { anchorText: 'starter' } ),
					suggestion( 'b', { anchorText: 'flour' } ),
				],
			},
		} ) );

		await registry.resolveSelect.getImplementation( 'imp_1' );

		expect( registry.select.getSuggestion( 'a' )?.anchorText ).toBe(
			'starter'
		);
		expect( registry.select.getSuggestion( 'b' )?.anchorText ).toBe(
			'flour'
		);
		expect(
			registry.select.getImplementation( 'imp_1' )?.suggestions
		).toHaveLength( 2 );
	} );
} );
