<?php
/**
 * Router for PHP's built-in server: real files and directory indexes are served as the server would,
 * every other path goes to WordPress's front controller (what Apache's rewrite rules do on a real host).
 */

declare(strict_types=1);

$interlinker_path = rawurldecode((string) parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH));
$interlinker_file = $_SERVER['DOCUMENT_ROOT'] . $interlinker_path;

if (is_dir($interlinker_file)) {
	if (!str_ends_with($interlinker_path, '/')) {
		// Without the slash, relative URLs inside wp-admin/ would resolve one level too high.
		$interlinker_query = (string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_QUERY);
		header('Location: ' . $interlinker_path . '/' . ($interlinker_query === '' ? '' : '?' . $interlinker_query), true, 301);
		return true;
	}
	if (is_file($interlinker_file . 'index.php')) {
		return false;
	}
} elseif (is_file($interlinker_file)) {
	return false;
}

$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
chdir($_SERVER['DOCUMENT_ROOT']);
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
