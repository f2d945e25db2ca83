/**
 * A search box that shows every keystroke at once and asks for the list 300 ms after the last one.
 */
import { TextControl } from '@wordpress/components';
import { useDebounce } from '@wordpress/compose';
import { useState } from '@wordpress/element';

export function SearchField( {
	label,
	initialValue = '',
	onSearch,
}: {
	label: string;
	initialValue?: string;
	/** Must keep its identity for the component's life (useCallback): a new one would cancel the call under way. */
	onSearch: ( value: string ) => void;
} ) {
	const [ value, setValue ] = useState( initialValue );
	const debouncedSearch = useDebounce( onSearch, 300 );
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			type="search"
			label={ label }
			value={ value }
			onChange={ ( next ) => {
				setValue( next );
				debouncedSearch( next );
			} }
		/>
	);
}
