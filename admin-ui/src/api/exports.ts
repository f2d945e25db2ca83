/**
 * The plugin's CSV downloads (GET /exports/…): what each list shows, with the same filters, as a file.
 */
import type { ImplementationQuery } from './implementations';
import { linkCountArgs, type LinkCountQuery } from './link-counts';
import { NAMESPACE, type QueryArgs, requestFile } from './request';
import { suggestionFilterArgs, type SuggestionQuery } from './suggestions';

export type ExportKind =
	| 'suggestions'
	| 'implementations'
	| 'broken-links'
	| 'orphans'
	| 'link-counts';

/** Why a file stops short (X-Interlinker-Export-Cut): the row cap, or the user's hourly budget. */
export type ExportCut = 'cap' | 'budget';

export interface CsvExport {
	blob: Blob;
	filename: string;
	/** Rows in the file, besides its header (and the last line saying why it stops short). */
	rows: number;
	cut: ExportCut | null;
}

/** The filters of one export, as the list they come from holds them. */
export type ExportFilters =
	| {
			kind: 'suggestions';
			query: Omit< SuggestionQuery, 'page' | 'perPage' >;
	  }
	| {
			kind: 'implementations';
			query: Omit< ImplementationQuery, 'page' | 'perPage' >;
	  }
	| { kind: 'broken-links' }
	| { kind: 'orphans' }
	| {
			kind: 'link-counts';
			query: Omit< LinkCountQuery, 'page' | 'perPage' >;
	  };

function argsOf( filters: ExportFilters ): QueryArgs {
	switch ( filters.kind ) {
		case 'suggestions':
			return suggestionFilterArgs( filters.query );
		case 'implementations':
			return { status: filters.query.status };
		case 'link-counts':
			return linkCountArgs( filters.query );
		default:
			return {};
	}
}

function cutOf( value: string | null ): ExportCut | null {
	return value === 'cap' || value === 'budget' ? value : null;
}

export async function downloadExport(
	filters: ExportFilters
): Promise< CsvExport > {
	const file = await requestFile(
		`${ NAMESPACE }/exports/${ filters.kind }`,
		argsOf( filters ),
		`interlinker-${ filters.kind }.csv`
	);
	const rows = Number.parseInt(
		file.headers.get( 'X-Interlinker-Export-Rows' ) ?? '',
		10
	);
	return {
		blob: file.blob,
		filename: file.filename,
		rows: Number.isFinite( rows ) ? rows : 0,
		cut: cutOf( file.headers.get( 'X-Interlinker-Export-Cut' ) ),
	};
}
