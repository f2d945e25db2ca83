<?php
/**
 * One page of a list read for an export: the CSV rows it gave, how many of the list's entries it read (a page whose
 * entries the user may not read gives fewer rows; an implementation gives one row per link), and the list's total.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Export_Page {

	/**
	 * @param array<int, array<scalar|null>> $rows  The page's CSV rows.
	 * @param int                            $read  How many entries of the list this page read.
	 * @param int                            $total How many entries the list has in all.
	 */
	public function __construct(
		public readonly array $rows,
		public readonly int $read,
		public readonly int $total,
	) {}
}
