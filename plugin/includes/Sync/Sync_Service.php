<?php
/**
 * Sends the site's content to the bridge, and nothing else: the full sync one batch per call, or given posts and
 * gone URLs. What else a sync does (creating the project, the excluded paths, replaying rollbacks made on the
 * bridge, reconciling unreported implementations) is Site_Sync's steps.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Bridge\Project_Api;
use Interlinker\Content\Site_Content;
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
	) {}

	/**
	 * One batch of the full sync, from the cursor the previous batch returned (none: from the first post).
	 */
	public function send_batch( ?string $cursor ): Sync_Result|WP_Error {
		$position = null === $cursor || '' === $cursor ? new Sync_Cursor( 0, $this->content->count() ) : Sync_Cursor::decode( $cursor );
		if ( is_wp_error( $position ) ) {
			return $position;
		}
		$batch_size = max( 1, (int) apply_filters( 'interlinker_sync_batch_size', self::BATCH_POSTS ) );
		$ids        = $this->content->next_ids( $position->after, $batch_size );
		$sent       = $this->send( $ids );
		if ( is_wp_error( $sent ) ) {
			return $sent;
		}
		$done = count( $ids ) < $batch_size;
		$next = new Sync_Cursor(
			$ids ? (int) end( $ids ) : $position->after,
			$position->total,
			$position->synced + $sent['synced'],
			$position->failed + $sent['failed'],
			$position->skipped + $sent['skipped'],
		);
		return new Sync_Result( $next->synced, $next->failed, $next->skipped, $next->total, $done, $done ? null : $next->encode(), $sent['errors'] );
	}

	/**
	 * Sends these posts now: published ones as they are, the others as gone (when the bridge knew them).
	 *
	 * @param int[]                 $post_ids
	 * @param array<string, string> $gone_urls URL → title, for posts already deleted.
	 */
	public function send_posts( array $post_ids, array $gone_urls = array() ): Sync_Result|WP_Error {
		$sent = $this->send( $post_ids, $gone_urls );
		if ( is_wp_error( $sent ) ) {
			return $sent;
		}
		return new Sync_Result( $sent['synced'], $sent['failed'], $sent['skipped'], count( $post_ids ) + count( $gone_urls ), true, null, $sent['errors'] );
	}

	/**
	 * Sends posts in requests of at most BATCH_BYTES; remembers the URL each was synced under.
	 *
	 * @param int[]                 $post_ids
	 * @param array<string, string> $gone_urls
	 * @return array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]}|WP_Error
	 */
	private function send( array $post_ids, array $gone_urls = array() ): array|WP_Error {
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
				$error              = is_array( $error ) ? $error : array();
				$index              = (int) ( $error['index'] ?? -1 );
				$failed_indexes[]   = $index;
				$totals['errors'][] = Page_Sync_Error::from_bridge( $error, $owners[ $offset + $index ] ?? 0 );
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
			// Without its title: a post that is no longer public may have been retitled with what is not for others.
			return '' === $synced_url ? array() : array( Page_Payload::gone( $synced_url ) );
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
			delete_post_meta( $post_id, Site_Content::META_GONE_URL, wp_slash( $page['url'] ) );
		} elseif ( 410 === $page['statusCode'] ) {
			// The bridge no longer has the post live, but still holds what was said about it: keep the URL.
			delete_post_meta( $post_id, Site_Content::META_SYNCED_URL );
			update_post_meta( $post_id, Site_Content::META_GONE_URL, wp_slash( $page['url'] ) );
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
