<?php
/**
 * What each implementation did to each post, kept in post meta so that rollback can undo exactly that.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Html\Inserted_Link;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implementation_Records {

	/** One row per implementation applied to the post: the record (see add()). */
	public const META_RECORD = '_interlinker_implementation';
	/** One row per implementation applied to the post: its id alone, so that posts can be found by it. */
	public const META_ID = '_interlinker_implementation_id';

	/**
	 * @param Inserted_Link[] $links      What went in, with offsets in $after.
	 * @param string          $before     Content before insertion.
	 * @param string          $after      Content as stored after insertion.
	 * @param string|null     $created_at The bridge's createdAt of the implementation (to bound searches by date).
	 */
	public function add( int $post_id, string $implementation_id, array $links, string $before, string $after, ?string $created_at ): void {
		$record = array(
			'implementationId' => $implementation_id,
			'createdAt'        => $created_at,
			'links'            => array_map( static fn( Inserted_Link $link ): array => $link->to_array(), $links ),
			'beforeHash'       => hash( 'sha256', $before ),
			'afterHash'        => hash( 'sha256', $after ),
			'appliedAt'        => gmdate( 'Y-m-d\TH:i:s\Z' ),
			'appliedBy'        => get_current_user_id(),
		);
		// Meta values are unslashed on the way in; slash them so that a backslash in an anchor survives.
		add_post_meta( $post_id, self::META_RECORD, wp_slash( $record ) );
		add_post_meta( $post_id, self::META_ID, $implementation_id );
	}

	/**
	 * Puts back a record that remove() took away (when a rollback could not be recorded on the bridge).
	 *
	 * @param array<string, mixed> $record As find() returned it.
	 */
	public function restore( int $post_id, array $record ): void {
		add_post_meta( $post_id, self::META_RECORD, wp_slash( $record ) );
		add_post_meta( $post_id, self::META_ID, (string) $record['implementationId'] );
	}

	/**
	 * The record of one implementation on one post, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function find( int $post_id, string $implementation_id ): ?array {
		foreach ( get_post_meta( $post_id, self::META_RECORD ) as $record ) {
			if ( is_array( $record ) && ( $record['implementationId'] ?? '' ) === $implementation_id ) {
				return $record;
			}
		}
		return null;
	}

	public function remove( int $post_id, string $implementation_id ): void {
		$record = $this->find( $post_id, $implementation_id );
		if ( null !== $record ) {
			delete_post_meta( $post_id, self::META_RECORD, wp_slash( $record ) );
		}
		delete_post_meta( $post_id, self::META_ID, $implementation_id );
	}

	/**
	 * Posts an implementation changed (any status, trash included: a trashed post can be restored).
	 *
	 * @return int[]
	 */
	public function posts_of( string $implementation_id ): array {
		return array_map(
			'intval',
			get_posts(
				array(
					'post_type'        => 'any',
					'post_status'      => array( 'publish', 'future', 'draft', 'pending', 'private', 'trash' ),
					'fields'           => 'ids',
					'posts_per_page'   => -1,
					'meta_key'         => self::META_ID,
					'meta_value'       => $implementation_id,
					'suppress_filters' => true,
				)
			)
		);
	}

	/**
	 * Posts each of these implementations changed, in one query (an export reads a hundred implementations a page).
	 *
	 * @param string[] $implementation_ids
	 * @return array<string, int[]> Implementation id → post ids; ids that changed no post are absent.
	 */
	public function posts_by_implementation( array $implementation_ids ): array {
		global $wpdb;
		if ( array() === $implementation_ids ) {
			return array();
		}
		$placeholders = implode( ', ', array_fill( 0, count( $implementation_ids ), '%s' ) );
		$found        = (array) $wpdb->get_results( $wpdb->prepare( "SELECT post_id, meta_value FROM {$wpdb->postmeta} WHERE meta_key = %s AND meta_value IN ( {$placeholders} ) ORDER BY post_id", self::META_ID, ...array_values( $implementation_ids ) ), ARRAY_A );
		$posts        = array();
		foreach ( $found as $row ) {
			$posts[ (string) $row['meta_value'] ][] = (int) $row['post_id'];
		}
		return $posts;
	}

	/**
	 * Ids of every implementation still applied somewhere on the site.
	 *
	 * @return string[]
	 */
	public function applied_ids(): array {
		global $wpdb;
		return array_map( 'strval', (array) $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT meta_value FROM {$wpdb->postmeta} WHERE meta_key = %s", self::META_ID ) ) );
	}

	/**
	 * Implementations applied to these posts, with the bridge's createdAt of each (null for records made before
	 * it was kept).
	 *
	 * @param int[] $post_ids
	 * @return array<string, string|null> Implementation id → createdAt.
	 */
	public function applied_to( array $post_ids ): array {
		$applied = array();
		foreach ( $post_ids as $post_id ) {
			foreach ( get_post_meta( $post_id, self::META_RECORD ) as $record ) {
				if ( is_array( $record ) && is_string( $record['implementationId'] ?? null ) ) {
					$created_at                             = $record['createdAt'] ?? null;
					$applied[ $record['implementationId'] ] = is_string( $created_at ) ? $created_at : null;
				}
			}
		}
		return $applied;
	}

	/**
	 * @param array<string, mixed> $record
	 * @return Inserted_Link[]
	 */
	public static function links_of( array $record ): array {
		return array_map( array( Inserted_Link::class, 'from_array' ), array_filter( (array) ( $record['links'] ?? array() ), 'is_array' ) );
	}
}
