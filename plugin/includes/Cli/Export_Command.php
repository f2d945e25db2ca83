<?php
/**
 * `wp interlinker export`: the CSV files of the screens' "Export CSV" buttons, written to standard output.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use Interlinker\Access\Capability_Rules;
use Interlinker\Bridge\Implementation;
use Interlinker\Bridge\Suggestion;
use Interlinker\Export\Csv_Document;
use Interlinker\Export\Csv_Exports;
use Interlinker\Suggestions\Suggestion_List_Query;
use WP_CLI;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Export_Command {

	public function __construct( private readonly Csv_Exports $exports ) {}

	/**
	 * Writes a CSV file to standard output: suggestions, implementations with their links, broken links or orphans.
	 *
	 * The same file as the screens' "Export CSV" buttons: UTF-8 with a byte order mark, and no cell a spreadsheet would run as a formula. A file cut short (more than 10,000 rows) ends with a line that says so, and the command warns.
	 *
	 * ## OPTIONS
	 *
	 * <report>
	 * : What to export.
	 * ---
	 * options:
	 *   - suggestions
	 *   - implementations
	 *   - broken-links
	 *   - orphans
	 * ---
	 *
	 * [--status=<status>]
	 * : Suggestions: only these statuses, comma-separated (pending, approved, rejected, implemented). Implementations: only this status (pending, completed, failed, rolled_back).
	 *
	 * [--post=<id>]
	 * : Suggestions: only those of links from this post.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker export suggestions --status=pending > pending-suggestions.csv
	 *     $ wp interlinker export broken-links > broken-links.csv
	 *
	 * @param string[]             $args       The report.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_posts' ) );
		$document = Command_Output::or_exit( $this->document( $args[0], (string) ( $assoc_args['status'] ?? '' ), $assoc_args ) );
		if ( null !== $document->note ) {
			WP_CLI::warning( $document->note );
		}
		// The file itself, byte for byte: WP_CLI::line would add a line end after its CRLF lines.
		fwrite( STDOUT, $document->to_csv() );
	}

	/**
	 * @param array<string, mixed> $assoc_args
	 */
	private function document( string $report, string $status, array $assoc_args ): Csv_Document|WP_Error {
		switch ( $report ) {
			case 'suggestions':
				$statuses = array_values( array_filter( array_map( 'trim', explode( ',', $status ) ), 'strlen' ) );
				self::require_known( $statuses, Suggestion::STATUSES );
				$post_id = isset( $assoc_args['post'] ) ? Command_Output::post( (string) $assoc_args['post'] )->ID : 0;
				return $this->exports->suggestions( new Suggestion_List_Query( 1, 1, 'createdAt', 'desc', $statuses, '', $post_id ) );
			case 'implementations':
				self::require_known( '' === $status ? array() : array( $status ), Implementation::STATUSES );
				return $this->exports->implementations( $status );
			case 'broken-links':
				return $this->exports->broken_links();
			default:
				return $this->exports->orphans();
		}
	}

	/**
	 * @param string[] $given
	 * @param string[] $known
	 */
	private static function require_known( array $given, array $known ): void {
		foreach ( $given as $status ) {
			if ( ! in_array( $status, $known, true ) ) {
				/* translators: 1: what was given, 2: the statuses there are. */
				WP_CLI::error( sprintf( __( 'No such status: %1$s. Use %2$s.', 'interlinker' ), Command_Output::plain( $status ), implode( ', ', $known ) ) );
			}
		}
	}
}
