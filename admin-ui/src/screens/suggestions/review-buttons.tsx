/**
 * The review flow's buttons, labelled and always visible: "Insert link" and "Reject" on each open row, and the same
 * for the ticked rows above the table. Inserting a pending suggestion approves it on the way.
 */
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { Suggestion } from '../../api/types';
import { store } from '../../store';

/**
 * Statuses whose link can still be inserted or rejected.
 * @param item
 */
export function isOpen( item: Suggestion ): boolean {
	return item.status === 'pending' || item.status === 'approved';
}

function useReview() {
	const { implementSuggestions, setSuggestionsStatus } = useDispatch( store );
	const saving = useSelect(
		( select ) => select( store ).getSuggestionsSaving(),
		[]
	);
	// Any status change under way may be one an insert needs; nothing is inserted while an insert runs.
	const isUnderWay = useSelect(
		( select ) => select( store ).isReviewUnderWay(),
		[]
	);
	return {
		insert: ( ids: string[] ) => void implementSuggestions( ids ),
		reject: ( ids: string[] ) =>
			void setSuggestionsStatus( ids, 'rejected' ),
		isSaving: ( id: string ) => Boolean( saving[ id ] ),
		isUnderWay,
	};
}

/**
 * One row's buttons. A click on them must not reach the row, which DataViews selects on click.
 * @param root0
 * @param root0.item
 */
export function RowReviewButtons( { item }: { item: Suggestion } ) {
	const { insert, reject, isSaving, isUnderWay } = useReview();
	if ( ! isOpen( item ) ) {
		return null;
	}
	const about = sprintf(
		/* translators: 1: anchor text, 2: source post title. */
		__( '“%1$s” in %2$s', 'interlinker' ),
		item.anchorText,
		item.sourceTitle
	);
	return (
		// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- only keeps the click from selecting the row; the buttons inside handle keys.
		<div
			className="interlinker-review-buttons"
			onClick={ ( event ) => event.stopPropagation() }
		>
			<Button
				variant="primary"
				size="compact"
				disabled={ isUnderWay }
				accessibleWhenDisabled
				aria-label={ sprintf(
					/* translators: %s: the link, e.g. “anchor” in Post title. */
					__( 'Insert link %s', 'interlinker' ),
					about
				) }
				onClick={ () => insert( [ item.id ] ) }
			>
				{ __( 'Insert link', 'interlinker' ) }
			</Button>
			<Button
				variant="secondary"
				size="compact"
				disabled={ isSaving( item.id ) }
				accessibleWhenDisabled
				aria-label={ sprintf(
					/* translators: %s: the link, e.g. “anchor” in Post title. */
					__( 'Reject %s', 'interlinker' ),
					about
				) }
				onClick={ () => reject( [ item.id ] ) }
			>
				{ __( 'Reject', 'interlinker' ) }
			</Button>
		</div>
	);
}

/**
 * What the ticked rows can do, and which rows of how many the page shows ("1–20 of 450").
 * @param root0
 * @param root0.items     The rows of this page.
 * @param root0.selection Ticked ids.
 * @param root0.onDone    Called once the ticked rows were sent (to clear the ticks).
 * @param root0.firstRow  Number of this page's first row (1-based).
 * @param root0.total     Rows in the whole list.
 */
export function SelectionReviewBar( {
	items,
	selection,
	onDone,
	firstRow,
	total,
}: {
	items: Suggestion[];
	selection: string[];
	onDone: () => void;
	firstRow: number;
	total: number;
} ) {
	const { insert, reject, isSaving, isUnderWay } = useReview();
	const ticked = items.filter(
		( item ) => selection.includes( item.id ) && isOpen( item )
	);
	const ids = ticked.map( ( item ) => item.id );
	const anySaving = ids.some( isSaving );
	const lastRow = firstRow + items.length - 1;
	return (
		<div className="interlinker-review-bar">
			<span className="interlinker-review-bar__range">
				{ total > 0 &&
					sprintf(
						/* translators: 1: first row shown, 2: last row shown, 3: rows in all. */
						__( '%1$d–%2$d of %3$d', 'interlinker' ),
						firstRow,
						lastRow,
						total
					) }
				{ ids.length > 0 &&
					' · ' +
						sprintf(
							/* translators: %d: number of ticked suggestions. */
							_n(
								'%d ticked',
								'%d ticked',
								ids.length,
								'interlinker'
							),
							ids.length
						) }
			</span>
			<span className="interlinker-review-bar__actions">
				<Button
					variant="primary"
					disabled={ ids.length === 0 || isUnderWay }
					accessibleWhenDisabled
					onClick={ () => {
						insert( ids );
						onDone();
					} }
				>
					{ ids.length > 0
						? sprintf(
								/* translators: %d: number of links. */
								_n(
									'Insert selected link (%d)',
									'Insert selected links (%d)',
									ids.length,
									'interlinker'
								),
								ids.length
						  )
						: __( 'Insert selected links', 'interlinker' ) }
				</Button>
				<Button
					variant="secondary"
					disabled={ ids.length === 0 || anySaving }
					accessibleWhenDisabled
					onClick={ () => {
						reject( ids );
						onDone();
					} }
				>
					{ __( 'Reject selected', 'interlinker' ) }
				</Button>
			</span>
		</div>
	);
}
