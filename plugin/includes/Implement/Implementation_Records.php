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
	/** One row per implementation that ever changed the post, kept after undo: the lists and the CSV name its posts. */
	public const META_TOUCHED = '_interlinker_touched_by';
	/** One row per link undone in the post: which implementation and link, its words, where it led, and when. */
	public const META_UNDONE = '_interlinker_undone_link';

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
		if ( ! in_array( $implementation_id, get_post_meta( $post_id, self::META_TOUCHED ), true ) ) {
			add_post_meta( $post_id, self::META_TOUCHED, $implementation_id );
		}
	}

	/**
	 * Keeps what remains of a record after some of its links were taken out.
	 *
	 * @param array<string, mixed> $record     As find() returned it.
	 * @param Inserted_Link[]      $links      The links still in the post.
	 * @param string|null          $after_hash The content's hash when the remaining links' offsets hold in it; null keeps the old one.
	 */
	public function keep_links( int $post_id, array $record, array $links, ?string $after_hash ): void {
		if ( array() === $links ) {
			$this->remove( $post_id, (string) $record['implementationId'] );
			return;
		}
		$updated          = $record;
		$updated['links'] = array_map( static fn( Inserted_Link $link ): array => $link->to_array(), $links );
		if ( null !== $after_hash ) {
			$updated['afterHash'] = $after_hash;
		}
		// Replaced rather than updated: update_post_meta() would compare the old value still slashed, and add a row.
		delete_post_meta( $post_id, self::META_RECORD, wp_slash( $record ) );
		add_post_meta( $post_id, self::META_RECORD, wp_slash( $updated ) );
	}

	/**
	 * Remembers links an undo took out of a post, so that the implementation still shows where they were.
	 *
	 * @param Inserted_Link[] $links
	 */
	public function remember_undone( int $post_id, string $implementation_id, array $links ): void {
		$now = gmdate( 'Y-m-d\TH:i:s\Z' );
		foreach ( $links as $link ) {
			add_post_meta(
				$post_id,
				self::META_UNDONE,
				wp_slash(
					array(
						'implementationId' => $implementation_id,
						'suggestionId'     => $link->suggestion_id,
						'anchorText'       => $link->anchor_text,
						'href'             => $link->href,
						'undoneAt'         => $now,
						'undoneBy'         => get_current_user_id(),
					)
				)
			);
		}
	}

	/**
	 * Links of this implementation undone in this post.
	 *
	 * @return array<int, array{suggestionId: string, anchorText: string, href: string, undoneAt: string}>
	 */
	public function undone_links( int $post_id, string $implementation_id ): array {
		$undone = array();
		foreach ( get_post_meta( $post_id, self::META_UNDONE ) as $row ) {
			if ( is_array( $row ) && ( $row['implementationId'] ?? '' ) === $implementation_id ) {
				$undone[] = array(
					'suggestionId' => (string) ( $row['suggestionId'] ?? '' ),
					'anchorText'   => (string) ( $row['anchorText'] ?? '' ),
					'href'         => (string) ( $row['href'] ?? '' ),
					'undoneAt'     => (string) ( $row['undoneAt'] ?? '' ),
				);
			}
		}
		return $undone;
	}

	/**
	 * Posts whose record of this implementation holds a link of one of these suggestions.
	 *
	 * @param string[] $suggestion_ids
	 * @return int[]
	 */
	public function posts_holding( string $implementation_id, array $suggestion_ids ): array {
		$holding = array();
		foreach ( $this->posts_of( $implementation_id ) as $post_id ) {
			$record = $this->find( $post_id, $implementation_id );
			$held   = null === $record ? array() : array_map( static fn( Inserted_Link $link ): string => $link->suggestion_id, self::links_of( $record ) );
			if ( array_intersect( $held, $suggestion_ids ) ) {
				$holding[] = $post_id;
			}
		}
		return $holding;
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

	/**
	 * @param bool $never_applied The links were taken out before the implementation was ever reported: the post no
	 *                            longer counts among the posts it changed.
	 */
	public function remove( int $post_id, string $implementation_id, bool $never_applied = false ): void {
		$record = $this->find( $post_id, $implementation_id );
		if ( null !== $record ) {
			delete_post_meta( $post_id, self::META_RECORD, wp_slash( $record ) );
		}
		delete_post_meta( $post_id, self::META_ID, $implementation_id );
		if ( $never_applied ) {
			delete_post_meta( $post_id, self::META_TOUCHED, $implementation_id );
		}
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
	 * Posts each of these implementations changed, links undone since or not, in one query (a list or an export
	 * reads a hundred implementations a page).
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
		// META_ID too: records made before META_TOUCHED was kept.
		$found = (array) $wpdb->get_results( $wpdb->prepare( "SELECT DISTINCT post_id, meta_value FROM {$wpdb->postmeta} WHERE meta_key IN ( %s, %s ) AND meta_value IN ( {$placeholders} ) ORDER BY post_id", self::META_ID, self::META_TOUCHED, ...array_values( $implementation_ids ) ), ARRAY_A );
		$posts = array();
		foreach ( $found as $row ) {
			$posts[ (string) $row['meta_value'] ][] = (int) $row['post_id'];
		}
		return array_map( static fn( array $ids ): array => array_values( array_unique( $ids ) ), $posts );
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
