<?php
/**
 * The implementation history as this site recorded it in post meta, for when the bridge cannot be reached: which
 * implementation put which links into which post, and which of them were undone since. Only posts the current
 * user may read count; an implementation none of whose posts the user may read is left out.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Implementation;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Recorded_Implementations {

	/** The value of the X-Interlinker-Source header on answers made from these records. */
	public const SOURCE = 'site-records';

	public function __construct(
		private readonly Implementation_Records $records,
		private readonly Implementation_Details $details,
	) {}

	/**
	 * Whether a failed bridge call means the bridge cannot be reached (refused, timed out, or a 5xx), as opposed to a
	 * refusal (not connected, bad key, not found), which the route passes on as it is.
	 */
	public static function bridge_unreachable( WP_Error $error ): bool {
		$code = (string) $error->get_error_code();
		if ( in_array( $code, array( 'interlinker_bridge_unreachable', 'interlinker_bridge_timeout' ), true ) ) {
			return true;
		}
		return 'interlinker_bridge_error' === $code && (int) ( ( (array) $error->get_error_data() )['bridgeStatus'] ?? 0 ) >= 500;
	}

	/**
	 * One page of the implementations the site recorded, newest first.
	 *
	 * @return array{items: array<int, array<string, mixed>>, total: int}
	 */
	public function page( int $limit, int $offset, ?string $status ): array {
		$all = array();
		foreach ( $this->records->posts_by_implementation( $this->recorded_ids() ) as $implementation_id => $post_ids ) {
			$implementation = $this->implementation( (string) $implementation_id, $post_ids );
			if ( null !== $implementation && ( null === $status || $status === $implementation->status ) ) {
				$all[] = $implementation;
			}
		}
		usort( $all, static fn( Implementation $a, Implementation $b ): int => strcmp( (string) $b->created_at, (string) $a->created_at ) ?: strcmp( $b->id, $a->id ) );
		$shown = array_slice( $all, $offset, max( 0, $limit ) );
		$posts = $this->details->posts_by_implementation( array_map( static fn( Implementation $one ): string => $one->id, $shown ) );
		return array(
			'items' => array_map( static fn( Implementation $one ): array => $one->to_rest() + array( 'posts' => $posts[ $one->id ] ?? array() ), $shown ),
			'total' => count( $all ),
		);
	}

	/**
	 * One implementation as the details route shows it, without the bridge's suggestions; a 404 when the site
	 * recorded nothing of it in a post the user may read.
	 */
	public function one( string $implementation_id ): Detailed_Implementation|WP_Error {
		$post_ids       = $this->records->posts_by_implementation( array( $implementation_id ) )[ $implementation_id ] ?? array();
		$implementation = $this->implementation( $implementation_id, $post_ids );
		if ( null === $implementation ) {
			return new WP_Error( 'interlinker_not_found', __( 'The bridge cannot be reached, and this site has no record of that implementation.', 'interlinker' ), array( 'status' => 404 ) );
		}
		return new Detailed_Implementation( $implementation, $this->details->changed_posts( $implementation_id ), array() );
	}

	/**
	 * Ids of every implementation that ever changed a post of this site.
	 *
	 * @return string[]
	 */
	private function recorded_ids(): array {
		global $wpdb;
		return array_map( 'strval', (array) $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT meta_value FROM {$wpdb->postmeta} WHERE meta_key IN ( %s, %s )", Implementation_Records::META_ID, Implementation_Records::META_TOUCHED ) ) );
	}

	/**
	 * The implementation as the posts the user may read recorded it: every link that went in succeeded; one undone
	 * since carries its undo time. Null when none of its posts is readable.
	 *
	 * @param int[] $post_ids
	 */
	private function implementation( string $implementation_id, array $post_ids ): ?Implementation {
		$readable = array_values( array_filter( $post_ids, static fn( int $post_id ): bool => null !== get_post( $post_id ) && current_user_can( 'read_post', $post_id ) ) );
		if ( array() === $readable ) {
			return null;
		}
		$results    = array();
		$created_at = null;
		$applied_at = null;
		$undone_at  = null;
		$in_place   = 0;
		foreach ( $readable as $post_id ) {
			$record = $this->records->find( $post_id, $implementation_id );
			if ( null !== $record ) {
				$created_at ??= is_string( $record['createdAt'] ?? null ) ? $record['createdAt'] : null;
				$applied_at ??= is_string( $record['appliedAt'] ?? null ) ? $record['appliedAt'] : null;
				foreach ( Implementation_Records::links_of( $record ) as $link ) {
					$results[ $link->suggestion_id ] = self::result( $link->suggestion_id, null );
					++$in_place;
				}
			}
			foreach ( $this->records->undone_links( $post_id, $implementation_id ) as $undone ) {
				$results[ $undone['suggestionId'] ] = self::result( $undone['suggestionId'], $undone['undoneAt'] );
				$undone_at                          = max( (string) $undone_at, $undone['undoneAt'] );
			}
		}
		$rolled_back = count( $results ) - $in_place;
		$status      = 0 === $in_place && array() !== $results ? 'rolled_back' : 'completed';
		return Implementation::from_bridge(
			array(
				'id'            => $implementation_id,
				'suggestionIds' => array_map( 'strval', array_keys( $results ) ),
				'platform'      => 'wordpress',
				'status'        => $status,
				'createdAt'     => $created_at ?? $applied_at ?? $undone_at,
				'implementedAt' => $applied_at,
				'summary'       => array(
					'succeeded'  => count( $results ),
					'failed'     => 0,
					'rolledBack' => $rolled_back,
				),
				'rolledBackAt'  => 'rolled_back' === $status ? $undone_at : null,
				'results'       => array_values( $results ),
			)
		);
	}

	/**
	 * @return array{suggestionId: string, succeeded: bool, error: null, rolledBackAt: string|null}
	 */
	private static function result( string $suggestion_id, ?string $undone_at ): array {
		return array(
			'suggestionId' => $suggestion_id,
			'succeeded'    => true,
			'error'        => null,
			'rolledBackAt' => $undone_at,
		);
	}
}
