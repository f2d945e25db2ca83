<?php
/**
 * One implementation as the details screen shows it: the bridge's record, the posts it changed on this site, and
 * its suggestions as the site presents them.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Implementation;
use Interlinker\Suggestions\Presented_Suggestion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Detailed_Implementation {

	/**
	 * @param Changed_Post[]         $posts
	 * @param Presented_Suggestion[] $suggestions The ones the current user may read.
	 */
	public function __construct(
		public readonly Implementation $implementation,
		public readonly array $posts,
		public readonly array $suggestions,
	) {}

	/**
	 * @return array<string, mixed> As the `interlinker-implementation-details` schema describes it.
	 */
	public function to_rest(): array {
		return $this->implementation->to_rest() + array(
			'posts'       => array_map( static fn( Changed_Post $post ): array => $post->to_rest(), $this->posts ),
			'suggestions' => array_map( static fn( Presented_Suggestion $one ): array => $one->to_rest(), $this->suggestions ),
		);
	}
}
