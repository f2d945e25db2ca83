/**
 * What the bridge proposes: the lowest score, how many suggestions per post, and words never used as link text.
 * The bridge project gets them, and finds suggestions again for every post when one changes.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	CheckboxControl,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Settings } from '../../api/types';
import { store } from '../../store';
import { ignoredWordsProblem, ignoredWordsFromText } from './ignored-words';

function clamp( value: string, min: number, max: number ): number {
	return Math.min( max, Math.max( min, Number.parseInt( value, 10 ) || min ) );
}

export function SuggestionSettingsPanel( { settings }: { settings: Settings } ) {
	const [ automatic, setAutomatic ] = useState(
		settings.minRelevanceScore === null
	);
	const [ minScore, setMinScore ] = useState(
		settings.minRelevanceScore ?? 50
	);
	const [ perPost, setPerPost ] = useState( settings.suggestionsPerPage );
	const [ wordsText, setWordsText ] = useState(
		settings.ignoredWords.join( '\n' )
	);
	const { saveSettings } = useDispatch( store );
	const isSaving = useSelect(
		( select ) => select( store ).isBusy( 'saveSettings' ),
		[]
	);
	const words = ignoredWordsFromText( wordsText );
	const wordsProblem = ignoredWordsProblem( words );

	return (
		<Card className="interlinker-panel" id="interlinker-suggestion-settings">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Suggestions', 'interlinker' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<form
					className="interlinker-form"
					onSubmit={ ( event ) => {
						event.preventDefault();
						if ( wordsProblem ) {
							return;
						}
						void saveSettings( {
							minRelevanceScore: automatic ? null : minScore,
							suggestionsPerPage: perPost,
							ignoredWords: words,
						} );
					} }
				>
					<fieldset className="interlinker-fieldset">
						<legend>{ __( 'Minimum score', 'interlinker' ) }</legend>
						<p className="description">
							{ __(
								'Each suggestion has a score from 0 to 100%: how sure the bridge is that the link helps a reader (the words around the anchor match what the target post is about). Suggestions below the minimum are not proposed.',
								'interlinker'
							) }
						</p>
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ __( 'Automatic', 'interlinker' ) }
							help={ __(
								'The score calibrated for this site: the bridge sets it from how your posts link to each other, and adjusts it as editors approve and reject suggestions.',
								'interlinker'
							) }
							checked={ automatic }
							onChange={ setAutomatic }
						/>
						{ ! automatic && (
							<TextControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								type="number"
								label={ __(
									'Lowest score, in percent',
									'interlinker'
								) }
								help={ sprintf(
									/* translators: %d: a percentage. */
									__(
										'Only suggestions scoring %d%% or more are proposed. Higher means fewer, surer suggestions.',
										'interlinker'
									),
									minScore
								) }
								min={ 0 }
								max={ 100 }
								value={ String( minScore ) }
								onChange={ ( value ) =>
									setMinScore( clamp( value, 0, 100 ) )
								}
							/>
						) }
					</fieldset>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="number"
						label={ __( 'Suggestions per post', 'interlinker' ) }
						help={ __(
							'The most suggestions the bridge proposes for one post (1 to 50).',
							'interlinker'
						) }
						min={ 1 }
						max={ 50 }
						value={ String( perPost ) }
						onChange={ ( value ) =>
							setPerPost( clamp( value, 1, 50 ) )
						}
					/>
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __(
							'Never use these words as link text',
							'interlinker'
						) }
						help={
							wordsProblem ??
							__(
								'One word or phrase per line (at most 200, each up to 60 characters). A suggestion whose link text contains one of them, in any case, is not proposed.',
								'interlinker'
							)
						}
						className={ wordsProblem ? 'has-error' : undefined }
						rows={ 5 }
						value={ wordsText }
						onChange={ setWordsText }
					/>
					<p className="description">
						{ __(
							'Saving a change here makes the bridge find suggestions again for every post, in the background.',
							'interlinker'
						) }
					</p>
					<Button
						variant="primary"
						type="submit"
						isBusy={ isSaving }
						disabled={ isSaving || wordsProblem !== null }
						accessibleWhenDisabled
					>
						{ __( 'Save suggestion settings', 'interlinker' ) }
					</Button>
				</form>
			</CardBody>
		</Card>
	);
}
