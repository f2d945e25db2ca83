<?php
/**
 * The content after insertion, what went in, and why the rest did not.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Insertion_Result {

	/**
	 * @param string                      $content  Content with the links in it.
	 * @param Inserted_Link[]             $inserted In document order.
	 * @param array<string, Link_Failure> $failures Suggestion id → why not.
	 */
	public function __construct(
		public readonly string $content,
		public readonly array $inserted,
		public readonly array $failures,
	) {}
}
