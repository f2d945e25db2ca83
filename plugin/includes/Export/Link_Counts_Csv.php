<?php
/**
 * The links-per-post report as a CSV file, with the report's search, filter and order: read from this site's
 * database in one bounded query (no bridge call), up to the export cap (filter `interlinker_export_max_rows`).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Export;

use Interlinker\Links\Link_Count_Query;
use Interlinker\Links\Link_Count_Report;
use Interlinker\Links\Link_Count_Row;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Counts_Csv {

	public function __construct( private readonly Link_Count_Report $report ) {}

	/**
	 * @param Link_Count_Query $query Its page and per_page are not used.
	 */
	public function document( Link_Count_Query $query ): Csv_Document {
		$columns = array(
			__( 'Title', 'interlinker' ),
			__( 'URL', 'interlinker' ),
			__( 'Post type', 'interlinker' ),
			__( 'Status', 'interlinker' ),
			__( 'Inbound links', 'interlinker' ),
			__( 'Internal links', 'interlinker' ),
			__( 'External links', 'interlinker' ),
			__( 'Edit link', 'interlinker' ),
		);
		$all     = $this->report->page( new Link_Count_Query( $query->search, $query->orderby, $query->order, $query->filter, $query->links_to, $query->links_from, 1, 0 ) );
		$rows    = array_map(
			static fn( Link_Count_Row $row ): array => array( $row->title, $row->url, $row->post_type, $row->status, $row->inbound, $row->internal, $row->external, $row->edit_link ),
			$all['items']
		);
		$max     = Export_Pager::max_rows();
		if ( count( $rows ) <= $max ) {
			return new Csv_Document( $columns, $rows );
		}
		/* translators: 1: the most rows one export holds, 2: number of entries in the list. */
		$note = sprintf( __( '# Cut short at %1$d rows, the most one export holds (%2$d entries in the list). Narrow the filters to export the rest.', 'interlinker' ), $max, $all['total'] );
		return new Csv_Document( $columns, array_slice( $rows, 0, $max ), Csv_Document::CUT_BY_CAP, $note );
	}
}
