<?php
/**
 * Each post's link counts, kept in post meta: inbound internal links (from other published posts of the chosen types),
 * outbound internal and outbound external links, as Content_Links reads them from the content.
 *
 * Inbound counts are kept exact without reading the whole site: each post that counts as a source records the posts
 * it links to (META_TARGETS) and each target the sources that link to it (META_SOURCES). Counting one post again
 * changes the sources of the posts it linked to before and links to now, and only those posts' inbound counts.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Links;

use Interlinker\Settings\Settings;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Counts {

	/** The post's counts: array{inbound: int, internal: int, external: int}; absent until the post is counted. */
	public const META_COUNTS = '_interlinker_link_counts';

	/** The same counts one number per key, for sorting lists by them in SQL. */
	public const META_INBOUND  = '_interlinker_inbound_links';
	public const META_INTERNAL = '_interlinker_internal_links';
	public const META_EXTERNAL = '_interlinker_external_links';

	/** Of a published source: post id → links to it. */
	public const META_TARGETS = '_interlinker_link_targets';

	/** Of a target: source post id → links from it. */
	public const META_SOURCES = '_interlinker_link_sources';

	/** Counts by column name, as the report and the columns sort by them. */
	public const SORT_KEYS = array(
		'inbound'  => self::META_INBOUND,
		'internal' => self::META_INTERNAL,
		'external' => self::META_EXTERNAL,
	);

	/** Statuses whose posts get counts: the ones editors see in their lists. */
	public const COUNTED_STATUSES = array( 'publish', 'private', 'draft', 'pending', 'future' );

	/** @var array<string, int> URL → post, within one request (a batch reads many links to the same posts). */
	private array $resolved = array();

	public function __construct( private readonly Settings $settings ) {}

	/**
	 * Every meta key this class writes (uninstall.php removes them).
	 *
	 * @return string[]
	 */
	public static function meta_keys(): array {
		return array( self::META_COUNTS, self::META_INBOUND, self::META_INTERNAL, self::META_EXTERNAL, self::META_TARGETS, self::META_SOURCES );
	}

	/**
	 * The post's counts, or null when it has not been counted yet.
	 *
	 * @return array{inbound: int, internal: int, external: int}|null
	 */
	public function of( int $post_id ): ?array {
		$counts = get_post_meta( $post_id, self::META_COUNTS, true );
		if ( ! is_array( $counts ) ) {
			return null;
		}
		return array(
			'inbound'  => (int) ( $counts['inbound'] ?? 0 ),
			'internal' => (int) ( $counts['internal'] ?? 0 ),
			'external' => (int) ( $counts['external'] ?? 0 ),
		);
	}

	public function counts_type( string $post_type ): bool {
		return in_array( $post_type, $this->settings->post_types(), true );
	}

	/**
	 * Whether the post's links count towards other posts' inbound counts.
	 */
	public function is_source( WP_Post $post ): bool {
		return 'publish' === $post->post_status && $this->counts_type( $post->post_type );
	}

	/**
	 * Counts a post again from its content (after a save, a status change, or in the full count), and the inbound
	 * counts of the posts it linked to before or links to now.
	 */
	public function count_post( WP_Post $post ): void {
		if ( wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		if ( ! $this->counts_type( $post->post_type ) || ! in_array( $post->post_status, self::COUNTED_STATUSES, true ) ) {
			// Most such posts (menu items, attachments, auto-drafts) never had counts: nothing to write for them.
			if ( '' !== get_post_meta( $post->ID, self::META_COUNTS, true ) || '' !== get_post_meta( $post->ID, self::META_TARGETS, true ) ) {
				$this->forget_post( $post->ID );
			}
			return;
		}
		$links   = Content_Links::of( (string) $post->post_content, home_url( '/' ), fn( string $url ): int => $this->post_of( $url ) );
		$targets = $links->targets;
		unset( $targets[ $post->ID ] );
		$this->set_targets( $post->ID, $this->is_source( $post ) ? $targets : array() );
		$this->write( $post->ID, $this->inbound_of( $post->ID ), $links->internal, $links->external );
	}

	/**
	 * After a post is saved (wp_after_insert_post): its counts, and when it has just been published, the counts of
	 * published posts that already link to its address (their links did not lead to a published post before).
	 *
	 * @param int          $post_id     The post.
	 * @param WP_Post      $post        The post as saved.
	 * @param bool         $update      Whether an existing post was updated.
	 * @param WP_Post|null $post_before The post before the save, for an update.
	 */
	public function post_saved( int $post_id, WP_Post $post, bool $update = false, ?WP_Post $post_before = null ): void {
		unset( $post_id, $update );
		$this->count_post( $post );
		if ( $this->is_source( $post ) && ( null === $post_before || 'publish' !== $post_before->post_status ) ) {
			foreach ( $this->sources_mentioning( $post ) as $source ) {
				$this->count_post( $source );
			}
		}
	}

	/**
	 * After a post is trashed, or before it is deleted: its links no longer count, and it has no counts.
	 */
	public function post_removed( int $post_id ): void {
		$this->forget_post( $post_id );
	}

	/**
	 * Published posts whose content holds the post's path: the ones that may link to it.
	 *
	 * @return WP_Post[]
	 */
	private function sources_mentioning( WP_Post $post ): array {
		global $wpdb;
		$path  = untrailingslashit( (string) wp_parse_url( (string) get_permalink( $post ), PHP_URL_PATH ) );
		$types = $this->settings->post_types();
		if ( '' === $path || array() === $types ) {
			return array();
		}
		$sql = "SELECT ID FROM {$wpdb->posts} WHERE post_status = 'publish' AND ID <> %d AND post_content LIKE %s AND post_type IN ("
			. implode( ',', array_fill( 0, count( $types ), '%s' ) ) . ') ORDER BY ID LIMIT 500';
		$ids = (array) $wpdb->get_col( $wpdb->prepare( $sql, array_merge( array( $post->ID, '%' . $wpdb->esc_like( $path ) . '%' ), $types ) ) );
		return array_values( array_filter( array_map( 'get_post', array_map( 'intval', $ids ) ) ) );
	}

	/**
	 * A post that is gone from the lists (trashed, deleted, of a type no longer chosen): its links no longer count
	 * for others, and it has no counts.
	 */
	public function forget_post( int $post_id ): void {
		$this->set_targets( $post_id, array() );
		foreach ( array( self::META_COUNTS, self::META_INBOUND, self::META_INTERNAL, self::META_EXTERNAL ) as $key ) {
			delete_post_meta( $post_id, $key );
		}
	}

	/**
	 * Removes every count, so that a full count starts from nothing.
	 */
	public function forget_all(): void {
		foreach ( self::meta_keys() as $key ) {
			delete_post_meta_by_key( $key );
		}
	}

	/**
	 * Records the posts $source links to now, and updates the sources and inbound counts of every post that
	 * gains or loses links from it.
	 *
	 * @param array<int, int> $targets Post id → links.
	 */
	private function set_targets( int $source, array $targets ): void {
		$before = get_post_meta( $source, self::META_TARGETS, true );
		$before = is_array( $before ) ? $before : array();
		if ( $before === $targets ) {
			return;
		}
		if ( array() === $targets ) {
			delete_post_meta( $source, self::META_TARGETS );
		} else {
			update_post_meta( $source, self::META_TARGETS, $targets );
		}
		foreach ( array_keys( $before + $targets ) as $target ) {
			$target = (int) $target;
			if ( ( $before[ $target ] ?? 0 ) === ( $targets[ $target ] ?? 0 ) || null === get_post( $target ) ) {
				continue;
			}
			$sources = get_post_meta( $target, self::META_SOURCES, true );
			$sources = is_array( $sources ) ? $sources : array();
			if ( isset( $targets[ $target ] ) ) {
				$sources[ $source ] = $targets[ $target ];
			} else {
				unset( $sources[ $source ] );
			}
			if ( array() === $sources ) {
				delete_post_meta( $target, self::META_SOURCES );
			} else {
				update_post_meta( $target, self::META_SOURCES, $sources );
			}
			$counts = $this->of( $target );
			// A target not counted yet gets its outbound counts when its turn comes; its inbound is read then too.
			if ( null !== $counts ) {
				$this->write( $target, array_sum( array_map( 'intval', $sources ) ), $counts['internal'], $counts['external'] );
			}
		}
	}

	private function inbound_of( int $post_id ): int {
		$sources = get_post_meta( $post_id, self::META_SOURCES, true );
		return is_array( $sources ) ? array_sum( array_map( 'intval', $sources ) ) : 0;
	}

	private function write( int $post_id, int $inbound, int $internal, int $external ): void {
		update_post_meta(
			$post_id,
			self::META_COUNTS,
			array(
				'inbound'  => $inbound,
				'internal' => $internal,
				'external' => $external,
			)
		);
		update_post_meta( $post_id, self::META_INBOUND, $inbound );
		update_post_meta( $post_id, self::META_INTERNAL, $internal );
		update_post_meta( $post_id, self::META_EXTERNAL, $external );
	}

	/**
	 * The post of the chosen types an internal URL leads to, or 0.
	 */
	private function post_of( string $url ): int {
		$key = strtok( $url, '#' );
		$key = false === $key ? $url : $key;
		if ( ! isset( $this->resolved[ $key ] ) ) {
			$post_id                = url_to_postid( $key );
			$this->resolved[ $key ] = $post_id > 0 && $this->counts_type( (string) get_post_type( $post_id ) ) ? $post_id : 0;
		}
		return $this->resolved[ $key ];
	}
}
