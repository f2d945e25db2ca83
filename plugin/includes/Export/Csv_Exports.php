<?php
/**
 * The four CSV downloads: suggestions (with the list's filters), implementations with their links, broken links and
 * orphans. Each reads what the matching list route shows the current user, page by page (Export_Pager), and leaves
 * out what that list leaves out.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Export;

use Interlinker\Access\Post_Visibility;
use Interlinker\Analytics\Analytics_Query;
use Interlinker\Analytics\Analytics_Report;
use Interlinker\Bridge\Implementation;
use Interlinker\Bridge\Project_Api;
use Interlinker\Implement\Implementation_Records;
use Interlinker\Suggestions\Presented_Suggestion;
use Interlinker\Suggestions\Suggestion_List_Query;
use Interlinker\Suggestions\Suggestion_Listing;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Csv_Exports {

	public function __construct(
		private readonly Export_Pager $pager,
		private readonly Suggestion_Listing $suggestions,
		private readonly Project_Api $api,
		private readonly Implementation_Records $records,
		private readonly Analytics_Report $reports,
	) {}

	/**
	 * Suggestions as GET /suggestions lists them with the same filters and order (never generating), those whose
	 * posts the user may not read left out.
	 *
	 * @param Suggestion_List_Query $filters Its page and per_page are not used.
	 */
	public function suggestions( Suggestion_List_Query $filters ): Csv_Document|WP_Error {
		return $this->pager->collect(
			array(
				__( 'Source title', 'interlinker' ),
				__( 'Source URL', 'interlinker' ),
				__( 'Target title', 'interlinker' ),
				__( 'Target URL', 'interlinker' ),
				__( 'Anchor text', 'interlinker' ),
				__( 'Context', 'interlinker' ),
				__( 'Relevance score', 'interlinker' ),
				__( 'Status', 'interlinker' ),
				__( 'Created', 'interlinker' ),
			),
			function ( int $number, int $size ) use ( $filters ): Export_Page|WP_Error {
				$page = $this->suggestions->list( new Suggestion_List_Query( $number, $size, $filters->orderby, $filters->order, $filters->statuses, $filters->search, $filters->post_id ) );
				if ( is_wp_error( $page ) ) {
					return $page;
				}
				$rows = array_map(
					static fn( Presented_Suggestion $one ): array => array( $one->source_title, $one->suggestion->source_page_url, $one->target_title, $one->suggestion->target_page_url, $one->suggestion->anchor_text, $one->suggestion->context, $one->suggestion->relevance_score, $one->suggestion->status, $one->suggestion->created_at ),
					$page->items
				);
				return new Export_Page( $rows, count( $page->items ) + $page->left_out, $page->matched );
			}
		);
	}

	/**
	 * Implementations as GET /implementations lists them (newest first, optionally of one status), one row per link
	 * each put into a post of this site, still there (`inserted`) or undone since (`undone`, with when); an
	 * implementation that never changed a post (failed, or recorded before undone links were kept) gets one row
	 * without a post. Posts the user may not read are left out, as on the details screen.
	 *
	 * @param string $status '' for every status.
	 */
	public function implementations( string $status ): Csv_Document|WP_Error {
		return $this->pager->collect(
			array(
				__( 'Implementation ID', 'interlinker' ),
				__( 'Status', 'interlinker' ),
				__( 'Created', 'interlinker' ),
				__( 'Post title', 'interlinker' ),
				__( 'Post URL', 'interlinker' ),
				__( 'Anchor text', 'interlinker' ),
				__( 'Target URL', 'interlinker' ),
				__( 'Link status', 'interlinker' ),
				__( 'Undone at', 'interlinker' ),
			),
			function ( int $number, int $size ) use ( $status ): Export_Page|WP_Error {
				$query = array(
					'limit'  => $size,
					'offset' => ( $number - 1 ) * $size,
				);
				if ( '' !== $status ) {
					$query['status'] = $status;
				}
				$page = $this->api->list_implementations( $query );
				if ( is_wp_error( $page ) ) {
					return $page;
				}
				$posts = $this->records->posts_by_implementation( array_map( static fn( Implementation $one ): string => $one->id, $page['items'] ) );
				$rows  = array();
				foreach ( $page['items'] as $implementation ) {
					array_push( $rows, ...$this->link_rows( $implementation, $posts[ $implementation->id ] ?? array() ) );
				}
				return new Export_Page( $rows, count( $page['items'] ), $page['total'] );
			}
		);
	}

	/**
	 * @param int[] $post_ids The posts the implementation changed.
	 * @return array<int, array<scalar|null>>
	 */
	private function link_rows( Implementation $implementation, array $post_ids ): array {
		$about = array( $implementation->id, $implementation->status, $implementation->created_at );
		$rows  = array();
		foreach ( $post_ids as $post_id ) {
			// A post the user may not see (Post_Visibility) is left out, title and all.
			if ( ! Post_Visibility::can_see( $post_id ) ) {
				continue;
			}
			$record = $this->records->find( $post_id, $implementation->id );
			$title  = html_entity_decode( wp_strip_all_tags( get_the_title( $post_id ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
			$url    = (string) get_permalink( $post_id );
			foreach ( null === $record ? array() : Implementation_Records::links_of( $record ) as $link ) {
				$rows[] = array_merge( $about, array( $title, $url, $link->anchor_text, $link->href, 'inserted', '' ) );
			}
			foreach ( $this->records->undone_links( $post_id, $implementation->id ) as $link ) {
				$rows[] = array_merge( $about, array( $title, $url, $link['anchorText'], $link['href'], 'undone', $link['undoneAt'] ) );
			}
		}
		return array() === $rows ? array( array_merge( $about, array( '', '', '', '', '', '' ) ) ) : $rows;
	}

	/**
	 * Broken links as the Link health screen lists them: the page that holds the link, the link text, where it
	 * leads and what that page answers.
	 */
	public function broken_links(): Csv_Document|WP_Error {
		return $this->pager->collect(
			array(
				__( 'Source URL', 'interlinker' ),
				__( 'Source edit link', 'interlinker' ),
				__( 'Link text', 'interlinker' ),
				__( 'Target URL', 'interlinker' ),
				__( 'HTTP status', 'interlinker' ),
			),
			fn( int $number, int $size ): Export_Page|WP_Error => $this->report_page(
				'/broken-links',
				$number,
				$size,
				static fn( array $link ): array => array( $link['sourcePageUrl'] ?? '', $link['sourceEditLink'] ?? '', $link['anchorText'] ?? '', $link['targetUrl'] ?? '', $link['statusCode'] ?? '' )
			)
		);
	}

	/**
	 * Orphan pages as the Link health screen lists them.
	 */
	public function orphans(): Csv_Document|WP_Error {
		return $this->pager->collect(
			array(
				__( 'Title', 'interlinker' ),
				__( 'URL', 'interlinker' ),
				__( 'Edit link', 'interlinker' ),
			),
			fn( int $number, int $size ): Export_Page|WP_Error => $this->report_page(
				'/orphans',
				$number,
				$size,
				static fn( array $orphan ): array => array( $orphan['title'] ?? '', $orphan['url'] ?? '', $orphan['editLink'] ?? '' )
			)
		);
	}

	/**
	 * @param callable(array<string, mixed>): array<scalar|null> $row_of
	 */
	private function report_page( string $report, int $number, int $size, callable $row_of ): Export_Page|WP_Error {
		$answer = $this->reports->fetch( $report, new Analytics_Query( null, null, $number, $size ) );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		$items = is_array( $answer->data ) ? array_values( array_filter( $answer->data, 'is_array' ) ) : array();
		return new Export_Page( array_map( $row_of, $items ), count( $items ), (int) $answer->total );
	}
}
