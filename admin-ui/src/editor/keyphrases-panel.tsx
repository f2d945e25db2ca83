/**
 * "Link this post for these phrases": the post's own keyphrases (post meta `_interlinker_keyphrases`), saved with the
 * post. The bridge takes each as a name of this post, so another post that mentions one is suggested a link here.
 */
import { FormTokenField, PanelBody } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { __ } from '@wordpress/i18n';

import {
	KEYPHRASES_META_KEY,
	MAX_KEYPHRASES,
	isKeyphrase,
	keyphrasesFromTokens,
} from './keyphrases';

export function KeyphrasesPanel() {
	const keyphrases = useSelect( ( select ): string[] => {
		const editor = select( editorStore ) as unknown as {
			getEditedPostAttribute: ( name: string ) => unknown;
		};
		const meta = editor.getEditedPostAttribute( 'meta' ) as
			| Record< string, unknown >
			| undefined;
		const value = meta?.[ KEYPHRASES_META_KEY ];
		return Array.isArray( value )
			? value.filter(
					( item ): item is string => typeof item === 'string'
			  )
			: [];
	}, [] );
	const { editPost } = useDispatch( editorStore ) as unknown as {
		editPost: ( edits: { meta: Record< string, unknown > } ) => void;
	};

	return (
		<PanelBody
			title={ __( 'Link this post for these phrases', 'interlinker' ) }
			initialOpen
		>
			<FormTokenField
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Phrases', 'interlinker' ) }
				value={ keyphrases }
				maxLength={ MAX_KEYPHRASES }
				onChange={ ( tokens ) =>
					editPost( {
						meta: {
							[ KEYPHRASES_META_KEY ]:
								keyphrasesFromTokens( tokens ),
						},
					} )
				}
				__experimentalValidateInput={ isKeyphrase }
			/>
			<p className="interlinker-editor-keyphrases__help">
				{ __(
					'Other posts that mention one of these phrases get a suggestion to link it here, for an editor to approve. Each post links here once at most, and within the site’s limit of links per post. Up to ten phrases of at most six words; Yoast SEO’s or Rank Math’s focus keyphrase counts too.',
					'interlinker'
				) }
			</p>
		</PanelBody>
	);
}
