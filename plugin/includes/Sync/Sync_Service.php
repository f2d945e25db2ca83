<?php
/**
 * Sends the site's content to the bridge: the full sync one batch per call, or given posts, or gone URLs.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Bridge\Bridge_Data;
use Interlinker\Bridge\Project_Api;
use Interlinker\Content\Site_Content;
use Interlinker\Implement\Implementation_Records;
use Interlinker\Implement\Rollback_Service;
use Interlinker\Settings\Settings;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Sync_Service {

	/** Posts per full-sync call: small enough that no call runs long on shared hosting. */
	private const BATCH_POSTS = 50;
	/** Bytes per bridge request, below the bridge's 10 MiB body limit. */
	private const BATCH_BYTES = 8 * 1024 * 1024;

	public function __construct(
		private readonly Project_Api $api,
		private readonly Site_Content $content,
		private readonly Settings $settings,
		private readonly Rollback_Service $rollbacks,
		private readonly Implementation_Records $records,
	) {}

	/**
	 * One batch of the full sync. Without a cursor it starts: it creates the project when needed, sends the
	 * excluded paths, and reverts on the site the implementations rolled back through the bridge's API.
	 *
	 * @return array<string, mixed>|WP_Error {synced, failed, skipped, total, done, cursor, errors[, revertedImplementations]}
	 */
	public function sync_all( ?string $cursor ): array|WP_Error {
		$extra = array();
		if ( null === $cursor || '' === $cursor ) {
			$started = $this->start();
			if ( is_wp_error( $started ) ) {
				return $started;
			}
			$extra['revertedImplementations'] = $started;
			$position                         = new Sync_Cursor( 0, $this->content->count() );
		} else {
			$position = Sync_Cursor::decode( $cursor );
			if ( is_wp_error( $position ) ) {
				return $position;
			}
		}

		$batch_size = max( 1, (int) apply_filters( 'interlinker_sync_batch_size', self::BATCH_POSTS ) );
		$ids        = $this->content->next_ids( $position->after, $batch_size );
		$result     = $this->send_posts( $ids );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$done = count( $ids ) < $batch_size;
		$next = new Sync_Cursor(
			$ids ? (int) end( $ids ) : $position->after,
			$position->total,
			$position->synced + $result['synced'],
			$position->failed + $result['failed'],
			$position->skipped + $result['skipped'],
		);
		return array(
			'synced'  => $next->synced,
			'failed'  => $next->failed,
			'skipped' => $next->skipped,
			'total'   => $next->total,
			'done'    => $done,
			'cursor'  => $done ? null : $next->encode(),
			'errors'  => $result['errors'],
		) + $extra;
	}

	/**
	 * Syncs these posts now: published ones as they are, the others as gone (when the bridge knew them).
	 *
	 * @param int[]                 $post_ids
	 * @param array<string, string> $gone_urls URL → title, for posts already deleted.
	 * @return array<string, mixed>|WP_Error {synced, failed, skipped, total, done, cursor, errors}
	 */
	public function sync_posts( array $post_ids, array $gone_urls = array() ): array|WP_Error {
		$result = $this->send_posts( $post_ids, $gone_urls );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return array(
			'synced'  => $result['synced'],
			'failed'  => $result['failed'],
			'skipped' => $result['skipped'],
			'total'   => count( $post_ids ) + count( $gone_urls ),
			'done'    => true,
			'cursor'  => null,
			'errors'  => $result['errors'],
		);
	}

	/**
	 * @return string[]|WP_Error Ids of implementations reverted on the site.
	 */
	private function start(): array|WP_Error {
		$project_id = $this->api->project_id( true );
		if ( is_wp_error( $project_id ) ) {
			return $project_id;
		}
		$updated = $this->api->update_project( array( 'excludePaths' => $this->settings->excluded_paths() ) );
		if ( is_wp_error( $updated ) ) {
			return $updated;
		}
		return $this->revert_bridge_rollbacks();
	}

	/**
	 * Implementations rolled back through the bridge's API directly still have their links on the site: take
	 * them out the same way a rollback from wp-admin does.
	 *
	 * @return string[]|WP_Error
	 */
	private function revert_bridge_rollbacks(): array|WP_Error {
		$applied = $this->records->applied_ids();
		if ( ! $applied ) {
			return array();
		}
		$reverted = array();
		for ( $offset = 0; $offset < 5000; $offset += 100 ) {
			$page = $this->api->list_implementations(
				array(
					'status' => 'rolled_back',
					'limit'  => 100,
					'offset' => $offset,
				)
			);
			if ( is_wp_error( $page ) ) {
				return $page;
			}
			foreach ( $page['items'] as $implementation ) {
				if ( in_array( $implementation['id'], $applied, true ) && ! is_wp_error( $this->rollbacks->revert_locally( $implementation['id'] ) ) ) {
					$reverted[] = $implementation['id'];
				}
			}
			if ( $offset + 100 >= $page['total'] ) {
				break;
			}
		}
		return $reverted;
	}

	/**
	 * Sends posts in requests of at most BATCH_BYTES; remembers the URL each was synced under.
	 *
	 * @param int[]                 $post_ids
	 * @param array<string, string> $gone_urls
	 * @return array{synced: int, failed: int, skipped: int, errors: array<int, array<string, mixed>>}|WP_Error
	 */
	private function send_posts( array $post_ids, array $gone_urls = array() ): array|WP_Error {
		$pages   = array();
		$owners  = array();
		$skipped = 0;
		foreach ( $post_ids as $post_id ) {
			$post = get_post( $post_id );
			$page = $post instanceof WP_Post ? $this->pages_for( $post ) : array();
			if ( ! $page ) {
				++$skipped;
			}
			foreach ( $page as $one ) {
				$pages[]  = $one;
				$owners[] = $post_id;
			}
		}
		foreach ( $gone_urls as $url => $title ) {
			$pages[]  = Page_Payload::gone( (string) $url, (string) $title );
			$owners[] = 0;
		}

		$totals = array(
			'synced'  => 0,
			'failed'  => 0,
			'skipped' => $skipped,
			'errors'  => array(),
		);
		foreach ( $this->chunks( $pages ) as [ $offset, $chunk ] ) {
			$answer = $this->api->sync_pages( $chunk );
			if ( is_wp_error( $answer ) ) {
				return $answer;
			}
			$data              = is_array( $answer->data ) ? $answer->data : array();
			$totals['synced'] += (int) ( $data['synced'] ?? 0 );
			$totals['failed'] += (int) ( $data['failed'] ?? 0 );
			$failed_indexes    = array();
			foreach ( is_array( $data['errors'] ?? null ) ? $data['errors'] : array() as $error ) {
				$index              = (int) ( $error['index'] ?? -1 );
				$failed_indexes[]   = $index;
				$totals['errors'][] = array(
					'postId'  => $owners[ $offset + $index ] ?? 0,
					'url'     => Bridge_Data::text( $error['url'] ?? '' ),
					'code'    => Bridge_Data::text( $error['code'] ?? '' ),
					'message' => Bridge_Data::text( $error['message'] ?? '' ),
				);
			}
			foreach ( $chunk as $index => $page ) {
				if ( ! in_array( $index, $failed_indexes, true ) ) {
					$this->remember( $owners[ $offset + $index ], $page );
				}
			}
		}
		return $totals;
	}

	/**
	 * The pages one post stands for: itself when it takes part (plus its old URL as moved, when its permalink
	 * changed), or its last synced URL as gone.
	 *
	 * @return array<int, array{url: string, title: string, content: string, statusCode: int}>
	 */
	private function pages_for( WP_Post $post ): array {
		$synced_url = (string) get_post_meta( $post->ID, Site_Content::META_SYNCED_URL, true );
		if ( ! $this->content->is_eligible( $post ) ) {
			return '' === $synced_url ? array() : array( Page_Payload::gone( $synced_url, Page_Payload::title( $post ) ) );
		}
		$url   = (string) get_permalink( $post );
		$pages = array( Page_Payload::live( $post, $url ) );
		if ( '' !== $synced_url && $synced_url !== $url ) {
			$pages[] = Page_Payload::gone( $synced_url, Page_Payload::title( $post ), 301 );
		}
		return $pages;
	}

	/**
	 * @param array{url: string, statusCode: int} $page
	 */
	private function remember( int $post_id, array $page ): void {
		if ( 0 === $post_id ) {
			return;
		}
		if ( 200 === $page['statusCode'] ) {
			update_post_meta( $post_id, Site_Content::META_SYNCED_URL, wp_slash( $page['url'] ) );
		} elseif ( 410 === $page['statusCode'] ) {
			delete_post_meta( $post_id, Site_Content::META_SYNCED_URL );
		}
	}

	/**
	 * Splits pages into requests under the byte limit; each chunk with the offset of its first page.
	 *
	 * @param array<int, array<string, mixed>> $pages
	 * @return array<int, array{0: int, 1: array<int, array<string, mixed>>}>
	 */
	private function chunks( array $pages ): array {
		$chunks = array();
		$chunk  = array();
		$bytes  = 0;
		$start  = 0;
		foreach ( $pages as $index => $page ) {
			$size = strlen( (string) wp_json_encode( $page, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) ) + 1;
			if ( $chunk && ( $bytes + $size > self::BATCH_BYTES || count( $chunk ) >= 500 ) ) {
				$chunks[] = array( $start, $chunk );
				$chunk    = array();
				$bytes    = 0;
				$start    = $index;
			}
			$chunk[] = $page;
			$bytes  += $size;
		}
		if ( $chunk ) {
			$chunks[] = array( $start, $chunk );
		}
		return $chunks;
	}
}
