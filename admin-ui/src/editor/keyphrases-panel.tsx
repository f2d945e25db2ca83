/**
 * "Link this post for these phrases": the post's own keyphrases (post meta `_interlinker_keyphrases`), saved with the
 * post. The bridge takes each as a name of this post, so another post that mentions one is suggested a link here.
 */
import { FormTokenField, Notice, PanelBody } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import {
	KEYPHRASES_META_KEY,
	MAX_KEYPHRASES,
	isKeyphrase,
	keyphraseRefusal,
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
	// The field drops a phrase it refuses without a word: the reason shows here until the next phrase is typed.
	const [ refusal, setRefusal ] = useState< string | null >( null );
	const validate = ( phrase: string ) => {
		setRefusal( keyphraseRefusal( phrase ) );
		return isKeyphrase( phrase );
	};
	const isFull = keyphrases.length >= MAX_KEYPHRASES;

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
				onChange={ ( tokens ) => {
					// Pasted, comma-separated phrases skip the field's check: the first refused one is named.
					const refused = tokens
						.map( ( token ) =>
							keyphraseRefusal(
								typeof token === 'string' ? token : token.value
							)
						)
						.find( ( reason ) => reason !== null );
					setRefusal( refused ?? null );
					editPost( {
						meta: {
							[ KEYPHRASES_META_KEY ]:
								keyphrasesFromTokens( tokens ),
						},
					} );
				} }
				onInputChange={ ( typed ) => {
					if ( typed !== '' ) {
						setRefusal( null );
					}
				} }
				__experimentalValidateInput={ validate }
			/>
			{ refusal && (
				<Notice
					status="warning"
					isDismissible={ false }
					className="interlinker-editor-keyphrases__refused"
				>
					<span role="alert">{ refusal }</span>
				</Notice>
			) }
			{ isFull && (
				<p className="interlinker-editor-keyphrases__help">
					{ sprintf(
						/* translators: %d: the most phrases a post may have. */
						__(
							'This post has the most phrases it can have (%d): remove one to add another.',
							'interlinker'
						),
						MAX_KEYPHRASES
					) }
				</p>
			) }
			<p className="interlinker-editor-keyphrases__help">
				{ __(
					'Other posts that mention one of these phrases get a suggestion to link it here, for an editor to approve. Each post links here once at most, and within the site’s limit of links per post. Up to ten phrases of at most six words; Yoast SEO’s or Rank Math’s focus keyphrase counts too.',
					'interlinker'
				) }
			</p>
		</PanelBody>
	);
}
