<?php
/**
 * The answer of /implement: the implementation as the bridge recorded it, with the plugin's result per suggestion.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Implementation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implement_Answer {

	/**
	 * @param Link_Result[] $results In request order.
	 */
	public function __construct(
		public readonly Implementation $implementation,
		public readonly array $results,
	) {}

	/**
	 * @return array<string, mixed> As the `interlinker-implement-answer` schema describes it.
	 */
	public function to_rest(): array {
		$rest            = $this->implementation->to_rest();
		$rest['results'] = array_map( static fn( Link_Result $result ): array => $result->to_rest(), $this->results );
		return $rest;
	}
}
