/**
 * The columns of the suggestions table.
 */
import type { Field } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';

import type { Suggestion, SuggestionStatus } from '../../api/types';
import { AnchorContext } from '../../components/anchor-context';
import { CellLabel } from '../../components/cell-label';
import { PostLinks } from '../../components/post-links';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime, scorePercent } from '../../lib/format';
import { RowReviewButtons } from './review-buttons';

export const STATUS_LABELS: Record< SuggestionStatus, string > = {
	pending: __( 'Pending', 'interlinker' ),
	approved: __( 'Approved', 'interlinker' ),
	rejected: __( 'Rejected', 'interlinker' ),
	implemented: __( 'Implemented', 'interlinker' ),
};

function ScoreMeter( { score }: { score: number } ) {
	const percent = scorePercent( score );
	return (
		<span className="interlinker-score">
			<span className="interlinker-score__bar" aria-hidden="true">
				<span
					className="interlinker-score__fill"
					style={ { width: `${ percent }%` } }
				/>
			</span>
			<span className="interlinker-score__value">
				{
					/* translators: %d: a percentage. */ sprintf(
						__( '%d%%', 'interlinker' ),
						percent
					)
				}
			</span>
		</span>
	);
}

/** What the score is, said next to the table (./score-legend) and in the column's description. */
export const SCORE_MEANING = __(
	'Score: how likely an editor accepts this link, learnt from this site’s links and decisions. Suggestions under the site’s minimum score (Settings) are not shown.',
	'interlinker'
);

export const suggestionFields: Array< Field< Suggestion > > = [
	{
		id: 'source',
		label: __( 'Source', 'interlinker' ),
		getValue: ( { item } ) => item.sourceTitle,
		render: ( { item } ) => (
			<PostLinks
				title={ item.sourceTitle }
				url={ item.sourcePageUrl }
				editLink={ item.sourceEditLink }
			/>
		),
		enableHiding: false,
		enableSorting: false,
	},
	{
		id: 'target',
		label: __( 'Links to', 'interlinker' ),
		getValue: ( { item } ) => item.targetTitle,
		render: ( { item } ) => (
			<>
				<CellLabel>{ __( 'Links to', 'interlinker' ) }</CellLabel>
				<PostLinks
					title={ item.targetTitle }
					url={ item.targetPageUrl }
					editLink={ item.targetEditLink }
				/>
			</>
		),
		enableSorting: false,
	},
	{
		id: 'anchor',
		label: __( 'Anchor in context', 'interlinker' ),
		getValue: ( { item } ) => item.anchorText,
		render: ( { item } ) => (
			<AnchorContext
				context={ item.context }
				anchorText={ item.anchorText }
			/>
		),
		enableSorting: false,
	},
	{
		id: 'relevanceScore',
		label: __( 'Score', 'interlinker' ),
		description: SCORE_MEANING,
		type: 'integer',
		getValue: ( { item } ) => item.relevanceScore,
		render: ( { item } ) => (
			<>
				<CellLabel>{ __( 'Score', 'interlinker' ) }</CellLabel>
				<ScoreMeter score={ item.relevanceScore } />
			</>
		),
		enableSorting: true,
	},
	{
		id: 'status',
		label: __( 'Status', 'interlinker' ),
		getValue: ( { item } ) => item.status,
		render: ( { item } ) => (
			<>
				<CellLabel>{ __( 'Status', 'interlinker' ) }</CellLabel>
				<StatusBadge
					status={ item.status }
					label={ STATUS_LABELS[ item.status ] }
				/>
			</>
		),
		elements: ( Object.keys( STATUS_LABELS ) as SuggestionStatus[] ).map(
			( status ) => ( {
				value: status,
				label: STATUS_LABELS[ status ],
			} )
		),
		filterBy: { operators: [ 'is' ], isPrimary: true },
		enableSorting: false,
	},
	{
		id: 'review',
		label: __( 'Review', 'interlinker' ),
		getValue: ( { item } ) => item.status,
		render: ( { item } ) => <RowReviewButtons item={ item } />,
		enableHiding: false,
		enableSorting: false,
	},
	{
		id: 'createdAt',
		label: __( 'Suggested', 'interlinker' ),
		type: 'datetime',
		getValue: ( { item } ) => item.createdAt ?? '',
		render: ( { item } ) => (
			<span>{ formatDateTime( item.createdAt ) }</span>
		),
		enableSorting: true,
	},
];
