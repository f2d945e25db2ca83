<?php
/**
 * Plugin Name:       Interlinker
 * Description:       Self-hosted internal-link suggestions: sync your content to an Interlinker bridge, review suggestions, insert links safely and roll them back.
 * Version:           0.1.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            Interlinker
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       interlinker
 *
 * @package Interlinker
 */

// This file must parse on old PHP versions so that it can explain why the plugin does not run there:
// no syntax newer than PHP 5.6 here; everything else lives in includes/.

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'INTERLINKER_VERSION', '0.1.0' );
define( 'INTERLINKER_PLUGIN_FILE', __FILE__ );
define( 'INTERLINKER_MIN_PHP', '8.1' );
define( 'INTERLINKER_MIN_WP', '6.6' );

/**
 * Returns what keeps the plugin from running here, or an empty string when nothing does.
 *
 * @return string
 */
function interlinker_unmet_requirement() {
	if ( version_compare( PHP_VERSION, INTERLINKER_MIN_PHP, '<' ) ) {
		/* translators: 1: required PHP version, 2: running PHP version. */
		return sprintf( __( 'Interlinker needs PHP %1$s or newer; this site runs PHP %2$s.', 'interlinker' ), INTERLINKER_MIN_PHP, PHP_VERSION );
	}
	if ( version_compare( get_bloginfo( 'version' ), INTERLINKER_MIN_WP, '<' ) ) {
		/* translators: 1: required WordPress version, 2: running WordPress version. */
		return sprintf( __( 'Interlinker needs WordPress %1$s or newer; this site runs WordPress %2$s.', 'interlinker' ), INTERLINKER_MIN_WP, get_bloginfo( 'version' ) );
	}
	return '';
}

$interlinker_unmet = interlinker_unmet_requirement();
if ( '' !== $interlinker_unmet ) {
	add_action(
		'admin_notices',
		function () use ( $interlinker_unmet ) {
			printf( '<div class="notice notice-error"><p>%s</p></div>', esc_html( $interlinker_unmet ) );
		}
	);
	return;
}
unset( $interlinker_unmet );

require_once __DIR__ . '/includes/autoload.php';

Interlinker\Plugin::instance()->register_hooks();
