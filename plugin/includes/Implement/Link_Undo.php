<?php
/**
 * Works out the content of a post with one implementation's links taken out.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Html\Link_Remover;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Undo {

	/** Nothing changed since insertion: the content is exactly what it was before. */
	public const EXACT = 'restored_exactly';
	/** The post was edited since: our links were unwrapped, the edits kept. */
	public const UNWRAPPED = 'links_removed';
	/** The post was edited since and none of our links is left. */
	public const NOTHING = 'nothing_to_remove';

	/**
	 * @param string               $current The post's content now.
	 * @param array<string, mixed> $record  The implementation's record for this post.
	 * @return array{content: string, outcome: string, removed: string[], missing: string[]}
	 */
	public static function compute( string $current, array $record ): array {
		$links = Implementation_Records::links_of( $record );
		$ids   = array_values( array_unique( array_map( static fn( $link ) => $link->suggestion_id, $links ) ) );

		if ( hash( 'sha256', $current ) === ( $record['afterHash'] ?? '' ) ) {
			$restored = Link_Remover::remove_recorded( $current, $links );
			if ( null !== $restored ) {
				return array(
					'content' => $restored,
					'outcome' => self::EXACT,
					'removed' => $ids,
					'missing' => array(),
				);
			}
		}
		$unwrapped = Link_Remover::remove_marked( $current, $ids );
		return array(
			'content' => $unwrapped['content'],
			'outcome' => $unwrapped['removed'] ? self::UNWRAPPED : self::NOTHING,
			'removed' => $unwrapped['removed'],
			'missing' => array_values( array_diff( $ids, $unwrapped['removed'] ) ),
		);
	}
}
