import { beforeEach, describe, expect, it } from 'vitest';

import type { InboundSuggestions } from '../../admin-ui/src/api/types';
import { suggestion } from './fixtures';
import { servePluginRoutes, wpError } from './plugin-routes';
import { freshRegistry, type TestRegistry } from './test-registry';

const POST_ID = 12;

function inboundAnswer( ids: string[], leftOut = 0 ): InboundSuggestions {
	return {
		postId: POST_ID,
		targetPageUrl: 'http://site.test/orphan/',
		suggestions: ids.map( ( id ) =>
			suggestion( id, {
				targetPageUrl: 'http://site.test/orphan/',
				targetPostId: POST_ID,
			} )
		),
		leftOut,
	};
}

describe( '"Find links to this post" in the store', () => {
	let registry: TestRegistry;
	beforeEach( () => {
		registry = freshRegistry();
	} );

	it( 'when links to a post are found, then the POST names the post and its suggestions are kept in the bridge’s order with the left-out count', async () => {
		const calls = servePluginRoutes( () => ( {
			body: inboundAnswer( [ 'b', 'a' ], 2 ),
		} ) );

		expect( registry.select.getInboundSuggestions( POST_ID ) ).toBeNull();
		await registry.dispatch.findInboundSuggestions( POST_ID );

		expect( calls[ 0 ] ).toMatchObject( {
			method: 'POST',
			path: `/interlinker/v1/posts/${ POST_ID }/inbound-suggestions`,
		} );
		const view = registry.select.getInboundSuggestions( POST_ID );
		expect( view?.status ).toBe( 'done' );
		expect( view?.items.map( ( item ) => item.id ) ).toEqual( [
			'b',
			'a',
		] );
		expect( view?.leftOut ).toBe( 2 );
		expect( registry.select.getInboundSuggestions( POST_ID + 1 ) ).toBeNull();
	} );

	it( 'when the search fails, then the reason is kept for the editor and the last suggestions stay', async () => {
		servePluginRoutes( () => ( { body: inboundAnswer( [ 'a' ] ) } ) );
		await registry.dispatch.findInboundSuggestions( POST_ID );
		servePluginRoutes( () =>
			wpError( 429, 'interlinker_rate_limited', 'Used up.', {
				retryAfter: 60,
			} )
		);

		await registry.dispatch.findInboundSuggestions( POST_ID );

		const view = registry.select.getInboundSuggestions( POST_ID );
		expect( view?.status ).toBe( 'failed' );
		expect( view?.error?.kind ).toBe( 'rate_limited' );
		expect( view?.items.map( ( item ) => item.id ) ).toEqual( [ 'a' ] );
	} );

	it( 'when found suggestions are approved and then implemented, then the list shows each new status without being asked again', async () => {
		servePluginRoutes( ( call ) => {
			if ( call.path.endsWith( '/inbound-suggestions' ) ) {
				return { body: inboundAnswer( [ 'a', 'b' ] ) };
			}
			if ( call.method === 'PATCH' ) {
				const id = call.path.split( '/' ).pop() ?? '';
				return { body: suggestion( id, { status: 'approved' } ) };
			}
			return {
				body: {
					id: 'imp_1',
					suggestionIds: [ 'a', 'b' ],
					platform: 'wordpress',
					status: 'completed',
					createdAt: null,
					implementedAt: null,
					rolledBackAt: null,
					rollbackReason: null,
					summary: { succeeded: 1, failed: 1 },
					results: [
						{ suggestionId: 'a', succeeded: true, postId: 3 },
						{
							suggestionId: 'b',
							succeeded: false,
							code: 'link_limit_reached',
							reason: 'The post already holds 3 links.',
						},
					],
				},
			};
		} );
		await registry.dispatch.findInboundSuggestions( POST_ID );

		await registry.dispatch.setSuggestionsStatus( [ 'a', 'b' ], 'approved' );
		const approved = registry.select.getInboundSuggestions( POST_ID );
		await registry.dispatch.implementSuggestions( [ 'a', 'b' ] );

		expect( approved?.items.map( ( item ) => item.status ) ).toEqual( [
			'approved',
			'approved',
		] );
		expect(
			registry.select
				.getInboundSuggestions( POST_ID )
				?.items.map( ( item ) => item.status )
		).toEqual( [ 'implemented', 'approved' ] );
	} );
} );
