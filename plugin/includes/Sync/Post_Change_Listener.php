<?php
/**
 * Queues a post for sync when it is published, updated, unpublished, trashed or deleted. Never calls the
 * bridge itself: the editor's save must not wait for it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Content\No_Suggestions;
use Interlinker\Content\Site_Content;
use Interlinker\Settings\Settings;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Change_Listener {

	public function __construct(
		private readonly Sync_Queue $queue,
		private readonly Site_Content $content,
		private readonly Settings $settings,
	) {}

	/**
	 * After a post, its terms and its meta are saved (wp_after_insert_post).
	 */
	public function post_saved( int $post_id, WP_Post $post ): void {
		if ( wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) || ! $this->settings->is_configured() ) {
			return;
		}
		// Published posts of the chosen types go, excluded ones too (marked so); others only when the bridge has
		// them (they become 410 there, or stay live pages marked excluded).
		if ( ( $this->content->is_live( $post ) && $this->content->is_followed( $post ) ) || $this->content->is_known( $post ) ) {
			$this->queue->add_post( $post_id );
		}
	}

	/**
	 * After a keyphrase meta is added, updated or deleted (the post's own list, Yoast's or Rank Math's focus
	 * keyphrase), or its "no suggestions" switch: the bridge must get the post again, as after a content change.
	 */
	public function meta_changed( mixed $meta_id, int $post_id, string $meta_key ): void {
		// A delete by key across all posts names no post (0); get_post( 0 ) would be the global post.
		if ( $post_id <= 0 || ! in_array( $meta_key, array_merge( Post_Keyphrases::meta_keys(), array( No_Suggestions::META_KEY ) ), true ) ) {
			return;
		}
		$post = get_post( $post_id );
		if ( $post instanceof WP_Post ) {
			$this->post_saved( $post_id, $post );
		}
	}

	/**
	 * After a post's terms of a taxonomy are set (set_object_terms): Polylang keeps a post's language as a term of its
	 * `language` taxonomy, so a language changed outside the editor (quick edit, bulk edit) syncs the post again. WPML
	 * keeps languages in its own table, which no core hook shows: its posts change language through the editor's save,
	 * which queues them anyway.
	 *
	 * @param int    $object_id The post.
	 * @param mixed  $terms     The terms set.
	 * @param mixed  $tt_ids    Their term taxonomy ids.
	 * @param string $taxonomy  The taxonomy.
	 */
	public function terms_set( int $object_id, mixed $terms, mixed $tt_ids, string $taxonomy ): void {
		if ( Page_Language::POLYLANG_TAXONOMY !== $taxonomy || $object_id <= 0 ) {
			return;
		}
		$post = get_post( $object_id );
		if ( $post instanceof WP_Post ) {
			$this->post_saved( $object_id, $post );
		}
	}

	public function post_trashed( int $post_id ): void {
		$post = get_post( $post_id );
		if ( $post instanceof WP_Post ) {
			$this->post_saved( $post_id, $post );
		}
	}

	/**
	 * Before a post is deleted: its synced URL is in meta that is about to go.
	 */
	public function post_deleting( int $post_id, WP_Post $post ): void {
		$url = (string) get_post_meta( $post_id, Site_Content::META_SYNCED_URL, true );
		if ( '' !== $url && $this->settings->is_configured() ) {
			$this->queue->add_gone_url( $url, '', $post_id );
		}
	}
}
