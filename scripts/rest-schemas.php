<?php
/**
 * Prints the plugin's REST response schemas (Interlinker\Rest\Rest_Schemas::all()) as JSON, without a WordPress
 * site: scripts/rest-types.ts turns them into the admin UI's TypeScript types.
 *
 *   php scripts/rest-schemas.php [plugin-dir]
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

// The schema classes need only these two things of WordPress: untranslated strings are what the types describe.
define( 'ABSPATH', __DIR__ . '/' );
if ( ! function_exists( '__' ) ) {
	function __( string $text, string $domain = 'default' ): string {
		return $text;
	}
}

require ( $argv[1] ?? dirname( __DIR__ ) . '/plugin' ) . '/includes/autoload.php';

echo json_encode( Interlinker\Rest\Rest_Schemas::all(), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ), "\n";
