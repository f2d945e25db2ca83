/**
 * The sidebar's "Find new suggestions", with what the new run changed (see score-changes.ts).
 */
import { useState } from '@wordpress/element';

import type { ApiError } from '../api/errors';
import { generateSuggestions } from '../api/suggestions';
import type { Suggestion } from '../api/types';
import { asApiError } from './insertion-report';
import { savePostIfEdited } from './post-in-editor';
import { scoreChanges, scoreChangesMessage } from './score-changes';

/**
 * "Find new suggestions": saves the post when it has unsaved edits (the bridge reads the stored text), asks the
 * bridge to generate, then says how the scores moved.
 *
 * @param postId The post being edited.
 * @param shown  The suggestions the sidebar shows now.
 * @param reload Loads the sidebar's list again.
 */
export function useFindSuggestions(
	postId: number,
	shown: Suggestion[],
	reload: () => void
) {
	const [ finding, setFinding ] = useState( false );
	const [ message, setMessage ] = useState< string | null >( null );
	const [ error, setError ] = useState< ApiError | null >( null );

	const find = async () => {
		setFinding( true );
		setMessage( null );
		setError( null );
		try {
			await savePostIfEdited();
			const page = await generateSuggestions( postId );
			const open = page.items.filter(
				( item ) =>
					item.status === 'pending' || item.status === 'approved'
			);
			setMessage( scoreChangesMessage( scoreChanges( shown, open ) ) );
		} catch ( thrown ) {
			setError( asApiError( thrown ) );
		} finally {
			setFinding( false );
			reload();
		}
	};

	return { finding, message, error, find };
}
