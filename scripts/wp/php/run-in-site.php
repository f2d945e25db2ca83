<?php
/**
 * Runs PHP code read from stdin inside an installed site (after wp-load.php), for tests that arrange or inspect
 * WordPress state directly. The code is statements without an opening tag; whatever it prints is the result.
 *
 * Usage: php run-in-site.php <site dir> < code.php
 */

declare(strict_types=1);

if (PHP_SAPI !== 'cli' || !isset($argv[1])) {
	fwrite(STDERR, "usage: php run-in-site.php <site dir> < code.php\n");
	exit(2);
}

$interlinker_code = (string) stream_get_contents(STDIN);

ob_start();
require rtrim($argv[1], '/') . '/wp-load.php';
// WP_DEBUG_DISPLAY is off for web requests (it would corrupt JSON); on the command line errors should be seen.
ini_set('display_errors', 'stderr');
fwrite(STDERR, (string) ob_get_clean());

// Runs in a function scope so the snippet cannot clobber the globals above by accident.
(static function (string $code): void {
	eval($code);
})($interlinker_code);
