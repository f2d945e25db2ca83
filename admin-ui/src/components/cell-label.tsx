/**
 * A cell's column name, shown only where a table's rows are stacked (narrow screens), where no header row is.
 */
import type { ReactNode } from 'react';

export function CellLabel( { children }: { children: ReactNode } ) {
	return (
		<span className="interlinker-cell-label" aria-hidden="true">
			{ children }
		</span>
	);
}
