/**
 * A short distribution as horizontal bars with their numbers written beside them: readable with or without the bars.
 */
import { scaled } from '../lib/chart-scale';

export interface DistributionRow {
	label: string;
	value: number;
	/** Marks a row that needs attention (e.g. pages nothing links to). */
	isWarning?: boolean;
}

export function DistributionBars( {
	title,
	rows,
	valueLabel,
}: {
	title: string;
	rows: DistributionRow[];
	valueLabel: ( value: number ) => string;
} ) {
	const top = Math.max( 1, ...rows.map( ( row ) => row.value ) );
	return (
		<figure className="interlinker-distribution">
			<figcaption className="interlinker-chart__title">
				{ title }
			</figcaption>
			<dl>
				{ rows.map( ( row ) => (
					<div
						key={ row.label }
						className={ `interlinker-distribution__row${
							row.isWarning ? ' is-warning' : ''
						}` }
					>
						<dt>{ row.label }</dt>
						<dd>
							<span
								className="interlinker-distribution__bar"
								aria-hidden="true"
							>
								<span
									style={ {
										width: `${ scaled(
											row.value,
											top,
											100
										) }%`,
									} }
								/>
							</span>
							<span className="interlinker-distribution__value">
								{ valueLabel( row.value ) }
							</span>
						</dd>
					</div>
				) ) }
			</dl>
		</figure>
	);
}
