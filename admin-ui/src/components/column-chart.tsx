/**
 * Columns over time, drawn in plain SVG. The picture is for the eye; the same numbers are always in a table that a
 * button reveals (and that screen readers can reach), so nothing is only in the drawing.
 */
import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { axis, scaled } from '../lib/chart-scale';

export interface ChartSeries {
	key: string;
	label: string;
}

export interface ChartPoint {
	/** Shown in the table and the column's tooltip. */
	label: string;
	/** Shown under the column, when shorter than `label`. */
	axisLabel?: string;
	values: Record< string, number >;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

function Columns( {
	series,
	points,
	top,
	tickValues,
}: {
	series: ChartSeries[];
	points: ChartPoint[];
	top: number;
	tickValues: number[];
} ) {
	const plotWidth = WIDTH - PAD.left - PAD.right;
	const plotHeight = HEIGHT - PAD.top - PAD.bottom;
	const slot = plotWidth / Math.max( 1, points.length );
	const columnWidth = Math.max( 1, ( slot * 0.8 ) / series.length );
	// At most about 8 labels under the axis, so that they never overlap.
	const labelEvery = Math.max( 1, Math.ceil( points.length / 8 ) );
	return (
		<svg
			className="interlinker-chart__svg"
			viewBox={ `0 0 ${ WIDTH } ${ HEIGHT }` }
			aria-hidden="true"
			focusable="false"
		>
			{ tickValues.map( ( tick ) => {
				const y =
					PAD.top + plotHeight - scaled( tick, top, plotHeight );
				return (
					<g key={ tick } className="interlinker-chart__grid">
						<line
							x1={ PAD.left }
							x2={ WIDTH - PAD.right }
							y1={ y }
							y2={ y }
						/>
						<text x={ PAD.left - 6 } y={ y + 4 } textAnchor="end">
							{ tick.toLocaleString() }
						</text>
					</g>
				);
			} ) }
			{ points.map( ( point, index ) => {
				const slotX = PAD.left + index * slot + slot * 0.1;
				return (
					<g key={ point.label }>
						{ series.map( ( entry, seriesIndex ) => {
							const value = point.values[ entry.key ] ?? 0;
							const height = scaled( value, top, plotHeight );
							return (
								<rect
									key={ entry.key }
									className={ `interlinker-chart__column interlinker-chart__column--${ seriesIndex }` }
									x={ slotX + seriesIndex * columnWidth }
									y={ PAD.top + plotHeight - height }
									width={ Math.max( 1, columnWidth - 1 ) }
									height={ height }
								>
									<title>{ `${ point.label } · ${ entry.label }: ${ value }` }</title>
								</rect>
							);
						} ) }
						{ index % labelEvery === 0 && (
							<text
								className="interlinker-chart__label"
								x={ slotX + ( slot * 0.8 ) / 2 }
								y={ HEIGHT - 8 }
								textAnchor="middle"
							>
								{ point.axisLabel ?? point.label }
							</text>
						) }
					</g>
				);
			} ) }
		</svg>
	);
}

export function ColumnChart( {
	title,
	summary,
	series,
	points,
	rowHeader = __( 'Day', 'interlinker' ),
}: {
	title: string;
	/** One sentence that says what the chart shows, read before the table. */
	summary: string;
	series: ChartSeries[];
	points: ChartPoint[];
	/** Heads the table's first column: what each point is (a day, a week, a month). */
	rowHeader?: string;
} ) {
	const [ showTable, setShowTable ] = useState( false );
	const scale = axis(
		Math.max(
			0,
			...points.flatMap( ( point ) =>
				series.map( ( entry ) => point.values[ entry.key ] ?? 0 )
			)
		)
	);
	const tableId = `interlinker-chart-table-${ title
		.replace( /\W+/g, '-' )
		.toLowerCase() }`;
	return (
		<figure className="interlinker-chart">
			<figcaption className="interlinker-chart__caption">
				<span className="interlinker-chart__title">{ title }</span>
				<span className="interlinker-chart__summary">{ summary }</span>
			</figcaption>
			<ul className="interlinker-chart__legend">
				{ series.map( ( entry, index ) => (
					<li key={ entry.key }>
						<span
							className={ `interlinker-chart__swatch interlinker-chart__column--${ index }` }
							aria-hidden="true"
						/>
						{ entry.label }
					</li>
				) ) }
			</ul>
			<Columns
				series={ series }
				points={ points }
				top={ scale.top }
				tickValues={ scale.ticks }
			/>
			<Button
				variant="link"
				aria-expanded={ showTable }
				aria-controls={ tableId }
				onClick={ () => setShowTable( ! showTable ) }
			>
				{ showTable
					? __( 'Hide the numbers', 'interlinker' )
					: __( 'Show the numbers as a table', 'interlinker' ) }
			</Button>
			{ /* Hidden from sight, not from screen readers. The wrapper is what hides it: a table ignores the 1px height
			of screen-reader-text and would still make the page longer. */ }
			<div
				id={ tableId }
				className={ showTable ? undefined : 'screen-reader-text' }
			>
				<table className="widefat striped interlinker-chart__table">
					<caption className="screen-reader-text">{ title }</caption>
					<thead>
						<tr>
							<th scope="col">{ rowHeader }</th>
							{ series.map( ( entry ) => (
								<th scope="col" key={ entry.key }>
									{ entry.label }
								</th>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ points.map( ( point ) => (
							<tr key={ point.label }>
								<th scope="row">{ point.label }</th>
								{ series.map( ( entry ) => (
									<td key={ entry.key }>
										{ point.values[ entry.key ] ?? 0 }
									</td>
								) ) }
							</tr>
						) ) }
					</tbody>
				</table>
			</div>
		</figure>
	);
}
