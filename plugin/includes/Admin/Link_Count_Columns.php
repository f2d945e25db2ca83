<?php
/**
 * "Inbound links", "Internal links" and "External links" columns in the post lists (All Posts, All Pages, and every
 * chosen post type), sortable, for users who can edit posts. Inbound and internal numbers lead to Link health's
 * report of the posts that link to this one, or that this one links to.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Admin;

use Interlinker\Links\Link_Count_Report;
use Interlinker\Links\Link_Counts;
use Interlinker\Settings\Settings;
use WP_Query;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Count_Columns {

	/** Column name → orderby value and the count it shows. */
	private const COLUMNS = array(
		'interlinker_inbound'  => 'inbound',
		'interlinker_internal' => 'internal',
		'interlinker_external' => 'external',
	);

	public function __construct(
		private readonly Link_Counts $counts,
		private readonly Settings $settings,
	) {}

	/**
	 * The post types whose lists get the columns: the chosen ones, for users who can edit posts.
	 *
	 * @return string[]
	 */
	public function post_types(): array {
		return current_user_can( 'edit_posts' ) ? $this->settings->post_types() : array();
	}

	/**
	 * The count columns narrow: a list table's columns without a width share what is left equally, which would
	 * squeeze the title.
	 */
	public function print_styles(): void {
		echo '<style>.fixed .column-interlinker_inbound,.fixed .column-interlinker_internal,.fixed .column-interlinker_external{width:5em}</style>';
	}

	/**
	 * @param array<string, string> $columns Column name → header.
	 * @return array<string, string>
	 */
	public function columns( array $columns ): array {
		return $columns + array(
			'interlinker_inbound'  => __( 'Inbound links', 'interlinker' ),
			'interlinker_internal' => __( 'Internal links', 'interlinker' ),
			'interlinker_external' => __( 'External links', 'interlinker' ),
		);
	}

	/**
	 * @param array<string, mixed> $columns Sortable column name → orderby.
	 * @return array<string, mixed>
	 */
	public function sortable( array $columns ): array {
		foreach ( self::COLUMNS as $column => $count ) {
			// Most links first on the first click: a list sorted by a count is read from the top.
			$columns[ $column ] = array( 'interlinker_' . $count, true );
		}
		return $columns;
	}

	public function cell( string $column, int $post_id ): void {
		$count = self::COLUMNS[ $column ] ?? null;
		if ( null === $count ) {
			return;
		}
		$counts = $this->counts->of( $post_id );
		if ( null === $counts ) {
			printf( '<span aria-hidden="true">—</span><span class="screen-reader-text">%s</span>', esc_html__( 'Not counted yet', 'interlinker' ) );
			return;
		}
		$value = (int) $counts[ $count ];
		$arg   = array(
			'inbound'  => 'links_to',
			'internal' => 'links_from',
		)[ $count ] ?? null;
		if ( null === $arg || 0 === $value || 'publish' !== get_post_status( $post_id ) ) {
			echo esc_html( number_format_i18n( $value ) );
			return;
		}
		$url   = add_query_arg(
			array(
				'page' => 'interlinker-health',
				$arg   => $post_id,
			),
			admin_url( 'admin.php' )
		);
		$label = 'inbound' === $count
			/* translators: %s: number of links. */
			? _n( '%s link to this post: see which posts', '%s links to this post: see which posts', $value, 'interlinker' )
			/* translators: %s: number of links. */
			: _n( '%s internal link in this post: see where it leads', '%s internal links in this post: see where they lead', $value, 'interlinker' );
		printf( '<a href="%1$s" aria-label="%2$s">%3$s</a>', esc_url( $url ), esc_attr( sprintf( $label, number_format_i18n( $value ) ) ), esc_html( number_format_i18n( $value ) ) );
	}

	/**
	 * Sorting a post list by a count (posts_clauses): posts not counted yet sort as 0, so none drops out of the list.
	 *
	 * @param array<string, string> $clauses The query's SQL clauses.
	 * @param WP_Query              $query   The query.
	 * @return array<string, string>
	 */
	public function order_by_count( array $clauses, WP_Query $query ): array {
		$orderby = $query->get( 'orderby' );
		if ( ! is_string( $orderby ) || ! str_starts_with( $orderby, 'interlinker_' ) ) {
			return $clauses;
		}
		$key = Link_Counts::SORT_KEYS[ substr( $orderby, strlen( 'interlinker_' ) ) ] ?? null;
		if ( null === $key || ! is_admin() || ! current_user_can( 'edit_posts' ) ) {
			return $clauses;
		}
		global $wpdb;
		$order              = 'ASC' === strtoupper( (string) $query->get( 'order' ) ) ? 'ASC' : 'DESC';
		$clauses['orderby'] = $wpdb->prepare( Link_Count_Report::count_of( $wpdb->posts ), $key ) . " {$order}, {$wpdb->posts}.post_title ASC";
		return $clauses;
	}
}
