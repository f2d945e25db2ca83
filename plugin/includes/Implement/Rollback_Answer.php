<?php
/**
 * The answer of /rollback: the implementation after rollback, as the bridge recorded it, with what the rollback
 * did to each post.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Implementation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Rollback_Answer {

	/**
	 * @param Rollback_Post_Result[] $results One per post.
	 */
	public function __construct(
		public readonly Implementation $implementation,
		public readonly array $results,
	) {}

	/**
	 * @return array<string, mixed> As the `interlinker-rollback-answer` schema describes it.
	 */
	public function to_rest(): array {
		$rest            = $this->implementation->to_rest();
		$rest['results'] = array_map( static fn( Rollback_Post_Result $result ): array => $result->to_rest(), $this->results );
		return $rest;
	}
}
