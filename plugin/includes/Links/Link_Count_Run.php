<?php
/**
 * The full count of every post's links: needed once (and again after the chosen post types change), run in bounded
 * batches so that no request reads the whole site. A batch runs when the report asks for counts that are not complete,
 * with every call of the full sync (Site_Sync) and from a cron event that reschedules itself until the count is done;
 * saves keep the counts current afterwards.
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

final class Link_Count_Run {

	/** The run's state: array{types: string[], after: int, done: bool}. */
	public const OPTION = 'interlinker_link_count_run';

	public const CRON_HOOK = 'interlinker_count_links';

	/** Held while a batch runs (an option, as add_option() is atomic): batches of cron, Link health and the sync never run together. */
	public const LOCK = 'interlinker_link_count_lock';

	/** Seconds after which a lock left by a batch that died is taken over. */
	private const LOCK_TTL = 120;

	/** Posts per batch by default (filter `interlinker_link_count_batch`): each reads its links and resolves them. */
	public const DEFAULT_BATCH = 50;

	public function __construct(
		private readonly Link_Counts $counts,
		private readonly Settings $settings,
	) {}

	/**
	 * Whether every post has been counted with the post types chosen now.
	 */
	public function is_complete(): bool {
		$state = $this->state();
		return null !== $state && $state['done'];
	}

	/**
	 * How far the count is: posts counted and posts to count (of the chosen types, in the counted statuses).
	 *
	 * @return array{counted: int, total: int, complete: bool}
	 */
	public function progress(): array {
		$state = $this->state();
		$total = $this->count_posts( 0 );
		if ( null !== $state && $state['done'] ) {
			return array(
				'counted'  => $total,
				'total'    => $total,
				'complete' => true,
			);
		}
		return array(
			'counted'  => null === $state ? 0 : $total - $this->count_posts( $state['after'] ),
			'total'    => $total,
			'complete' => false,
		);
	}

	/**
	 * Counts the next batch of posts; starts the count over when the chosen post types changed.
	 *
	 * @return bool Whether the count is complete now.
	 */
	public function run_batch(): bool {
		if ( $this->is_complete() ) {
			return true;
		}
		// Two batches at once would read and write the same posts' sources: the second one waits for its turn.
		if ( ! $this->lock() ) {
			return false;
		}
		try {
			return $this->count_batch();
		} finally {
			delete_option( self::LOCK );
		}
	}

	private function count_batch(): bool {
		// Read under the lock: another batch may have moved the count on meanwhile.
		$state = $this->state();
		if ( null === $state ) {
			$this->counts->forget_all();
			$state = array(
				'types' => $this->types(),
				'after' => 0,
				'done'  => false,
			);
		}
		if ( $state['done'] ) {
			return true;
		}
		$size = max( 1, (int) apply_filters( 'interlinker_link_count_batch', self::DEFAULT_BATCH ) );
		$ids  = $this->post_ids( $state['after'], $size );
		foreach ( $ids as $post_id ) {
			$post = get_post( $post_id );
			if ( $post instanceof WP_Post ) {
				$this->counts->count_post( $post );
			}
			$state['after'] = $post_id;
		}
		$state['done'] = count( $ids ) < $size;
		update_option( self::OPTION, $state, false );
		return $state['done'];
	}

	private function lock(): bool {
		if ( add_option( self::LOCK, time(), '', false ) ) {
			return true;
		}
		$since = (int) get_option( self::LOCK, 0 );
		if ( $since > time() - self::LOCK_TTL ) {
			return false;
		}
		// Left by a batch that died: taken over.
		update_option( self::LOCK, time(), false );
		return true;
	}

	/**
	 * The cron event: one batch, and another event while the count goes on.
	 */
	public function run_scheduled(): void {
		if ( ! $this->run_batch() ) {
			$this->schedule();
		}
	}

	/**
	 * Makes sure a count that is not complete goes on in the background (cheap when it is complete).
	 */
	public function ensure_scheduled(): void {
		if ( ! $this->is_complete() ) {
			$this->schedule();
		}
	}

	private function schedule(): void {
		if ( false === wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_single_event( time(), self::CRON_HOOK );
		}
	}

	/**
	 * The stored state, or null when there is none for the post types chosen now.
	 *
	 * @return array{types: string[], after: int, done: bool}|null
	 */
	private function state(): ?array {
		$state = get_option( self::OPTION );
		if ( ! is_array( $state ) || ( $state['types'] ?? null ) !== $this->types() ) {
			return null;
		}
		return array(
			'types' => $this->types(),
			'after' => (int) ( $state['after'] ?? 0 ),
			'done'  => (bool) ( $state['done'] ?? false ),
		);
	}

	/**
	 * @return string[] The chosen post types, sorted, as the state records them.
	 */
	private function types(): array {
		$types = $this->settings->post_types();
		sort( $types );
		return $types;
	}

	/**
	 * @return int[]
	 */
	private function post_ids( int $after, int $limit ): array {
		global $wpdb;
		[ $where, $params ] = $this->where();
		$sql                = "SELECT ID FROM {$wpdb->posts} WHERE {$where} AND ID > %d ORDER BY ID ASC LIMIT %d";
		return array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( $sql, array_merge( $params, array( $after, $limit ) ) ) ) );
	}

	private function count_posts( int $after ): int {
		global $wpdb;
		[ $where, $params ] = $this->where();
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE {$where} AND ID > %d", array_merge( $params, array( $after ) ) ) );
	}

	/**
	 * @return array{0: string, 1: array<int, string>} SQL with placeholders only, and its values.
	 */
	private function where(): array {
		$types = $this->types();
		if ( array() === $types ) {
			return array( '1 = 0', array() );
		}
		$statuses = Link_Counts::COUNTED_STATUSES;
		return array(
			'post_type IN (' . implode( ',', array_fill( 0, count( $types ), '%s' ) ) . ') AND post_status IN (' . implode( ',', array_fill( 0, count( $statuses ), '%s' ) ) . ')',
			array_merge( $types, $statuses ),
		);
	}
}
