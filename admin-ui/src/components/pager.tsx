/**
 * Previous / next for the short lists of the health screen.
 */
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { ButtonRow } from './button-row';

export function Pager( {
	page,
	totalPages,
	onChange,
	label,
}: {
	page: number;
	totalPages: number;
	onChange: ( page: number ) => void;
	label: string;
} ) {
	if ( totalPages <= 1 ) {
		return null;
	}
	return (
		<nav aria-label={ label }>
			<ButtonRow className="interlinker-pager">
				<Button
					variant="secondary"
					size="compact"
					disabled={ page <= 1 }
					accessibleWhenDisabled
					onClick={ () => onChange( page - 1 ) }
				>
					{ __( 'Previous', 'interlinker' ) }
				</Button>
				<span>
					{
						/* translators: 1: current page, 2: number of pages. */ sprintf(
							__( 'Page %1$d of %2$d', 'interlinker' ),
							page,
							totalPages
						)
					}
				</span>
				<Button
					variant="secondary"
					size="compact"
					disabled={ page >= totalPages }
					accessibleWhenDisabled
					onClick={ () => onChange( page + 1 ) }
				>
					{ __( 'Next', 'interlinker' ) }
				</Button>
			</ButtonRow>
		</nav>
	);
}
