<?php
/**
 * What the links-per-post report was asked for: a title search, an order, the orphans only, the posts that link to
 * one post or that one post links to, and a page.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Links;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Count_Query {

	public const ORDERBY = array( 'inbound', 'internal', 'external', 'title' );
	public const FILTERS = array( 'all', 'orphans' );

	/**
	 * @param string $orderby    One of ORDERBY.
	 * @param string $order      'asc' or 'desc'.
	 * @param string $filter     'all', or 'orphans': published posts no other post links to.
	 * @param int    $links_to   Only the posts that link to this post (0: any).
	 * @param int    $links_from Only the posts this post links to (0: any).
	 * @param int    $per_page   0: no paging (the CSV export, up to its cap).
	 */
	public function __construct(
		public readonly string $search = '',
		public readonly string $orderby = 'inbound',
		public readonly string $order = 'asc',
		public readonly string $filter = 'all',
		public readonly int $links_to = 0,
		public readonly int $links_from = 0,
		public readonly int $page = 1,
		public readonly int $per_page = 20,
	) {}
}
