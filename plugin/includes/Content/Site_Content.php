<?php
/**
 * Which posts take part (post types, published, not password-protected, not in an excluded category or path),
 * and the mapping between posts and the URLs the bridge knows them by.
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

	public function __construct( private readonly Settings $settings ) {}

	/**
	 * Whether a post takes part now (the path check needs its permalink).
	 */
	public function is_eligible( WP_Post $post ): bool {
		return $this->passes_query_rules( $post ) && ! $this->is_excluded_path( (string) get_permalink( $post ) );
	}

	/**
	 * Whether visitors get the post as a page: published (a password only hides its content).
	 */
	public function is_live( WP_Post $post ): bool {
		return 'publish' === $post->post_status;
	}

	public function passes_query_rules( WP_Post $post ): bool {
		if ( 'publish' !== $post->post_status || '' !== $post->post_password ) {
			return false;
		}
		if ( ! in_array( $post->post_type, $this->settings->post_types(), true ) ) {
			return false;
		}
		$excluded = $this->settings->excluded_categories();
		return ! $excluded || ! array_intersect( $excluded, wp_get_post_categories( $post->ID ) );
	}

	public function is_excluded_path( string $url ): bool {
		$path = '/' . ltrim( (string) wp_parse_url( $url, PHP_URL_PATH ), '/' );
		$path = trailingslashit( $path );
		foreach ( $this->settings->excluded_paths() as $prefix ) {
			if ( str_starts_with( $path, $prefix ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Ids of posts that pass the query rules, after $after_id, in id order.
	 *
	 * @return int[]
	 */
	public function next_ids( int $after_id, int $limit ): array {
		global $wpdb;
		[ $where, $params ] = $this->where_clause();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where holds placeholders only.
		$sql = "SELECT p.ID FROM {$wpdb->posts} p WHERE {$where} AND p.ID > %d ORDER BY p.ID ASC LIMIT %d";
		return array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( $sql, array_merge( $params, array( $after_id, $limit ) ) ) ) ); // phpcs:ignore WordPress.DB
	}

	/**
	 * How many posts pass the query rules.
	 */
	public function count(): int {
		global $wpdb;
		[ $where, $params ] = $this->where_clause();
		$sql = "SELECT COUNT(*) FROM {$wpdb->posts} p WHERE {$where}";
		return (int) $wpdb->get_var( $wpdb->prepare( $sql, $params ) ); // phpcs:ignore WordPress.DB
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
		// The permalink may have changed since the sync; the URL the bridge knows is in post meta.
		$ids = get_posts(
			array(
				'post_type'        => 'any',
				'post_status'      => 'any',
				'fields'           => 'ids',
				'posts_per_page'   => 1,
				'meta_key'         => self::META_SYNCED_URL, // phpcs:ignore WordPress.DB.SlowDBQuery
				'meta_value'       => $url, // phpcs:ignore WordPress.DB.SlowDBQuery
				'suppress_filters' => true,
			)
		);
		return $ids ? (int) $ids[0] : 0;
	}

	/**
	 * The URL the bridge knows a post by: the synced one, else its permalink.
	 */
	public function url_for_post( WP_Post $post ): string {
		$synced = (string) get_post_meta( $post->ID, self::META_SYNCED_URL, true );
		return '' !== $synced ? $synced : (string) get_permalink( $post );
	}

	/**
	 * @return array{0: string, 1: array<int, int|string>}
	 */
	private function where_clause(): array {
		global $wpdb;
		$types = $this->settings->post_types();
		if ( ! $types ) {
			return array( '1 = 0', array() );
		}
		$where  = 'p.post_type IN (' . implode( ',', array_fill( 0, count( $types ), '%s' ) ) . ") AND p.post_status = 'publish' AND p.post_password = ''";
		$params = $types;
		$cats   = $this->settings->excluded_categories();
		if ( $cats ) {
			$where .= " AND NOT EXISTS (SELECT 1 FROM {$wpdb->term_relationships} tr INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id"
				. " WHERE tr.object_id = p.ID AND tt.taxonomy = 'category' AND tt.term_id IN (" . implode( ',', array_fill( 0, count( $cats ), '%d' ) ) . '))';
			$params = array_merge( $params, $cats );
		}
		return array( $where, $params );
	}
}
