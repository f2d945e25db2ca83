import { describe, expect, it } from 'vitest';

import { toApiError } from '../../admin-ui/src/api/errors';
import { splitAnchorInContext } from '../../admin-ui/src/lib/anchor-context';
import { findLinkableAnchor } from '../../admin-ui/src/lib/anchor-placement';
import {
	axis,
	niceCeiling,
	scaled,
	ticks,
} from '../../admin-ui/src/lib/chart-scale';
import {
	customRange,
	daysOf,
	rangeForPreset,
} from '../../admin-ui/src/lib/date-range';
import {
	describeError,
	errorDetail,
} from '../../admin-ui/src/lib/error-message';
import { activityBins } from '../../admin-ui/src/screens/health/activity-points';
import {
	categoryIdsFromNames,
	normalisePathPrefixes,
} from '../../admin-ui/src/screens/settings/exclusions';
import { syncLinkCountText, syncPercent } from '../../admin-ui/src/screens/settings/sync-progress';
import {
	DEFAULT_VIEW,
	locationFromArgs,
	locationToArgs,
	viewToQuery,
} from '../../admin-ui/src/screens/suggestions/view';
import {
	viewFromUrlArgs,
	viewToUrlArgs,
} from '../../admin-ui/src/screens/implementations/view';
import { urlArgsOf, urlWithArgs } from '../../admin-ui/src/lib/url-args';

describe( 'anchor in context', () => {
	it( 'when the anchor is in the context, then it is split out exactly as written there', () => {
		expect(
			splitAnchorInContext(
				'Read about Internal Links today.',
				'internal links'
			)
		).toEqual( {
			before: 'Read about ',
			anchor: 'Internal Links',
			after: ' today.',
		} );
	} );

	it( 'when the context holds markup-like text, then it stays text (nothing is parsed as HTML)', () => {
		const parts = splitAnchorInContext(
			'<img src=x onerror=alert(1)> and links',
			'links'
		);
		expect( parts.before ).toBe( '<img src=x onerror=alert(1)> and ' );
		expect( parts.anchor ).toBe( 'links' );
	} );

	it( 'when the anchor is missing, then the whole context is shown without a highlight', () => {
		expect( splitAnchorInContext( 'Nothing here.', 'absent' ) ).toEqual( {
			before: 'Nothing here.',
			anchor: '',
			after: '',
		} );
	} );

	it( 'when the context is long, then each side is shortened with an ellipsis', () => {
		const parts = splitAnchorInContext(
			`${ 'word '.repeat( 60 ) }anchor${ ' word'.repeat( 60 ) }`,
			'anchor',
			40
		);
		expect( parts.before.startsWith( '…' ) ).toBe( true );
		expect( parts.after.endsWith( '…' ) ).toBe( true );
		expect( parts.before.length ).toBeLessThanOrEqual( 41 );
	} );
} );

describe( 'where an anchor can be linked in the editor', () => {
	const link = [ { type: 'core/link' } ];
	it( 'when the words appear as a whole word, then their first place is used', () => {
		expect( findLinkableAnchor( 'Cats and cat food', [], 'cat' ) ).toBe(
			9
		);
	} );

	it( 'when the first occurrence is already linked, then the next free one is used', () => {
		const text = 'seo tips and seo tips';
		const formats = [ link, link, link ];
		expect( findLinkableAnchor( text, formats, 'seo' ) ).toBe( 13 );
	} );

	it( 'when every occurrence is inside a link, then there is no place', () => {
		expect(
			findLinkableAnchor( 'seo', [ link, link, link ], 'seo' )
		).toBeNull();
	} );
} );

