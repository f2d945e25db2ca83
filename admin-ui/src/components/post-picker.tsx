/**
 * Pick one post by typing part of its title.
 */
import { ComboboxControl } from '@wordpress/components';
import { useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type { PostSearchResult } from '../api/types';
import { usePostSearch } from '../hooks/use-post-search';
import { plainTitle } from '../lib/format';

export interface PickedPost {
	id: number;
	title: string;
}

export function PostPicker( {
	label,
	value,
	onChange,
	help,
}: {
	label: string;
	value: PickedPost | null;
	onChange: ( post: PickedPost | null ) => void;
	help?: string;
} ) {
	const [ search, setSearch ] = useState( '' );
	const { results } = usePostSearch( search );
	const options = useMemo( () => {
		const found = results.map( ( post: PostSearchResult ) => ( {
			value: String( post.id ),
			label: `${ plainTitle( post.title ) } (${ post.subtype })`,
		} ) );
		// Keep the chosen post among the options so the field can show it after a new search.
		if (
			value &&
			! found.some( ( option ) => option.value === String( value.id ) )
		) {
			found.unshift( { value: String( value.id ), label: value.title } );
		}
		return found;
	}, [ results, value ] );

	return (
		<ComboboxControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			help={
				help ??
				__( 'Type part of a title to find the post.', 'interlinker' )
			}
			value={ value ? String( value.id ) : null }
			options={ options }
			onFilterValueChange={ setSearch }
			onChange={ ( picked ) => {
				const option = options.find(
					( candidate ) => candidate.value === picked
				);
				const chosen = results.find(
					( post ) => String( post.id ) === picked
				);
				onChange(
					option && picked
						? {
								id: Number( picked ),
								title: chosen
									? plainTitle( chosen.title )
									: option.label,
						  }
						: null
				);
			} }
		/>
	);
}
