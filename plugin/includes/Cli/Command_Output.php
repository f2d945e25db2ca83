<?php
/**
 * What every `wp interlinker` command shares: the plugin's errors as WP_CLI::error (exit 1), text made safe for a
 * terminal, lists through WP_CLI\Formatter, and the arguments that name posts.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use WP_CLI;
use WP_CLI\Formatter;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Command_Output {

	/**
	 * Ends the command with the plugin's message (exit 1) when $value is an error or a refusal.
	 *
	 * @template T
	 * @param T|WP_Error $value
	 * @return T
	 */
	public static function or_exit( mixed $value ): mixed {
		if ( $value instanceof WP_Error ) {
			WP_CLI::error( self::plain( $value->get_error_message() ) );
		}
		return $value;
	}

	/**
	 * Text any author may have written, without what a terminal would run: escape sequences and control characters.
	 */
	public static function plain( string $text ): string {
		return (string) preg_replace( '/\x1B\[[0-?]*[ -\/]*[@-~]|[\x00-\x08\x0B-\x1F\x7F]/u', '', $text );
	}

	/**
	 * Shows rows as --format asks (table, csv, json, yaml, count, ids), the fields --fields names or $fields.
	 *
	 * @param array<string, mixed>             $assoc_args The command's options.
	 * @param array<int, array<string, mixed>> $rows
	 * @param string[]                         $fields     Shown unless --fields says otherwise.
	 */
	public static function rows( array $assoc_args, array $rows, array $fields ): void {
		$formatter = new Formatter( $assoc_args, $fields );
		$formatter->display_items( array_map( array( self::class, 'plain_row' ), $rows ) );
	}

	/**
	 * Shows one record as a Field/Value table, or as --format asks.
	 *
	 * @param array<string, mixed> $assoc_args The command's options.
	 * @param array<string, mixed> $item
	 */
	public static function item( array $assoc_args, array $item ): void {
		$formatter = new Formatter( $assoc_args, array_keys( $item ) );
		$formatter->display_item( self::plain_row( $item ) );
	}

	/**
	 * The post an argument names; ends the command when there is none.
	 */
	public static function post( string $id ): WP_Post {
		$post = ctype_digit( $id ) ? get_post( (int) $id ) : null;
		if ( ! $post instanceof WP_Post ) {
			/* translators: %s: what was given as a post ID. */
			WP_CLI::error( sprintf( __( 'No such post: %s.', 'interlinker' ), self::plain( $id ) ) );
		}
		return $post;
	}

	/**
	 * The posts a comma-separated list names (each must exist), without repeats.
	 *
	 * @return int[]
	 */
	public static function post_ids( string $list ): array {
		$ids = array();
		foreach ( array_filter( array_map( 'trim', explode( ',', $list ) ), 'strlen' ) as $id ) {
			$ids[] = self::post( $id )->ID;
		}
		if ( array() === $ids ) {
			WP_CLI::error( __( '--post needs at least one post ID.', 'interlinker' ) );
		}
		return array_values( array_unique( $ids ) );
	}

	/**
	 * @param array<string, mixed> $row
	 * @return array<string, mixed>
	 */
	private static function plain_row( array $row ): array {
		return array_map( static fn( mixed $value ): mixed => is_string( $value ) ? self::plain( $value ) : $value, $row );
	}
}
