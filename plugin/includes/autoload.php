<?php
/**
 * Class autoloader: Interlinker\Rest\Sync_Controller → includes/Rest/Sync_Controller.php.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = __NAMESPACE__ . '\\';
		if ( ! str_starts_with( $class_name, $prefix ) ) {
			return;
		}
		$relative = str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) );
		$file     = __DIR__ . '/' . $relative . '.php';
		if ( is_readable( $file ) ) {
			require $file;
		}
	}
);
