<?php
/**
 * Activates the plugin in wp-content/plugins/<folder> of an installed site, the way WP-CLI does: after WordPress has
 * loaded normally, so the plugin's activation hook sees a complete site.
 *
 * Usage: php activate-plugin.php <site dir> <plugin folder>
 * Prints the activated plugin file (e.g. "interlinker/interlinker.php"), or nothing when the folder holds no plugin yet.
 */

declare(strict_types=1);

if (PHP_SAPI !== 'cli' || !isset($argv[2])) {
	fwrite(STDERR, "usage: php activate-plugin.php <site dir> <plugin folder>\n");
	exit(2);
}

ob_start();
require rtrim($argv[1], '/') . '/wp-load.php';
// WP_DEBUG_DISPLAY is off for web requests (it would corrupt JSON); on the command line errors should be seen.
ini_set('display_errors', 'stderr');
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$interlinker_folder = $argv[2];
$interlinker_files = array_keys(get_plugins('/' . $interlinker_folder));
fwrite(STDERR, (string) ob_get_clean());

if ($interlinker_files === []) {
	exit(0);
}

$interlinker_file = $interlinker_folder . '/' . $interlinker_files[0];
$interlinker_result = activate_plugin($interlinker_file);
if (is_wp_error($interlinker_result)) {
	fwrite(STDERR, "activating $interlinker_file: " . $interlinker_result->get_error_message() . "\n");
	exit(1);
}
echo $interlinker_file;
