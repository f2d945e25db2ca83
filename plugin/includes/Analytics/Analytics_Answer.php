<?php
/**
 * One analytics report as the route answers it: the data, and for the paged reports the bridge's total.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Analytics;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Analytics_Answer {

	/**
	 * @param mixed    $data  The report as the route answers it: the bridge's, or for a paged report its items as
	 *                         Orphan_Page or Broken_Link::to_rest() shapes them.
	 * @param int|null $total How many items the report has in all; null for a report that is not paged.
	 */
	public function __construct(
		public readonly mixed $data,
		public readonly ?int $total = null,
	) {}

	public function is_paged(): bool {
		return null !== $this->total;
	}
}
