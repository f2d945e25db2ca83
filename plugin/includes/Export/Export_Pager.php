<?php
/**
 * Reads a list page by page for an export, never in one unbounded request: pages of the list routes' largest size
 * (100), up to a cap of rows (10,000 by default, filter `interlinker_export_max_rows`). Each page is one bridge call
 * and draws on the user's hourly budget when it applies (contributors, authors), as a list page does; when the
 * budget runs out after the first page, the file ends there and says so.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Export;

use Interlinker\Access\Contributor_Budget;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Export_Pager {

	/** Entries per bridge call: the list routes' largest page (and the bridge's). */
	public const PAGE_SIZE = 100;

	/** Rows an export holds at most by default (filter `interlinker_export_max_rows`). */
	public const DEFAULT_MAX_ROWS = 10000;

	public function __construct( private readonly Contributor_Budget $budget ) {}

	public static function max_rows(): int {
		return max( 1, (int) apply_filters( 'interlinker_export_max_rows', self::DEFAULT_MAX_ROWS ) );
	}

	/**
	 * The rows of a list, page after page, as a CSV document with these columns.
	 *
	 * @param string[]                                     $columns
	 * @param callable(int, int): (Export_Page|WP_Error) $fetch_page Page number (from 1) and page size → the page.
	 */
	public function collect( array $columns, callable $fetch_page ): Csv_Document|WP_Error {
		$max   = self::max_rows();
		$rows  = array();
		$read  = 0;
		$total = 0;
		// Every entry of the list gives at least one row (or is left out): more pages than this cannot fill the cap.
		$pages = (int) ceil( $max / self::PAGE_SIZE );
		for ( $number = 1; $number <= $pages; $number++ ) {
			$allowed = $this->budget->charge();
			if ( is_wp_error( $allowed ) ) {
				return 1 === $number ? $allowed : self::cut_short( $columns, $rows, Csv_Document::CUT_BY_BUDGET, $total );
			}
			$page = $fetch_page( $number, self::PAGE_SIZE );
			if ( is_wp_error( $page ) ) {
				return $page;
			}
			$room = $max - count( $rows );
			if ( count( $page->rows ) > $room ) {
				return self::cut_short( $columns, array_merge( $rows, array_slice( $page->rows, 0, $room ) ), Csv_Document::CUT_BY_CAP, $page->total );
			}
			$rows  = array_merge( $rows, $page->rows );
			$read += $page->read;
			$total = $page->total;
			if ( $page->read < self::PAGE_SIZE || $read >= $total ) {
				return new Csv_Document( $columns, $rows );
			}
		}
		return self::cut_short( $columns, $rows, Csv_Document::CUT_BY_CAP, $total );
	}

	/**
	 * The rows so far, with a last line saying why the file stops there.
	 *
	 * @param string[]                       $columns
	 * @param array<int, array<scalar|null>> $rows
	 * @param int                            $total How many entries the list has in all.
	 */
	private static function cut_short( array $columns, array $rows, string $cut, int $total ): Csv_Document {
		if ( Csv_Document::CUT_BY_BUDGET === $cut ) {
			/* translators: 1: number of rows in the file, 2: number of entries in the list. */
			$note = sprintf( __( '# Cut short after %1$d rows (%2$d entries in the list): your hourly budget of Interlinker requests is used up. Download again next hour for the rest.', 'interlinker' ), count( $rows ), $total );
		} else {
			/* translators: 1: the most rows one export holds, 2: number of entries in the list. */
			$note = sprintf( __( '# Cut short at %1$d rows, the most one export holds (%2$d entries in the list). Narrow the filters to export the rest.', 'interlinker' ), count( $rows ), $total );
		}
		return new Csv_Document( $columns, $rows, $cut, $note );
	}
}