describe( 'chart scale', () => {
	it( 'when values are drawn, then the axis ends on a round number at or above the largest', () => {
		expect( niceCeiling( 0 ) ).toBe( 1 );
		expect( niceCeiling( 7 ) ).toBe( 10 );
		expect( niceCeiling( 12 ) ).toBe( 20 );
		expect( niceCeiling( 430 ) ).toBe( 500 );
	} );

	it( 'when ticks are made, then they start at zero and end at the top', () => {
		expect( ticks( 20 ) ).toEqual( [ 0, 5, 10, 15, 20 ] );
		expect( ticks( 1 ) ).toEqual( [ 0, 1 ] );
	} );

	it( 'when an axis is made for the largest value, then its ticks are round numbers up to a round top', () => {
		expect( axis( 50 ) ).toEqual( {
			top: 50,
			ticks: [ 0, 10, 20, 30, 40, 50 ],
		} );
		expect( axis( 37 ) ).toEqual( {
			top: 40,
			ticks: [ 0, 10, 20, 30, 40 ],
		} );
		expect( axis( 13 ) ).toEqual( { top: 15, ticks: [ 0, 5, 10, 15 ] } );
		expect( axis( 3 ) ).toEqual( { top: 3, ticks: [ 0, 1, 2, 3 ] } );
		expect( axis( 0 ) ).toEqual( { top: 1, ticks: [ 0, 1 ] } );
		expect( axis( 1234 ).ticks ).toEqual( [ 0, 500, 1000, 1500 ] );
	} );

	it( 'when a value is scaled, then it is proportional and never negative', () => {
		expect( scaled( 5, 10, 200 ) ).toBe( 100 );
		expect( scaled( -3, 10, 200 ) ).toBe( 0 );
	} );
} );

describe( 'date ranges', () => {
	const today = new Date( '2026-03-10T15:00:00Z' );
	it( 'when a preset is chosen, then the window ends today and counts today as one of its days', () => {
		expect( rangeForPreset( '7d', today ) ).toEqual( {
			startDate: '2026-03-04',
			endDate: '2026-03-10',
		} );
	} );

	it( 'when a custom range starts after it ends or is no real day, then it is refused', () => {
		expect( customRange( '2026-03-10', '2026-03-01' ) ).toBeNull();
		expect( customRange( '2026-02-30', '2026-03-01' ) ).toBeNull();
		expect( customRange( '2026-03-01', '2026-03-01' ) ).toEqual( {
			startDate: '2026-03-01',
			endDate: '2026-03-01',
		} );
	} );

	it( 'when the activity has gaps, then every day of the window is charted, missing ones as zero', () => {
		const { unit, bins } = activityBins(
			[ { date: '2026-03-02', suggestions: 4, implementations: 1 } ],
			{
				startDate: '2026-03-01',
				endDate: '2026-03-03',
			}
		);
		expect( unit ).toBe( 'day' );
		expect( bins.map( ( bin ) => bin.start ) ).toEqual(
			daysOf( { startDate: '2026-03-01', endDate: '2026-03-03' } )
		);
		expect( bins.map( ( bin ) => bin.suggestions ) ).toEqual( [ 0, 4, 0 ] );
	} );

	it( 'when the window is a year, then it is charted per month, each month summed', () => {
		const { unit, bins } = activityBins(
			[
				{ date: '2025-03-31', suggestions: 2, implementations: 0 },
				{ date: '2025-04-01', suggestions: 3, implementations: 1 },
				{ date: '2025-04-30', suggestions: 5, implementations: 2 },
			],
			rangeForPreset( '365d', new Date( '2026-03-15T12:00:00Z' ) )
		);
		expect( unit ).toBe( 'month' );
		expect( bins ).toHaveLength( 13 );
		expect( bins[ 0 ] ).toMatchObject( {
			start: '2025-03-16',
			end: '2025-03-31',
			suggestions: 2,
		} );
		expect( bins[ 1 ] ).toMatchObject( {
			start: '2025-04-01',
			end: '2025-04-30',
			suggestions: 8,
			implementations: 3,
		} );
		expect( bins[ 12 ] ).toMatchObject( {
			start: '2026-03-01',
			end: '2026-03-15',
		} );
	} );

	it( 'when the window is 90 days, then it is charted per week from the site’s first day of the week', () => {
		const { unit, bins } = activityBins(
			[ { date: '2026-01-05', suggestions: 1, implementations: 0 } ],
			{ startDate: '2026-01-01', endDate: '2026-03-31' },
			1
		);
		expect( unit ).toBe( 'week' );
		// 2026-01-01 is a Thursday: the first week is Thursday to Sunday, then weeks from Monday.
		expect( bins[ 0 ] ).toMatchObject( {
			start: '2026-01-01',
			end: '2026-01-04',
			suggestions: 0,
		} );
		expect( bins[ 1 ] ).toMatchObject( {
			start: '2026-01-05',
			end: '2026-01-11',
			suggestions: 1,
		} );
		expect( bins ).toHaveLength( 14 );
	} );
} );

