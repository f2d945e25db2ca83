<?php
/**
 * The links-per-post report: the posts of the chosen types the current user may read (published ones, private ones
 * they may read, drafts they may edit), with their counts, searched, filtered, sorted and paged in one SQL query.
 * Posts not counted yet sort as 0.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Links;

use Interlinker\Export\Export_Pager;
use Interlinker\Settings\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Count_Report {

	public function __construct(
		private readonly Link_Counts $counts,
		private readonly Settings $settings,
	) {}

	/**
	 * One page of the report and how many posts match in all.
	 *
	 * @return array{items: Link_Count_Row[], total: int}
	 */
	public function page( Link_Count_Query $query ): array {
		global $wpdb;
		[ $where, $params ] = $this->where( $query );
		$from               = "FROM {$wpdb->posts} p WHERE {$where}";
		$total              = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) {$from}", $params ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $from holds placeholders only.
		$order              = 'desc' === $query->order ? 'DESC' : 'ASC';
		$sort_params        = array();
		if ( 'title' === $query->orderby ) {
			$sort = "p.post_title {$order}";
		} else {
			$sort          = self::count_of( 'p' ) . " {$order}, p.post_title ASC";
			$sort_params[] = Link_Counts::SORT_KEYS[ $query->orderby ] ?? Link_Counts::META_INBOUND;
		}
		$limit = $query->per_page > 0 ? $wpdb->prepare( ' LIMIT %d OFFSET %d', $query->per_page, ( $query->page - 1 ) * $query->per_page ) : $wpdb->prepare( ' LIMIT %d', Export_Pager::max_rows() + 1 );
		$ids   = (array) $wpdb->get_col( $wpdb->prepare( "SELECT p.ID {$from} ORDER BY {$sort}, p.ID ASC", array_merge( $params, $sort_params ) ) . $limit ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $from and $sort hold placeholders only.
		return array(
			'items' => array_map( fn( $id ): Link_Count_Row => $this->row( (int) $id ), $ids ),
			'total' => $total,
		);
	}

	/**
	 * SQL for one count of the post aliased $alias, 0 when it has none; its meta key is the next placeholder.
	 * A subquery rather than a join: sorting a join by a joined column makes a temporary table for every page.
	 */
	public static function count_of( string $alias ): string {
		global $wpdb;
		return "COALESCE( ( SELECT CAST( c.meta_value AS UNSIGNED ) FROM {$wpdb->postmeta} c WHERE c.post_id = {$alias}.ID AND c.meta_key = %s LIMIT 1 ), 0 )";
	}

	private function row( int $post_id ): Link_Count_Row {
		$post   = get_post( $post_id );
		$counts = $this->counts->of( $post_id );
		return new Link_Count_Row(
			$post_id,
			// The title as written: the status has its own field (get_the_title() would prefix "Private: ").
			null === $post ? '' : html_entity_decode( wp_strip_all_tags( $post->post_title ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
			(string) get_permalink( $post_id ),
			current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '',
			null === $post ? '' : $post->post_type,
			null === $post ? '' : $post->post_status,
			$counts['inbound'] ?? 0,
			$counts['internal'] ?? 0,
			$counts['external'] ?? 0,
			null !== $counts
		);
	}

	/**
	 * The WHERE clause: the chosen types, what the user may read of each, and the query's filters.
	 *
	 * @return array{0: string, 1: array<int, int|string>} SQL with placeholders only, and its values.
	 */
	private function where( Link_Count_Query $query ): array {
		global $wpdb;
		$user    = get_current_user_id();
		$clauses = array();
		$params  = array();
		foreach ( $this->settings->post_types() as $type ) {
			$object = get_post_type_object( $type );
			if ( null === $object ) {
				continue;
			}
			$cap     = $object->cap;
			$visible = array( "p.post_status = 'publish'" );
			// Private posts: every one for whoever may read private posts of the type, else the user's own.
			$visible[] = current_user_can( $cap->read_private_posts ) ? "p.post_status = 'private'" : $wpdb->prepare( "( p.post_status = 'private' AND p.post_author = %d )", $user );
			// Drafts, pending and scheduled posts: for whoever may edit them.
			if ( current_user_can( $cap->edit_others_posts ) ) {
				$visible[] = "p.post_status IN ( 'draft', 'pending', 'future' )";
			} elseif ( current_user_can( $cap->edit_posts ) ) {
				$visible[] = $wpdb->prepare( "( p.post_status IN ( 'draft', 'pending', 'future' ) AND p.post_author = %d )", $user );
			}
			$clauses[] = '( p.post_type = %s AND ( ' . implode( ' OR ', $visible ) . ' ) )';
			$params[]  = $type;
		}
		if ( array() === $clauses ) {
			// No post type is chosen: nothing matches (the placeholder keeps prepare() from being called without one).
			return array( 'p.post_type = %s', array( '' ) );
		}
		$where = '( ' . implode( ' OR ', $clauses ) . ' )';
		if ( '' !== $query->search ) {
			$where   .= ' AND p.post_title LIKE %s';
			$params[] = '%' . $wpdb->esc_like( $query->search ) . '%';
		}
		if ( 'orphans' === $query->filter ) {
			// Counted posts only: one not counted yet may well have links to it.
			$where   .= " AND p.post_status = 'publish' AND EXISTS ( SELECT 1 FROM {$wpdb->postmeta} o WHERE o.post_id = p.ID AND o.meta_key = %s AND o.meta_value = '0' )";
			$params[] = Link_Counts::META_INBOUND;
		}
		foreach ( array( array( $query->links_to, Link_Counts::META_SOURCES ), array( $query->links_from, Link_Counts::META_TARGETS ) ) as [ $post_id, $key ] ) {
			if ( $post_id > 0 ) {
				$linked = get_post_meta( $post_id, $key, true );
				$ids    = is_array( $linked ) ? array_map( 'intval', array_keys( $linked ) ) : array();
				$where .= array() === $ids ? ' AND 1 = 0' : ' AND p.ID IN (' . implode( ',', $ids ) . ')';
			}
		}
		return array( $where, $params );
	}
}
