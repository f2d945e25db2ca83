<?php
/**
 * A REST answer that is a CSV file instead of JSON: made here with its download headers, and sent as it is by
 * serve() on `rest_pre_serve_request` (WordPress's REST server would otherwise encode the file as a JSON string).
 * Errors stay JSON WP_Errors, so that wp-admin's apiFetch reads them as usual.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Export\Csv_Document;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Csv_Response {

	public const CONTENT_TYPE = 'text/csv; charset=utf-8';

	/**
	 * The answer for a download named `interlinker-<what>-<date>.csv` (the site's date): the file, how many rows it
	 * holds, and, when it stops short, why (X-Interlinker-Export-Cut: `cap` or `budget`; its last line says so too).
	 */
	public static function download( Csv_Document $document, string $what ): WP_REST_Response {
		$response = new WP_REST_Response( $document->to_csv() );
		$response->header( 'Content-Type', self::CONTENT_TYPE );
		$response->header( 'Content-Disposition', sprintf( 'attachment; filename="interlinker-%s-%s.csv"', sanitize_file_name( $what ), wp_date( 'Y-m-d' ) ) );
		$response->header( 'X-Interlinker-Export-Rows', (string) count( $document->rows ) );
		if ( null !== $document->cut ) {
			$response->header( 'X-Interlinker-Export-Cut', $document->cut );
		}
		return $response;
	}

	/**
	 * Sends a CSV answer of the plugin's routes as it is; any other answer is left to WordPress.
	 *
	 * @param bool             $served  Whether something else has sent the answer already.
	 * @param mixed            $result  The answer.
	 * @param WP_REST_Request  $request The request.
	 * @param WP_REST_Server   $server  The REST server (unused).
	 */
	public static function serve( $served, $result, $request, $server ): bool {
		unset( $server );
		if ( $served || ! $result instanceof WP_REST_Response || ! $request instanceof WP_REST_Request || ! str_starts_with( $request->get_route(), '/' . Rest_Controller::NAMESPACE . '/' ) ) {
			return (bool) $served;
		}
		$headers = $result->get_headers();
		$data    = $result->get_data();
		if ( self::CONTENT_TYPE !== ( $headers['Content-Type'] ?? '' ) || ! is_string( $data ) ) {
			return false;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			// The file as made by Csv_Document: every cell was defused and quoted there; escaping it again would change it.
			echo $data; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
		}
		return true;
	}
}
