/**
 * Which content takes part: post types, excluded categories and paths, and how many links a post may receive.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	CheckboxControl,
	FormTokenField,
	TextControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type { Settings } from '../../api/types';
import { useCategories } from '../../hooks/use-categories';
import { plainTitle } from '../../lib/format';
import { store } from '../../store';
import {
	categoryIdsFromNames,
	categoryNamesFromIds,
	normalisePathPrefixes,
} from './exclusions';
import { NoSuggestionsPosts } from './no-suggestions-posts';

export function ContentPanel( { settings }: { settings: Settings } ) {
	const categories = useCategories().map( ( category ) => ( {
		...category,
		name: plainTitle( category.name ),
	} ) );
	const [ postTypes, setPostTypes ] = useState( settings.postTypes );
	const [ categoryIds, setCategoryIds ] = useState(
		settings.excludedCategories
	);
	const [ paths, setPaths ] = useState( settings.excludedPaths );
	const [ maxLinks, setMaxLinks ] = useState( settings.maxLinksPerPost );
	const { saveSettings } = useDispatch( store );
	const isSaving = useSelect(
		( select ) => select( store ).isBusy( 'saveSettings' ),
		[]
	);

	const togglePostType = ( slug: string, checked: boolean ) =>
		setPostTypes( ( current ) =>
			checked
				? [ ...current, slug ]
				: current.filter( ( type ) => type !== slug )
		);

	return (
		<Card className="interlinker-panel">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Content', 'interlinker' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<form
					className="interlinker-form"
					onSubmit={ ( event ) => {
						event.preventDefault();
						void saveSettings( {
							postTypes,
							excludedCategories: categoryIds,
							excludedPaths: normalisePathPrefixes( paths ),
							maxLinksPerPost: maxLinks,
						} );
					} }
				>
					<fieldset className="interlinker-fieldset">
						<legend>
							{ __(
								'Post types that get and give links',
								'interlinker'
							) }
						</legend>
						{ settings.availablePostTypes.map( ( type ) => (
							<CheckboxControl
								__nextHasNoMarginBottom
								key={ type.slug }
								label={ plainTitle( type.label ) }
								checked={ postTypes.includes( type.slug ) }
								onChange={ ( checked ) =>
									togglePostType( type.slug, checked )
								}
							/>
						) ) }
					</fieldset>
					<FormTokenField
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __(
							'Leave out posts in these categories',
							'interlinker'
						) }
						value={ categoryNamesFromIds(
							categoryIds,
							categories
						) }
						suggestions={ categories.map(
							( category ) => category.name
						) }
						onChange={ ( tokens ) =>
							setCategoryIds(
								categoryIdsFromNames( tokens, categories )
							)
						}
						__experimentalExpandOnFocus
						__experimentalValidateInput={ ( name ) =>
							categories.some(
								( category ) => category.name === name
							)
						}
					/>
					<FormTokenField
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __(
							'Leave out pages whose address starts with',
							'interlinker'
						) }
						value={ paths }
						onChange={ ( tokens ) =>
							setPaths(
								tokens.map( ( token ) =>
									typeof token === 'string'
										? token
										: token.value
								)
							)
						}
					/>
					<p className="description">
						{ __( 'For example /shop/ or /tag/.', 'interlinker' ) }
					</p>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="number"
						label={ __(
							'Most links to insert into one post',
							'interlinker'
						) }
						min={ 1 }
						max={ 50 }
						value={ String( maxLinks ) }
						onChange={ ( value ) =>
							setMaxLinks(
								Math.min(
									50,
									Math.max(
										1,
										Number.parseInt( value, 10 ) || 1
									)
								)
							)
						}
					/>
					<Button
						variant="primary"
						type="submit"
						isBusy={ isSaving }
						disabled={ isSaving }
						accessibleWhenDisabled
					>
						{ __( 'Save content settings', 'interlinker' ) }
					</Button>
				</form>
				<NoSuggestionsPosts />
			</CardBody>
		</Card>
	);
}
