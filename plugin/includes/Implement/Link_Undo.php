<?php
/**
 * Works out the content of a post with one implementation's links taken out.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Html\Inserted_Link;
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
	 * @param string               $current        The post's content now.
	 * @param array<string, mixed> $record         The implementation's record for this post.
	 * @param string[]|null        $suggestion_ids Only these suggestions' links; null for all of the record's.
	 * @return array{content: string, outcome: string, removed: string[], missing: string[], kept: Inserted_Link[], keptHash: ?string}
	 *         `kept`: the record's other links; `keptHash`: the new content's hash when their offsets hold in it
	 *         (the links were cut at their recorded places), else null.
	 */
	public static function compute( string $current, array $record, ?array $suggestion_ids = null ): array {
		$all   = Implementation_Records::links_of( $record );
		$links = null === $suggestion_ids ? $all : array_values( array_filter( $all, static fn( Inserted_Link $link ): bool => in_array( $link->suggestion_id, $suggestion_ids, true ) ) );
		$kept  = array_values( array_filter( $all, static fn( Inserted_Link $link ): bool => ! in_array( $link, $links, true ) ) );
		$ids   = array_values( array_unique( array_map( static fn( Inserted_Link $link ): string => $link->suggestion_id, $links ) ) );

		if ( hash( 'sha256', $current ) === ( $record['afterHash'] ?? '' ) ) {
			$restored = Link_Remover::remove_recorded( $current, $links );
			if ( null !== $restored ) {
				return array(
					'content'  => $restored,
					'outcome'  => self::EXACT,
					'removed'  => $ids,
					'missing'  => array(),
					'kept'     => self::shifted( $kept, $links ),
					'keptHash' => hash( 'sha256', $restored ),
				);
			}
		}
		$unwrapped = Link_Remover::remove_marked( $current, $ids );
		return array(
			'content'  => $unwrapped['content'],
			'outcome'  => $unwrapped['removed'] ? self::UNWRAPPED : self::NOTHING,
			'removed'  => $unwrapped['removed'],
			'missing'  => array_values( array_diff( $ids, $unwrapped['removed'] ) ),
			'kept'     => $kept,
			'keptHash' => null,
		);
	}

	/**
	 * The kept links' places once the removed links' tags are cut out before them.
	 *
	 * @param Inserted_Link[] $kept
	 * @param Inserted_Link[] $removed
	 * @return Inserted_Link[]
	 */
	private static function shifted( array $kept, array $removed ): array {
		$cuts = array();
		foreach ( $removed as $link ) {
			$cuts[] = array( $link->open_at, strlen( $link->opener ) );
			$cuts[] = array( $link->close_at, strlen( $link->closer ) );
		}
		$before = static function ( int $offset ) use ( $cuts ): int {
			$length = 0;
			foreach ( $cuts as [ $at, $size ] ) {
				if ( $at < $offset ) {
					$length += $size;
				}
			}
			return $length;
		};
		return array_map(
			static fn( Inserted_Link $link ): Inserted_Link => new Inserted_Link(
				$link->suggestion_id,
				$link->open_at - $before( $link->open_at ),
				$link->opener,
				$link->close_at - $before( $link->close_at ),
				$link->closer,
				$link->anchor_text,
				$link->href
			),
			$kept
		);
	}
}
