<?php
/**
 * The links implementations put into one post that are still in it (their marker is in the stored content), so
 * that the block editor's sidebar can offer to undo each of them, whenever it was inserted.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Html\Link_Inserter;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Links_In_Post {

	/**
	 * Newest implementation first; within one, in the order of the post.
	 *
	 * @return array<int, array{implementationId: string, suggestionId: string, anchorText: string, href: string, insertedAt: string}>
	 */
	public function of( WP_Post $post ): array {
		$links = array();
		foreach ( (array) get_post_meta( $post->ID, Implementation_Records::META_RECORD ) as $record ) {
			if ( ! is_array( $record ) || ! isset( $record['implementationId'], $record['links'] ) || ! is_array( $record['links'] ) ) {
				continue;
			}
			foreach ( $record['links'] as $link ) {
				$suggestion_id = (string) ( $link['suggestionId'] ?? '' );
				// A link an undo, a later rollback or the editor took out is no longer to be undone.
				if ( '' === $suggestion_id || ! str_contains( $post->post_content, Link_Inserter::MARKER . '="' . $suggestion_id . '"' ) ) {
					continue;
				}
				$links[] = array(
					'implementationId' => (string) $record['implementationId'],
					'suggestionId'     => $suggestion_id,
					'anchorText'       => (string) ( $link['anchorText'] ?? '' ),
					'href'             => (string) ( $link['href'] ?? '' ),
					'insertedAt'       => (string) ( $record['appliedAt'] ?? '' ),
				);
			}
		}
		// Stable: links of one implementation keep their order.
		usort( $links, static fn( array $a, array $b ): int => strcmp( $b['insertedAt'], $a['insertedAt'] ) );
		return $links;
	}
}
