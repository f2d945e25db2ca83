/**
 * One suggested link to the post: which post it would come from, its anchor in context, and a checkbox when the
 * editor may act on it (only whoever may edit the source post can approve, reject or insert its link).
 */
import { CheckboxControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { Suggestion } from '../../api/types';
import { plainTitle, scorePercent, urlPath } from '../../lib/format';
import { STATUS_LABELS } from '../../screens/suggestions/fields';
import { AnchorContext } from '../anchor-context';
import { PostLinks } from '../post-links';

/**
 * Whether the current user may change this suggestion: the plugin gives the source's edit link only to its editors.
 * @param suggestion
 */
export function canActOn( suggestion: Suggestion ): boolean {
	return (
		suggestion.sourceEditLink !== '' &&
		( suggestion.status === 'pending' || suggestion.status === 'approved' )
	);
}

export function sourceName( suggestion: Suggestion ): string {
	return plainTitle(
		suggestion.sourceTitle,
		urlPath( suggestion.sourcePageUrl )
	);
}

export function InboundRow( {
	suggestion,
	checked,
	onToggle,
}: {
	suggestion: Suggestion;
	checked: boolean;
	onToggle: ( checked: boolean ) => void;
} ) {
	const source = sourceName( suggestion );
	const label = sprintf(
		/* translators: 1: anchor text, 2: title of the post the link would be in. */
		__( 'Link “%1$s” in “%2$s”', 'interlinker' ),
		suggestion.anchorText,
		source
	);
	return (
		<li
			className={ `interlinker-inbound__item is-${ suggestion.status }` }
		>
			{ canActOn( suggestion ) ? (
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ label }
					checked={ checked }
					onChange={ onToggle }
				/>
			) : (
				<p className="interlinker-inbound__label">{ label }</p>
			) }
			<p className="interlinker-inbound__context">
				<AnchorContext
					context={ suggestion.context }
					anchorText={ suggestion.anchorText }
				/>
			</p>
			<p className="interlinker-inbound__meta">
				{ sprintf(
					/* translators: 1: status, 2: score percentage. */
					__( '%1$s · score %2$d%%', 'interlinker' ),
					STATUS_LABELS[ suggestion.status ],
					scorePercent( suggestion.relevanceScore )
				) }
			</p>
			<PostLinks
				title={ suggestion.sourceTitle }
				url={ suggestion.sourcePageUrl }
				editLink={ suggestion.sourceEditLink }
			/>
			{ suggestion.sourceEditLink === '' && (
				<p className="interlinker-inbound__note">
					{ sprintf(
						/* translators: %s: post title. */
						__(
							'Only someone who may edit “%s” can approve or add this link.',
							'interlinker'
						),
						source
					) }
				</p>
			) }
		</li>
	);
}
