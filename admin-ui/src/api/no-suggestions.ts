/**
 * The posts switched to "no suggestions" (post meta `_interlinker_no_suggestions`): listed for the Settings screen,
 * switched back one by one.
 */
import { NAMESPACE, request, requestPage } from './request';
import type { ListPage } from './types';

/** GET /no-suggestions, one item (`interlinker-no-suggestions-post`). */
export interface NoSuggestionsPost {
	id: number;
	/** The post title, as HTML. */
	title: string;
	/** The post type's name. */
	type: string;
	status: string;
	/** Where to edit the post; empty when the user may not. */
	editLink: string;
	noSuggestions: boolean;
}

export const NO_SUGGESTIONS_META_KEY = '_interlinker_no_suggestions';

export function fetchNoSuggestionsPosts(
	page: number,
	perPage: number
): Promise< ListPage< NoSuggestionsPost > > {
	return requestPage< NoSuggestionsPost >( `${ NAMESPACE }/no-suggestions`, {
		page,
		per_page: perPage,
	} );
}

export function setNoSuggestions(
	postId: number,
	noSuggestions: boolean
): Promise< NoSuggestionsPost > {
	return request< NoSuggestionsPost >(
		`${ NAMESPACE }/no-suggestions/${ postId }`,
		{ method: 'POST', data: { noSuggestions } }
	);
}