describe( 'errors from the plugin', () => {
	it( 'when WordPress answers a WP_Error, then its code decides what kind of problem it is', async () => {
		expect(
			(
				await toApiError( {
					code: 'interlinker_bridge_unreachable',
					message: 'x',
					data: { status: 502 },
				} )
			).kind
		).toBe( 'unreachable' );
		expect(
			(
				await toApiError( {
					code: 'interlinker_not_configured',
					message: 'x',
					data: { status: 503 },
				} )
			).kind
		).toBe( 'not_connected' );
		expect(
			(
				await toApiError( {
					code: 'fetch_error',
					message: 'You are probably offline.',
				} )
			).kind
		).toBe( 'offline' );
	} );

	it( 'when a list request fails, then the error is read from the Response body', async () => {
		const response = new Response(
			JSON.stringify( {
				code: 'rest_forbidden',
				message: 'No.',
				data: { status: 403 },
			} ),
			{ status: 403 }
		);
		const error = await toApiError( response );
		expect( error ).toMatchObject( {
			kind: 'forbidden',
			status: 403,
			message: 'No.',
		} );
	} );

	it( 'when rate-limited without a reset time, then the message says when from Retry-After', async () => {
		const error = await toApiError( {
			code: 'interlinker_rate_limited',
			message: 'Limit used up.',
			data: { status: 429, retryAfter: 60 },
		} );
		expect(
			describeError( error, new Date( '2026-01-01T10:00:00Z' ) )
		).toMatch( /Try again after/ );
	} );
} );

describe( 'error details under a title', () => {
	it( 'when rate-limited with a reset time, then the detail is when to try again, not the title once more', async () => {
		const error = await toApiError( {
			code: 'interlinker_rate_limited',
			message: 'Limit used up.',
			data: { status: 429, resetAt: '2026-01-01T11:00:00Z' },
		} );
		const detail = errorDetail( error );
		expect( detail ).toMatch( /^Try again after .+, when/ );
		expect( detail ).not.toMatch( /limit is used up/ );
	} );

	it( 'when the error is anything else, then the detail is the server’s message', async () => {
		const error = await toApiError( {
			code: 'interlinker_bridge_unreachable',
			message: 'The bridge cannot be reached.',
			data: { status: 503 },
		} );
		expect( errorDetail( error ) ).toBe( 'The bridge cannot be reached.' );
	} );
} );

describe( 'the suggestions view', () => {
	it( 'when the view filters by status and a post is chosen, then the query carries both and the page', () => {
		const query = viewToQuery(
			{
				...DEFAULT_VIEW,
				page: 3,
				perPage: 50,
				filters: [
					{ field: 'status', operator: 'is', value: 'approved' },
				],
			},
			12
		);
		expect( query ).toEqual( {
			page: 3,
			perPage: 50,
			status: 'approved',
			postId: 12,
			orderby: 'relevanceScore',
			order: 'desc',
		} );
	} );

	it( 'when the view is searched, then the query carries the trimmed text; blank text sends none', () => {
		expect(
			viewToQuery( { ...DEFAULT_VIEW, search: '  boot loader ' }, null )
				.search
		).toBe( 'boot loader' );
		expect(
			viewToQuery( { ...DEFAULT_VIEW, search: '   ' }, null ).search
		).toBeUndefined();
	} );

	it( 'when the status filter holds an unknown value, then no status is sent', () => {
		expect(
			viewToQuery(
				{
					...DEFAULT_VIEW,
					filters: [
						{ field: 'status', operator: 'is', value: 'bogus' },
					],
				},
				null
			).status
		).toBeUndefined();
	} );

	it( 'when sorted by score ascending, then the plugin is asked to sort that way across all pages', () => {
		expect(
			viewToQuery(
				{
					...DEFAULT_VIEW,
					sort: { field: 'relevanceScore', direction: 'asc' },
				},
				null
			)
		).toMatchObject( { orderby: 'relevanceScore', order: 'asc' } );
	} );

	it( 'when sorted by a field the plugin cannot sort by, then no order is sent', () => {
		const query = viewToQuery(
			{ ...DEFAULT_VIEW, sort: { field: 'status', direction: 'asc' } },
			null
		);
		expect( query.orderby ).toBeUndefined();
		expect( query.order ).toBeUndefined();
	} );
} );

