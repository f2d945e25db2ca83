import { describe, expect, it, test } from 'vitest';

import type { ImplementAnswer, RollbackAnswer } from '../../admin-ui/src/api/types';
import { linesOf, undoOutcome } from '../../admin-ui/src/editor/insertion-report';
import { keyphraseRefusal } from '../../admin-ui/src/editor/keyphrases';
import { scoreChanges, scoreChangesMessage } from '../../admin-ui/src/editor/score-changes';
import { suggestion } from './fixtures';

function implementAnswer( results: ImplementAnswer[ 'results' ] ): ImplementAnswer {
	return {
		id: 'impl_1',
		suggestionIds: results.map( ( result ) => result.suggestionId ),
		platform: 'wordpress',
		status: 'completed',
		createdAt: null,
		implementedAt: null,
		rolledBackAt: null,
		rollbackReason: null,
		summary: null,
		results,
	} as ImplementAnswer;
}

function rollbackAnswer( results: RollbackAnswer[ 'results' ] ): RollbackAnswer {
	return {
		id: 'impl_1',
		suggestionIds: [],
		platform: 'wordpress',
		status: 'rolled_back',
		createdAt: null,
		implementedAt: null,
		rolledBackAt: null,
		rollbackReason: null,
		summary: null,
		results,
	};
}

describe( 'the editor sidebar', () => {
	it( 'when the plugin answers an insertion, then each ticked link gets its line in ticked order, a failed one with the plugin’s reason', () => {
		const ticked = [ suggestion( 'sug_a' ), suggestion( 'sug_b' ), suggestion( 'sug_c' ) ];
		const lines = linesOf(
			implementAnswer( [
				{ suggestionId: 'sug_b', succeeded: false, code: 'link_limit_reached', reason: 'The post already holds the most Interlinker links allowed per post (3).' },
				{ suggestionId: 'sug_a', succeeded: true, postId: 7 },
			] ),
			ticked
		);

		expect( lines.map( ( line ) => [ line.suggestion.id, line.succeeded, line.reason, line.implementationId ] ) ).toEqual( [
			[ 'sug_a', true, null, 'impl_1' ],
			[ 'sug_b', false, 'The post already holds the most Interlinker links allowed per post (3).', 'impl_1' ],
			[ 'sug_c', false, 'The plugin did not report this link.', 'impl_1' ],
		] );
	} );

	it( 'when a rollback answers per post, then a link is undone when its post lost it, and not when the post could not be saved', () => {
		expect( undoOutcome( rollbackAnswer( [ { postId: 7, outcome: 'links_removed', removedSuggestionIds: [ 'sug_a' ], missingSuggestionIds: [] } ] ), 'sug_a' ) ).toEqual( { removed: true, reason: null } );
		expect(
			undoOutcome( rollbackAnswer( [ { postId: 7, outcome: 'save_failed', removedSuggestionIds: [], missingSuggestionIds: [], reason: 'The database refused the change.' } ] ), 'sug_a' )
		).toEqual( { removed: false, reason: 'The database refused the change.' } );
		expect( undoOutcome( rollbackAnswer( [ { postId: 7, outcome: 'nothing_to_remove', removedSuggestionIds: [], missingSuggestionIds: [ 'sug_a' ] } ] ), 'sug_a' ) ).toEqual( { removed: true, reason: null } );
	} );

	it( 'when new suggestions are found, then score changes of the same links are counted and said, apart from new links', () => {
		const before = [
			suggestion( 'sug_a', { targetPageUrl: 'http://site.test/a/', anchorText: 'Bread Flour', relevanceScore: 0.61 } ),
			suggestion( 'sug_b', { targetPageUrl: 'http://site.test/b/', anchorText: 'baking stone', relevanceScore: 0.5 } ),
		];
		const after = [
			suggestion( 'sug_x', { targetPageUrl: 'http://site.test/a/', anchorText: 'bread flour', relevanceScore: 0.72 } ),
			suggestion( 'sug_y', { targetPageUrl: 'http://site.test/b/', anchorText: 'baking stone', relevanceScore: 0.502 } ),
			suggestion( 'sug_z', { targetPageUrl: 'http://site.test/c/', anchorText: 'dough', relevanceScore: 0.4 } ),
		];

		const changes = scoreChanges( before, after );

		expect( changes ).toEqual( { changed: 1, added: 1, total: 3 } );
		expect( scoreChangesMessage( changes ) ).toBe( '3 suggestions for this post (1 new). Scores are recomputed from the current text: 1 earlier score changed.' );
		expect( scoreChangesMessage( scoreChanges( before, before ) ) ).toBe( '2 suggestions for this post (0 new). Scores are recomputed from the current text; none of the earlier ones changed.' );
	} );

	test.each( [
		{ phrase: 'weekend sourdough loaf', refusal: null },
		{ phrase: 'one two three four five six seven', refusal: '“one two three four five six seven” was not added: it has 7 words, and a phrase has at most 6.' },
		{ phrase: 'y'.repeat( 101 ), refusal: `“${ 'y'.repeat( 40 ) }…” was not added: it has 101 characters, and a phrase has at most 100.` },
	] )( 'when "$phrase" is typed as a keyphrase, then the refusal says why: $refusal', ( { phrase, refusal } ) => {
		expect( keyphraseRefusal( phrase ) ).toBe( refusal );
	} );
} );
