/**
 * The post a screen is narrowed to, when an address names it by id only: its title is looked up once, so the
 * picker can show it.
 */
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { fetchPostById } from '../api/posts';
import type { PickedPost } from '../components/post-picker';
import { plainTitle } from '../lib/format';

function untitled( id: number ): PickedPost {
	/* translators: %d: post id. */
	return { id, title: sprintf( __( 'Post #%d', 'interlinker' ), id ) };
}

export function usePickedPost(
	initialId: number | null
): [ PickedPost | null, ( post: PickedPost | null ) => void ] {
	const [ post, setPost ] = useState< PickedPost | null >(
		initialId ? untitled( initialId ) : null
	);
	useEffect( () => {
		if ( ! initialId ) {
			return;
		}
		let current = true;
		fetchPostById( initialId )
			.then( ( found ) => {
				if ( current && found ) {
					// Only while the editor has not picked another post meanwhile.
					setPost( ( shown ) =>
						shown?.id === found.id
							? { id: found.id, title: plainTitle( found.title ) }
							: shown
					);
				}
			} )
			// Without an answer the picker keeps showing "Post #id", which still says what is filtered.
			.catch( () => undefined );
		return () => {
			current = false;
		};
	}, [ initialId ] );
	return [ post, setPost ];
}
