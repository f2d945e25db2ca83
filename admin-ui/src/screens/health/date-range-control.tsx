/**
 * The window the health figures cover: a preset, or two days of the editor's choice.
 */
import { SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type { DateRange } from '../../api/analytics';
import {
	customRange,
	rangeForPreset,
	type RangePreset,
} from '../../lib/date-range';

type Choice = RangePreset | 'custom';

const CHOICES: Array< { value: Choice; label: string } > = [
	{ value: '7d', label: __( 'Last 7 days', 'interlinker' ) },
	{ value: '30d', label: __( 'Last 30 days', 'interlinker' ) },
	{ value: '90d', label: __( 'Last 90 days', 'interlinker' ) },
	{ value: '365d', label: __( 'Last 12 months', 'interlinker' ) },
	{ value: 'custom', label: __( 'Custom range', 'interlinker' ) },
];

export function DateRangeControl( {
	range,
	onChange,
}: {
	range: DateRange;
	onChange: ( range: DateRange ) => void;
} ) {
	const [ choice, setChoice ] = useState< Choice >( '30d' );
	const [ start, setStart ] = useState( range.startDate );
	const [ end, setEnd ] = useState( range.endDate );
	const invalid = choice === 'custom' && customRange( start, end ) === null;

	const choose = ( value: Choice ) => {
		setChoice( value );
		if ( value !== 'custom' ) {
			const next = rangeForPreset( value );
			setStart( next.startDate );
			setEnd( next.endDate );
			onChange( next );
		}
	};
	const setDay = ( which: 'start' | 'end', value: string ) => {
		const nextStart = which === 'start' ? value : start;
		const nextEnd = which === 'end' ? value : end;
		setStart( nextStart );
		setEnd( nextEnd );
		const next = customRange( nextStart, nextEnd );
		if ( next ) {
			onChange( next );
		}
	};

	return (
		<div className="interlinker-range">
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Period', 'interlinker' ) }
				value={ choice }
				options={ CHOICES }
				onChange={ ( value ) => choose( value as Choice ) }
			/>
			{ choice === 'custom' && (
				<>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="date"
						label={ __( 'From', 'interlinker' ) }
						value={ start }
						max={ end }
						onChange={ ( value ) => setDay( 'start', value ) }
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="date"
						label={ __( 'To', 'interlinker' ) }
						value={ end }
						min={ start }
						onChange={ ( value ) => setDay( 'end', value ) }
					/>
				</>
			) }
			{ invalid && (
				<p className="interlinker-range__error" role="alert">
					{ __(
						'Choose a start day on or before the end day.',
						'interlinker'
					) }
				</p>
			) }
		</div>
	);
}
