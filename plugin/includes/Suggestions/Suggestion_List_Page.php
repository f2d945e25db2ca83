<?php
/**
 * One page of suggestions as the current user may see it: the bridge's page without the suggestions the user may
 * not read, how many the bridge matched in all, and how many this page left out.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion_List_Page {

	/**
	 * @param Presented_Suggestion[] $items    The readable suggestions.
	 * @param int                    $matched  How many suggestions the bridge matched, on every page, before the per-user check.
	 * @param int                    $left_out How many suggestions of this page the user may not read.
	 */
	public function __construct(
		public readonly array $items,
		public readonly int $matched,
		public readonly int $left_out = 0,
	) {}
}
