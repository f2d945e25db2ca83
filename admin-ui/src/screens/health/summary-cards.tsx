/**
 * The analytics groups as cards: suggestions, implementations, pages and links.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { AnalyticsSummary } from '../../api/types';

interface Figure {
	label: string;
	value: number;
	isWarning?: boolean;
}

function StatCard( {
	title,
	main,
	figures,
}: {
	title: string;
	main: Figure;
	figures: Figure[];
} ) {
	return (
		<Card className="interlinker-stat" size="small">
			<CardHeader>
				<h2 className="interlinker-card-title">{ title }</h2>
			</CardHeader>
			<CardBody>
				<p className="interlinker-stat__main">
					<span className="interlinker-stat__number">
						{ main.value.toLocaleString() }
					</span>{ ' ' }
					<span className="interlinker-stat__label">
						{ main.label }
					</span>
				</p>
				<dl className="interlinker-stat__figures">
					{ figures.map( ( figure ) => (
						<div
							key={ figure.label }
							className={
								figure.isWarning && figure.value > 0
									? 'is-warning'
									: undefined
							}
						>
							<dt>{ figure.label }</dt>
							<dd>{ figure.value.toLocaleString() }</dd>
						</div>
					) ) }
				</dl>
			</CardBody>
		</Card>
	);
}

export function SummaryCards( { summary }: { summary: AnalyticsSummary } ) {
	return (
		<div className="interlinker-stats">
			<StatCard
				title={ __( 'Suggestions', 'interlinker' ) }
				main={ {
					label: __( 'made in this period', 'interlinker' ),
					value: summary.suggestions.total,
				} }
				figures={ [
					{
						label: __( 'Waiting for review', 'interlinker' ),
						value: summary.suggestions.pending,
					},
					{
						label: __( 'Approved', 'interlinker' ),
						value: summary.suggestions.approved,
					},
					{
						label: __( 'Implemented', 'interlinker' ),
						value: summary.suggestions.implemented,
					},
				] }
			/>
			<StatCard
				title={ __( 'Implementations', 'interlinker' ) }
				main={ {
					label: __( 'in this period', 'interlinker' ),
					value: summary.implementations.total,
				} }
				figures={ [
					// Successful counts only implementations whose links are still in place: an undone one is
					// counted under Undone instead.
					{
						label: __( 'Successful', 'interlinker' ),
						value: summary.implementations.successful,
					},
					{
						label: __( 'Failed', 'interlinker' ),
						value: summary.implementations.failed,
						isWarning: true,
					},
					...( summary.implementations.rolledBack > 0
						? [
								{
									label: __( 'Undone', 'interlinker' ),
									value: summary.implementations.rolledBack,
								},
						  ]
						: [] ),
				] }
			/>
			<StatCard
				title={ __( 'Pages', 'interlinker' ) }
				main={ {
					label: __( 'known to Interlinker', 'interlinker' ),
					value: summary.pages.total,
				} }
				figures={ [
					{
						label: __( 'Read by Interlinker', 'interlinker' ),
						value: summary.pages.synced,
					},
					{
						label: __(
							'Linked to, but not read by Interlinker yet',
							'interlinker'
						),
						value: summary.pages.pending,
					},
				] }
			/>
			<StatCard
				title={ __( 'Internal links', 'interlinker' ) }
				main={ {
					label: __( 'in your content', 'interlinker' ),
					value: summary.links.total,
				} }
				figures={ [
					{
						label: __( 'Working', 'interlinker' ),
						value: summary.links.active,
					},
					{
						label: __( 'Broken', 'interlinker' ),
						value: summary.links.broken,
						isWarning: true,
					},
					// The rest of the total, so that the figures add up; only when there are some.
					...( summary.links.redirected > 0
						? [
								{
									label: __( 'Redirected', 'interlinker' ),
									value: summary.links.redirected,
								},
						  ]
						: [] ),
					...( summary.links.unresolved > 0
						? [
								{
									label: __(
										'To pages Interlinker has not read yet',
										'interlinker'
									),
									value: summary.links.unresolved,
								},
						  ]
						: [] ),
				] }
			/>
		</div>
	);
}
