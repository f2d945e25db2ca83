<?php
/**
 * Posts waiting to be synced after they were saved, trashed or deleted. The editor's save only adds to the
 * queue; the queue is sent after the response (on shutdown, once the response is flushed where the server
 * allows it), and again by a single cron event if that did not get through.
 *
 * One row per entry (an options row written with plain SQL, never one shared option rewritten by
 * read-modify-write), so that two saves at once cannot drop each other's entry. Each row holds a fresh token per
 * save, and a run deletes a row only after the bridge took it and only with the token it sent: a save during the
 * run keeps its row, and a run that dies (a time limit, a fatal error) loses nothing.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Sync_Queue {

	/** The single option older versions kept the queue in; read once into rows, then deleted. */
	public const OPTION = 'interlinker_sync_queue';
	/** Prefix of the entry rows: …post_{id} and …gone_{md5 of the URL}. */
	public const ROW_PREFIX = 'interlinker_sq_';
	public const CRON_HOOK  = 'interlinker_run_sync_queue';

	/** Seconds before the cron fallback runs, when the shutdown run did not empty the queue. */
	private const CRON_DELAY = 60;

	/**
	 * Entries one run sends at most (filter `interlinker_sync_queue_run_size`): a site that queued thousands of posts at
	 * once (a settings change) is sent in runs that each end well within a request's time, the rest by the next run.
	 */
	public const RUN_SIZE = 200;

	/** Whether this request queued something, so that its shutdown should send it. */
	private bool $queued_here = false;

	public function __construct( private readonly Site_Sync $sync ) {}

	public function add_post( int $post_id ): void {
		$this->add_posts( array( $post_id ) );
	}

	/**
	 * @param int[] $post_ids
	 */
	public function add_posts( array $post_ids ): void {
		foreach ( $post_ids as $post_id ) {
			self::put( self::ROW_PREFIX . 'post_' . (int) $post_id, array( 'postId' => (int) $post_id ) );
		}
		if ( $post_ids ) {
			$this->queued();
		}
	}

	/**
	 * A deleted post: its synced URL goes as 410; the post itself is no longer queued.
	 */
	public function add_gone_url( string $url, string $title, int $post_id ): void {
		global $wpdb;
		self::put(
			self::ROW_PREFIX . 'gone_' . md5( $url ),
			array(
				'url'   => $url,
				'title' => $title,
			)
		);
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s", self::ROW_PREFIX . 'post_' . $post_id ) );
		$this->queued();
	}

	/**
	 * What is waiting.
	 */
	public function pending(): Pending_Sync {
		return Pending_Sync::of( $this->entries() );
	}

	/**
	 * Sends the queue now. Entries leave the queue only once the bridge took them.
	 *
	 * The cron event and the shutdown run call this.
	 */
	public function run(): Sync_Result|WP_Error {
		$size    = max( 1, (int) apply_filters( 'interlinker_sync_queue_run_size', self::RUN_SIZE ) );
		$entries = $this->entries( $size + 1 );
		if ( ! $entries ) {
			return Sync_Result::nothing();
		}
		$more     = count( $entries ) > $size;
		$entries  = array_slice( $entries, 0, $size );
		$post_ids = array();
		$gone     = array();
		foreach ( $entries as $entry ) {
			if ( $entry->post_id > 0 ) {
				$post_ids[] = $entry->post_id;
			} else {
				$gone[ $entry->url ] = $entry->title;
			}
		}
		$result = $this->sync->sync_posts( $post_ids, $gone );
		if ( is_wp_error( $result ) ) {
			$this->schedule_fallback();
			return $result;
		}
		global $wpdb;
		foreach ( $entries as $entry ) {
			// Only the row as it was sent: a save since then wrote a new token, and that save still goes.
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", $entry->row, $entry->value ) );
		}
		if ( $more ) {
			$this->schedule_fallback();
		}
		return $result;
	}

	/**
	 * Sends what this request queued once the response is out of the way.
	 */
	public function run_at_shutdown(): void {
		if ( ! $this->queued_here ) {
			return;
		}
		$this->queued_here = false;
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		} elseif ( function_exists( 'litespeed_finish_request' ) ) {
			litespeed_finish_request();
		}
		$this->run();
	}

	private function schedule_fallback(): void {
		if ( false === wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_single_event( time() + self::CRON_DELAY, self::CRON_HOOK );
		}
	}

	private function queued(): void {
		if ( ! $this->queued_here ) {
			$this->queued_here = true;
			// Should the shutdown run not happen or fail, cron sends the queue.
			$this->schedule_fallback();
		}
	}

	/**
	 * Writes one entry row with a new token; a row already there (the post queued before) gets the new token.
	 *
	 * @param array<string, int|string> $fields
	 */
	private static function put( string $row, array $fields ): void {
		global $wpdb;
		$value = (string) wp_json_encode( $fields + array( 'token' => wp_generate_password( 20, false ) ) );
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)", $row, $value ) );
	}

	/**
	 * @param int $limit At most this many, 0 for all.
	 * @return Sync_Queue_Entry[] Oldest first.
	 */
	private function entries( int $limit = 0 ): array {
		global $wpdb;
		$this->adopt_legacy_option();
		$like    = $wpdb->esc_like( self::ROW_PREFIX ) . '%';
		$rows    = (array) ( $limit > 0
			? $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_id LIMIT %d", $like, $limit ), ARRAY_A )
			: $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_id", $like ), ARRAY_A ) );
		$entries = array();
		foreach ( $rows as $row ) {
			$entry = Sync_Queue_Entry::from_row( (string) $row['option_name'], (string) $row['option_value'] );
			if ( null !== $entry ) {
				$entries[] = $entry;
			}
		}
		return $entries;
	}

	/**
	 * A queue left by an older version in one option becomes rows.
	 */
	private function adopt_legacy_option(): void {
		$legacy = get_option( self::OPTION );
		if ( ! is_array( $legacy ) ) {
			return;
		}
		foreach ( array_keys( (array) ( $legacy['posts'] ?? array() ) ) as $post_id ) {
			self::put( self::ROW_PREFIX . 'post_' . (int) $post_id, array( 'postId' => (int) $post_id ) );
		}
		foreach ( (array) ( $legacy['gone'] ?? array() ) as $url => $title ) {
			self::put(
				self::ROW_PREFIX . 'gone_' . md5( (string) $url ),
				array(
					'url'   => (string) $url,
					'title' => (string) $title,
				)
			);
		}
		delete_option( self::OPTION );
	}
}
