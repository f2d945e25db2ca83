<?php
/**
 * A link suggestion as the bridge holds it. Built only from the bridge's JSON, which it validates and sanitises:
 * the rest of the plugin reads typed fields, and REST answers come from to_rest().
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion {

	public const STATUSES = array( 'pending', 'approved', 'rejected', 'implemented' );

	private function __construct(
		public readonly string $id,
		public readonly string $source_page_url,
		public readonly string $target_page_url,
		public readonly string $anchor_text,
		public readonly string $context,
		public readonly float $relevance_score,
		public readonly string $status,
		public readonly ?string $source_page_id,
		public readonly ?string $target_page_id,
		public readonly ?string $created_at,
		public readonly ?string $updated_at,
	) {}

	/**
	 * One suggestion of the bridge's answer, or null when it is not one (no id).
	 */
	public static function from_bridge( mixed $raw ): ?self {
		if ( ! is_array( $raw ) || '' === Bridge_Data::text( $raw['id'] ?? '' ) ) {
			return null;
		}
		return new self(
			Bridge_Data::text( $raw['id'] ),
			Bridge_Data::url( $raw['sourcePageUrl'] ?? '' ),
			Bridge_Data::url( $raw['targetPageUrl'] ?? '' ),
			// Compared with post content character for character: plain text, not tag-stripped.
			Bridge_Data::plain( $raw['anchorText'] ?? '' ),
			Bridge_Data::plain( $raw['context'] ?? '' ),
			max( 0.0, min( 1.0, (float) ( is_numeric( $raw['relevanceScore'] ?? null ) ? $raw['relevanceScore'] : 0 ) ) ),
			Bridge_Data::one_of( $raw['status'] ?? '', self::STATUSES, 'pending' ),
			Bridge_Data::nullable_text( $raw['sourcePageId'] ?? null ),
			Bridge_Data::nullable_text( $raw['targetPageId'] ?? null ),
			Bridge_Data::nullable_text( $raw['createdAt'] ?? null ),
			Bridge_Data::nullable_text( $raw['updatedAt'] ?? null ),
		);
	}

	/**
	 * Every suggestion of a list answer; entries that are none are left out.
	 *
	 * @return self[]
	 */
	public static function list_from_bridge( mixed $raw ): array {
		return array_values( array_filter( array_map( array( self::class, 'from_bridge' ), is_array( $raw ) ? $raw : array() ) ) );
	}

	/**
	 * @return array<string, mixed> The bridge's fields, as the `interlinker-suggestion` schema describes them.
	 */
	public function to_rest(): array {
		return array(
			'id'             => $this->id,
			'sourcePageUrl'  => $this->source_page_url,
			'targetPageUrl'  => $this->target_page_url,
			'anchorText'     => $this->anchor_text,
			'context'        => $this->context,
			'relevanceScore' => $this->relevance_score,
			'status'         => $this->status,
			'sourcePageId'   => $this->source_page_id,
			'targetPageId'   => $this->target_page_id,
			'createdAt'      => $this->created_at,
			'updatedAt'      => $this->updated_at,
		);
	}
}
