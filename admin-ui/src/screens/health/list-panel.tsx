/**
 * The frame every Link health list sits in: a titled card with its "Download CSV" button, a line saying what the
 * list holds, and the list itself, dimmed while a newer answer loads.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import type { ReactNode } from 'react';

import type { ExportFilters } from '../../api/exports';
import { DownloadCsvButton } from '../../components/download-csv-button';

export function ListPanel( {
	title,
	description,
	exportFilters,
	className,
	isStale = false,
	children,
}: {
	title: string;
	description: string;
	exportFilters: ExportFilters;
	className?: string;
	/** True while the list shown is the previous answer and a newer one loads. */
	isStale?: boolean;
	children: ReactNode;
} ) {
	const classes = [ 'interlinker-panel', className, isStale && 'is-stale' ]
		.filter( Boolean )
		.join( ' ' );
	return (
		<Card className={ classes } aria-busy={ isStale }>
			<CardHeader>
				<h2 className="interlinker-card-title">{ title }</h2>
				<DownloadCsvButton
					filters={ exportFilters }
					listName={ title }
				/>
			</CardHeader>
			<CardBody>
				<p className="description">{ description }</p>
				{ children }
			</CardBody>
		</Card>
	);
}
