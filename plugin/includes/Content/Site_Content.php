<?php
/**
 * Which posts the bridge gets (published ones of the chosen post types, and any it already has) and which of them
 * take part in suggestions (not password-protected, outside excluded categories and paths, not switched to "no
 * suggestions"), and the mapping between posts and the URLs the bridge knows them by.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Content;

use Interlinker\Settings\Settings;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Site_Content {

	/** Post meta: the URL under which the post was last synced (its permalink may change later). */
	public const META_SYNCED_URL = '_interlinker_synced_url';

	/**
	 * The URL the bridge last had the post live under, once the post stopped being public (synced as gone): what the
	 * bridge still holds about it (suggestions, implementations) keeps naming this post, so that whether a user may
	 * see it is decided on the post as it is now.
	 */
	public const META_GONE_URL = '_interlinker_gone_url';

	public function __construct( private readonly Settings $settings ) {}

	/**
	 * Whether a post takes part in suggestions now, as a source and as a target (the path check needs its permalink).
	 */
	public function is_eligible( WP_Post $post ): bool {
		return $this->is_live( $post )
			&& '' === $post->post_password
			&& $this->has_chosen_type( $post )
			&& ! $this->in_excluded_category( $post )
			&& ! $this->is_excluded_path( (string) get_permalink( $post ) )
			&& ! No_Suggestions::is_set( $post );
	}

	/**
	 * Whether visitors get the post as a page: published (a password only hides its content).
	 */
	public function is_live( WP_Post $post ): bool {
		return 'publish' === $post->post_status;
	}

	/**
	 * Whether the bridge should have the post: every post of the chosen types, and any post it has already (the
	 * type may have been chosen then). An excluded post is sent too, marked excluded, so that links to it and in
	 * it count for link health.
	 */
	public function is_followed( WP_Post $post ): bool {
		return $this->has_chosen_type( $post ) || $this->is_known( $post );
	}

	/**
	 * Whether the bridge has the post under some URL.
	 */
	public function is_known( WP_Post $post ): bool {
		return '' !== (string) get_post_meta( $post->ID, self::META_SYNCED_URL, true );
	}

	private function has_chosen_type( WP_Post $post ): bool {
		return in_array( $post->post_type, $this->settings->post_types(), true );
	}

	private function in_excluded_category( WP_Post $post ): bool {
		$excluded = $this->settings->excluded_categories();
		return $excluded && array_intersect( $excluded, wp_get_post_categories( $post->ID ) );
	}

	public function is_excluded_path( string $url ): bool {
		return self::is_under( $url, $this->settings->excluded_paths() );
	}

	/**
	 * Ids of the posts the bridge has whose exclusion a change of these settings may have turned: in one of the
	 * categories, of one of the post types, or synced under one of the path prefixes.
	 *
	 * @param int[]    $categories Term ids.
	 * @param string[] $types      Post types.
	 * @param string[] $paths      Path prefixes, as in "/shop/".
	 * @return int[]
	 */
	public function known_ids_touched_by( array $categories, array $types, array $paths ): array {
		global $wpdb;
		$ids = array();
		if ( $categories ) {
			$sql = "SELECT DISTINCT m.post_id FROM {$wpdb->postmeta} m INNER JOIN {$wpdb->term_relationships} tr ON tr.object_id = m.post_id"
				. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id"
				. " WHERE m.meta_key = %s AND tt.taxonomy = 'category' AND tt.term_id IN (" . implode( ',', array_fill( 0, count( $categories ), '%d' ) ) . ')';
			$ids = array_merge( $ids, (array) $wpdb->get_col( $wpdb->prepare( $sql, array_merge( array( self::META_SYNCED_URL ), $categories ) ) ) );
		}
		if ( $types ) {
			$sql = "SELECT m.post_id FROM {$wpdb->postmeta} m INNER JOIN {$wpdb->posts} p ON p.ID = m.post_id"
				. ' WHERE m.meta_key = %s AND p.post_type IN (' . implode( ',', array_fill( 0, count( $types ), '%s' ) ) . ')';
			$ids = array_merge( $ids, (array) $wpdb->get_col( $wpdb->prepare( $sql, array_merge( array( self::META_SYNCED_URL ), $types ) ) ) );
		}
		if ( $paths ) {
			$rows = (array) $wpdb->get_results( $wpdb->prepare( "SELECT post_id, meta_value FROM {$wpdb->postmeta} WHERE meta_key = %s", self::META_SYNCED_URL ), ARRAY_A );
			foreach ( $rows as $row ) {
				if ( self::is_under( (string) $row['meta_value'], $paths ) ) {
					$ids[] = $row['post_id'];
				}
			}
		}
		return array_values( array_unique( array_map( 'intval', $ids ) ) );
	}

	/**
	 * @param string[] $prefixes Path prefixes, as in "/shop/".
	 */
	private static function is_under( string $url, array $prefixes ): bool {
		$path = trailingslashit( '/' . ltrim( (string) wp_parse_url( $url, PHP_URL_PATH ), '/' ) );
		foreach ( $prefixes as $prefix ) {
			if ( str_starts_with( $path, $prefix ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Ids of the published posts the full sync sends (see is_followed()), after $after_id, in id order.
	 *
	 * @return int[]
	 */
	public function next_ids( int $after_id, int $limit ): array {
		global $wpdb;
		[ $where, $params ] = $this->where_clause();
		// $where is SQL with placeholders only; its values are in $params.
		$sql = "SELECT p.ID FROM {$wpdb->posts} p WHERE {$where} AND p.ID > %d ORDER BY p.ID ASC LIMIT %d";
		return array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( $sql, array_merge( $params, array( $after_id, $limit ) ) ) ) );
	}

	/**
	 * How many published posts the full sync sends.
	 */
	public function count(): int {
		global $wpdb;
		[ $where, $params ] = $this->where_clause();
		$sql                = "SELECT COUNT(*) FROM {$wpdb->posts} p WHERE {$where}";
		return (int) $wpdb->get_var( $wpdb->prepare( $sql, $params ) );
	}

	/**
	 * How many published posts the bridge has been sent (and not told since that they are gone).
	 */
	public function synced_count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(DISTINCT m.post_id) FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE m.meta_key = %s AND p.post_status = 'publish'", self::META_SYNCED_URL ) );
	}

	/**
	 * The post a bridge URL stands for, or 0.
	 */
	public function post_id_for_url( string $url ): int {
		if ( '' === $url ) {
			return 0;
		}
		$post_id = url_to_postid( $url );
		if ( $post_id > 0 ) {
			return $post_id;
		}
		// The permalink may have changed since the sync, or the post is no longer public (url_to_postid() finds
		// only what the current user may see): the URL the bridge knows is in post meta, kept when the post went
		// gone. Read directly, so that the answer does not depend on what the current user may see; callers decide
		// that on the post (Post_Visibility). A trashed post is still the post it was.
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT m.post_id FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE m.meta_key IN ( %s, %s ) AND m.meta_value = %s AND p.post_status NOT IN ( 'auto-draft', 'inherit' ) ORDER BY m.meta_key = %s DESC, m.post_id LIMIT 1", self::META_SYNCED_URL, self::META_GONE_URL, $url, self::META_SYNCED_URL ) );
	}

	/**
	 * The URL the bridge knows a post by: the synced one, else its permalink.
	 */
	public function url_for_post( WP_Post $post ): string {
		$synced = (string) get_post_meta( $post->ID, self::META_SYNCED_URL, true );
		return '' !== $synced ? $synced : (string) get_permalink( $post );
	}

	/**
	 * The SQL form of is_live() && is_followed().
	 *
	 * @return array{0: string, 1: array<int, int|string>}
	 */
	private function where_clause(): array {
		global $wpdb;
		$types  = $this->settings->post_types();
		$chosen = $types ? 'p.post_type IN (' . implode( ',', array_fill( 0, count( $types ), '%s' ) ) . ')' : '1 = 0';
		$known  = "EXISTS (SELECT 1 FROM {$wpdb->postmeta} m WHERE m.post_id = p.ID AND m.meta_key = %s)";
		return array( "p.post_status = 'publish' AND ( {$chosen} OR {$known} )", array_merge( $types, array( self::META_SYNCED_URL ) ) );
	}
}