describe( 'the views in the address bar', () => {
	const SCREEN = 'http://site.test/wp-admin/admin.php?page=interlinker';

	it( 'when the view is the default, then the address carries nothing but the screen', () => {
		expect(
			urlWithArgs(
				SCREEN,
				locationToArgs( { view: DEFAULT_VIEW, postId: null } )
			)
		).toBe( SCREEN );
	} );

	it( 'when filters, sort, page and post are changed, then the address brings back the same view', () => {
		const location = {
			view: {
				...DEFAULT_VIEW,
				page: 3,
				perPage: 50,
				filters: [
					{
						field: 'status',
						operator: 'is' as const,
						value: 'approved',
					},
				],
				sort: { field: 'createdAt', direction: 'asc' as const },
			},
			postId: 12,
		};
		const url = urlWithArgs( SCREEN, locationToArgs( location ) );
		expect( url ).toContain( 'page=interlinker' );
		const back = locationFromArgs( urlArgsOf( url ) );
		expect( back.postId ).toBe( 12 );
		expect( viewToQuery( back.view, back.postId ) ).toEqual(
			viewToQuery( location.view, location.postId )
		);
	} );

	it( 'when the status filter is removed, then the address says "all" and does not fall back to pending', () => {
		const args = locationToArgs( {
			view: { ...DEFAULT_VIEW, filters: [] },
			postId: null,
		} );
		expect( args.status ).toBe( 'all' );
		expect(
			viewToQuery( locationFromArgs( { status: 'all' } ).view, null )
				.status
		).toBeUndefined();
	} );

	it( 'when the address holds values that make no sense, then the defaults are used', () => {
		const { view, postId } = locationFromArgs( {
			status: 'bogus',
			orderby: 'title',
			order: 'sideways',
			paged: '-2',
			per_page: '100000',
			source_post: 'abc',
		} );
		expect( view ).toEqual( DEFAULT_VIEW );
		expect( postId ).toBeNull();
	} );

	it( 'when an arg goes back to its default, then it leaves the address and the other args stay', () => {
		const url = `${ SCREEN }&status=approved&paged=2`;
		expect( urlWithArgs( url, { paged: undefined } ) ).toBe(
			`${ SCREEN }&status=approved`
		);
	} );

	it( 'when the implementations list is filtered and paged, then its address brings it back', () => {
		const view = viewFromUrlArgs( { status: 'failed', paged: '2' } );
		expect( viewToUrlArgs( view ) ).toMatchObject( {
			status: 'failed',
			paged: '2',
		} );
		expect( viewToUrlArgs( viewFromUrlArgs( {} ) ) ).toEqual( {
			status: undefined,
			orderby: undefined,
			order: undefined,
			paged: undefined,
			per_page: undefined,
		} );
	} );
} );

describe( 'settings helpers', () => {
	it( 'when paths are typed loosely, then they become distinct prefixes with slashes on both ends', () => {
		expect(
			normalisePathPrefixes( [ 'shop', '/shop/', ' /tag ', '', '/' ] )
		).toEqual( [ '/shop/', '/tag/' ] );
	} );

	it( 'when category names are picked, then their ids are stored once each and unknown names are dropped', () => {
		const categories = [
			{ id: 3, name: 'News' },
			{ id: 5, name: 'Guides' },
		];
		expect(
			categoryIdsFromNames(
				[ 'Guides', 'News', 'Guides', 'Unknown' ],
				categories
			)
		).toEqual( [ 5, 3 ] );
	} );

	it( 'when a sync has counted part of its posts, then the bar shows that share', () => {
		expect(
			syncPercent( {
				status: 'running',
				synced: 30,
				failed: 5,
				skipped: 5,
				total: 80,
				linkCounts: null,
				error: null,
			} )
		).toBe( 50 );
		// The posts whose links are counted are part of the run: full only when both are done.
		expect(
			syncPercent( {
				status: 'running',
				synced: 80,
				failed: 0,
				skipped: 0,
				total: 80,
				linkCounts: { counted: 20, total: 120, complete: false },
				error: null,
			} )
		).toBe( 50 );
		expect(
			syncLinkCountText( {
				status: 'running',
				synced: 80,
				failed: 0,
				skipped: 0,
				total: 80,
				linkCounts: { counted: 20, total: 120, complete: false },
				error: null,
			} )
		).toBe( 'Counting links: 20 of 120 posts' );
		expect(
			syncPercent( {
				status: 'running',
				synced: 0,
				failed: 0,
				skipped: 0,
				total: null,
				linkCounts: null,
				error: null,
			} )
		).toBeNull();
	} );
} );
