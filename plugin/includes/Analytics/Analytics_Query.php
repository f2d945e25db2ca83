<?php
/**
 * What an analytics route was asked for: a date range, a page, or neither (null dates and 0 per_page: not given).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Analytics;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Analytics_Query {

	public function __construct(
		public readonly ?string $start_date = null,
		public readonly ?string $end_date = null,
		public readonly int $page = 1,
		public readonly int $per_page = 0,
	) {}

	/**
	 * The bridge's query: the dates given, and limit / offset when a page was asked for.
	 *
	 * @return array<string, scalar>
	 */
	public function to_bridge(): array {
		$query = array_filter(
			array(
				'startDate' => $this->start_date,
				'endDate'   => $this->end_date,
			),
			static fn( ?string $date ): bool => null !== $date
		);
		if ( $this->per_page > 0 ) {
			$query['limit']  = $this->per_page;
			$query['offset'] = ( $this->page - 1 ) * $this->per_page;
		}
		return $query;
	}
}
