<?php
/**
 * One implementation as the details screen shows it: the bridge's record, what it changed on this site (posts and
 * links), and its suggestions with their posts; posts and suggestions the current user may not read are left out.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Access\Post_Visibility;
use Interlinker\Bridge\Project_Api;
use Interlinker\Rest\Suggestion_View;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implementation_Details {

	/** The most suggestions one implementation holds (the bridge's limit for one implement call). */
	private const MAX_SUGGESTIONS = 100;

	public function __construct(
		private readonly Project_Api $api,
		private readonly Implementation_Records $records,
		private readonly Suggestion_View $view,
	) {}

	public function for_id( string $id ): Detailed_Implementation|WP_Error {
		$implementation = $this->api->get_implementation( $id );
		if ( is_wp_error( $implementation ) ) {
			return $implementation;
		}
		$posts = $this->changed_posts( $implementation->id );
		// The suggestions themselves (with post titles), so the details screen can show every row, failed ones too.
		$suggestions = $this->api->list_suggestions(
			array(
				'implementationId' => $implementation->id,
				'limit'            => self::MAX_SUGGESTIONS,
			)
		);
		if ( is_wp_error( $suggestions ) ) {
			return $suggestions;
		}
		return new Detailed_Implementation(
			$implementation,
			$posts,
			$this->view->present_readable( $suggestions['items'] )
		);
	}

	/**
	 * Every post the implementation changed, links undone since or not, each with what is still in it and what was
	 * undone.
	 *
	 * @return Changed_Post[]
	 */
	public function changed_posts( string $implementation_id ): array {
		$posts = array();
		foreach ( $this->records->posts_by_implementation( array( $implementation_id ) )[ $implementation_id ] ?? array() as $post_id ) {
			if ( ! self::readable( $post_id ) ) {
				continue;
			}
			$record  = $this->records->find( $post_id, $implementation_id );
			$posts[] = new Changed_Post(
				$post_id,
				self::title( $post_id ),
				current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '',
				null === $record ? array() : Implementation_Records::links_of( $record ),
				$this->records->undone_links( $post_id, $implementation_id ),
				(string) get_permalink( $post_id ),
			);
		}
		return $posts;
	}

	/**
	 * The posts each implementation changed, as the list shows them: title and links, no content.
	 *
	 * @param string[] $implementation_ids
	 * @return array<string, array<int, array{postId: int, title: string, url: string, editLink: string}>> Implementation id → its posts.
	 */
	public function posts_by_implementation( array $implementation_ids ): array {
		$listed = array();
		foreach ( $this->records->posts_by_implementation( $implementation_ids ) as $implementation_id => $post_ids ) {
			foreach ( $post_ids as $post_id ) {
				if ( self::readable( $post_id ) ) {
					$listed[ $implementation_id ][] = array(
						'postId'   => $post_id,
						'title'    => self::title( $post_id ),
						'url'      => (string) get_permalink( $post_id ),
						'editLink' => current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '',
					);
				}
			}
		}
		return $listed;
	}

	/**
	 * A post the user may not see (Post_Visibility) is left out, title and all.
	 */
	private static function readable( int $post_id ): bool {
		return Post_Visibility::can_see( $post_id );
	}

	private static function title( int $post_id ): string {
		return html_entity_decode( wp_strip_all_tags( get_the_title( $post_id ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}
}
