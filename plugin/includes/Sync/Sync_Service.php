<?php
/**
 * Sends the site's content to the bridge: the full sync one batch per call, or given posts, or gone URLs. Each
 * sync also brings the site and the bridge back in step on implementations: rollbacks made through the bridge's
 * API are applied to the site, and implementations left pending by a failed implement call are settled.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Bridge\Bridge_Data;
use Interlinker\Bridge\Project_Api;
use Interlinker\Content\Site_Content;
use Interlinker\Implement\Implementation_Reconciler;
use Interlinker\Implement\Remote_Rollbacks;
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
		private readonly Project_Exclusions $exclusions,
		private readonly Remote_Rollbacks $remote_rollbacks,
		private readonly Implementation_Reconciler $reconciler,
	) {}

	/**
	 * One batch of the full sync. Without a cursor it starts: it creates the project when needed, sends the
	 * excluded paths, reverts on the site the implementations rolled back through the bridge's API, and settles
	 * the implementations left unreported.
	 *
	 * @return array<string, mixed>|WP_Error {synced, failed, skipped, total, done, cursor, errors[, revertedImplementations, reconciledImplementations]}
	 */
	public function sync_all( ?string $cursor ): array|WP_Error {
		$extra = array();
		if ( null === $cursor || '' === $cursor ) {
			$extra = $this->start();
			if ( is_wp_error( $extra ) ) {
				return $extra;
			}
			$position = new Sync_Cursor( 0, $this->content->count() );
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
	 * Syncs these posts now: published ones as they are, the others as gone (when the bridge knew them). First
	 * takes out of them the links of implementations rolled back through the bridge's API (one list call), so
	 * that the content sent is the content kept; afterwards settles the implementations left unreported.
	 *
	 * @param int[]                 $post_ids
	 * @param array<string, string> $gone_urls URL → title, for posts already deleted.
	 * @return array<string, mixed>|WP_Error {synced, failed, skipped, total, done, cursor, errors, revertedImplementations, reconciledImplementations}
	 */
	public function sync_posts( array $post_ids, array $gone_urls = array() ): array|WP_Error {
		$exclusions = $this->exclusions->push_if_outdated();
		if ( is_wp_error( $exclusions ) ) {
			return $exclusions;
		}
		$reverted = $this->remote_rollbacks->revert_for_posts( $post_ids );
		if ( is_wp_error( $reverted ) ) {
			return $reverted;
		}
		$result = $this->send_posts( $post_ids, $gone_urls );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return array(
			'synced'                    => $result['synced'],
			'failed'                    => $result['failed'],
			'skipped'                   => $result['skipped'],
			'total'                     => count( $post_ids ) + count( $gone_urls ),
			'done'                      => true,
			'cursor'                    => null,
			'errors'                    => $result['errors'],
			'revertedImplementations'   => $reverted,
			// The pages are in: an error here only leaves the rest for the next sync or retry.
			'reconciledImplementations' => $this->reconciler->reconcile()['settled'],
		);
	}

	/**
	 * @return array{revertedImplementations: string[], reconciledImplementations: array<int, array<string, string>>}|WP_Error
	 */
	private function start(): array|WP_Error {
		$project_id = $this->api->project_id( true );
		if ( is_wp_error( $project_id ) ) {
			return $project_id;
		}
		$pushed = $this->exclusions->push();
		if ( is_wp_error( $pushed ) ) {
			return $pushed;
		}
		$reverted = $this->remote_rollbacks->revert_all();
		if ( is_wp_error( $reverted ) ) {
			return $reverted;
		}
		$reconciled = $this->reconciler->reconcile();
		if ( null !== $reconciled['error'] ) {
			return $reconciled['error'];
		}
		return array(
			'revertedImplementations'   => $reverted,
			'reconciledImplementations' => $reconciled['settled'],
		);
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
	 * The pages one post stands for. A published post is a live page even when it is excluded from suggestions
	 * (category, path, post type no longer chosen, password): it goes marked excluded, so that the bridge never
	 * makes it a source or a target while links to it stay active and its own links count. A post of a type not
	 * chosen goes only when the bridge has it already. Its old URL goes as moved when its permalink changed. A post
	 * no longer published goes as gone under its last synced URL.
	 *
	 * @return array<int, array{url: string, title: string, content: string, statusCode: int, excluded?: bool}>
	 */
	private function pages_for( WP_Post $post ): array {
		$synced_url = (string) get_post_meta( $post->ID, Site_Content::META_SYNCED_URL, true );
		if ( ! $this->content->is_live( $post ) ) {
			return '' === $synced_url ? array() : array( Page_Payload::gone( $synced_url, Page_Payload::title( $post ) ) );
		}
		if ( ! $this->content->is_followed( $post ) ) {
			return array();
		}
		$url   = (string) get_permalink( $post );
		$pages = array( Page_Payload::live( $post, $url, ! $this->content->is_eligible( $post ) ) );
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
