<?php
/**
 * The answer of "Find links to this post": the suggestions of links from other posts to this one, as the current
 * user may see them (a suggestion whose source they may not read is left out and only counted).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Inbound_Suggestions {

	/**
	 * @param int                    $post_id     The target post.
	 * @param string                 $target_url  The URL the bridge knows the post by.
	 * @param Presented_Suggestion[] $suggestions The readable ones, most relevant first.
	 * @param int                    $left_out    How many the user may not read.
	 */
	public function __construct(
		public readonly int $post_id,
		public readonly string $target_url,
		public readonly array $suggestions,
		public readonly int $left_out,
	) {}

	/**
	 * @return array<string, mixed> As the `interlinker-inbound-suggestions` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'postId'        => $this->post_id,
			'targetPageUrl' => $this->target_url,
			'suggestions'   => array_map( static fn( Presented_Suggestion $one ): array => $one->to_rest(), $this->suggestions ),
			'leftOut'       => $this->left_out,
		);
	}
}
