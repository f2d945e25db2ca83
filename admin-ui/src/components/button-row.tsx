/**
 * A row of buttons with wp-admin's spacing, at the start of its box or, for dialogs, at the end.
 */
import type { ReactNode } from 'react';

export function ButtonRow( {
	align = 'start',
	className = '',
	children,
}: {
	align?: 'start' | 'end';
	className?: string;
	children: ReactNode;
} ) {
	return (
		<div
			className={ `interlinker-button-row is-${ align } ${ className }`.trim() }
		>
			{ children }
		</div>
	);
}
