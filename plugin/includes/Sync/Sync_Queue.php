<?php
/**
 * Posts waiting to be synced after they were saved, trashed or deleted. The editor's save only adds to the
 * queue; the queue is sent after the response (on shutdown, once the response is flushed where the server
 * allows it), and again by a single cron event if that did not get through.
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

	public const OPTION    = 'interlinker_sync_queue';
	public const CRON_HOOK = 'interlinker_run_sync_queue';

	/** Seconds before the cron fallback runs, when the shutdown run did not empty the queue. */
	private const CRON_DELAY = 60;

	/** Whether this request queued something, so that its shutdown should send it. */
	private bool $queued_here = false;

	public function __construct( private readonly Sync_Service $sync ) {}

	public function add_post( int $post_id ): void {
		$this->add_posts( array( $post_id ) );
	}

	/**
	 * @param int[] $post_ids
	 */
	public function add_posts( array $post_ids ): void {
		if ( ! $post_ids ) {
			return;
		}
		$queue           = $this->read();
		$queue['posts'] += array_fill_keys( $post_ids, true );
		$this->write( $queue );
	}

	/**
	 * A URL whose post is being deleted: its meta (and so its synced URL) will be gone when the queue runs.
	 */
	public function add_gone_url( string $url, string $title, int $post_id ): void {
		$queue                 = $this->read();
		$queue['gone'][ $url ] = $title;
		unset( $queue['posts'][ $post_id ] );
		$this->write( $queue );
	}

	/**
	 * What is waiting, for the REST route and the admin UI.
	 *
	 * @return array{postIds: int[], goneUrls: string[]}
	 */
	public function pending(): array {
		$queue = $this->read();
		return array(
			'postIds'  => array_map( 'intval', array_keys( $queue['posts'] ) ),
			'goneUrls' => array_map( 'strval', array_keys( $queue['gone'] ) ),
		);
	}

	/**
	 * Sends everything queued. On failure the entries stay queued for the next run.
	 *
	 * @return array<string, mixed>|WP_Error The sync result.
	 */
	public function run(): array|WP_Error {
		$queue = $this->read();
		if ( ! $queue['posts'] && ! $queue['gone'] ) {
			return array(
				'synced'  => 0,
				'failed'  => 0,
				'skipped' => 0,
				'total'   => 0,
				'done'    => true,
				'cursor'  => null,
				'errors'  => array(),
			);
		}
		// Take the entries out first, so that a save during the run queues its post again instead of being lost.
		delete_option( self::OPTION );
		$result = $this->sync->sync_posts( array_map( 'intval', array_keys( $queue['posts'] ) ), $queue['gone'] );
		if ( is_wp_error( $result ) ) {
			$now = $this->read();
			update_option(
				self::OPTION,
				array(
					'posts' => $queue['posts'] + $now['posts'],
					'gone'  => $queue['gone'] + $now['gone'],
				),
				false
			);
			$this->schedule_fallback();
		}
		return $result;
	}

	/**
	 * Runs the queue once this request's response is on its way (PHP-FPM and LiteSpeed let it go first).
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

	/**
	 * @param array{posts: array<int, true>, gone: array<string, string>} $queue
	 */
	private function write( array $queue ): void {
		update_option( self::OPTION, $queue, false );
		if ( ! $this->queued_here ) {
			$this->queued_here = true;
			$this->schedule_fallback();
		}
	}

	/**
	 * @return array{posts: array<int, true>, gone: array<string, string>}
	 */
	private function read(): array {
		$queue = get_option( self::OPTION, array() );
		$queue = is_array( $queue ) ? $queue : array();
		return array(
			'posts' => is_array( $queue['posts'] ?? null ) ? $queue['posts'] : array(),
			'gone'  => is_array( $queue['gone'] ?? null ) ? $queue['gone'] : array(),
		);
	}
}
