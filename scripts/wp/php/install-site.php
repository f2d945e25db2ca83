<?php
/**
 * Installs a throwaway WordPress site without WP-CLI (which is not packaged anywhere reachable here).
 *
 * Usage: php install-site.php <site dir> < request.json
 * The request names the site and the users to create; the answer (JSON on stdout) lists each user's id and a new
 * Application Password. Anything WordPress prints while installing goes to stderr so stdout stays JSON.
 */

declare(strict_types=1);

if (PHP_SAPI !== 'cli' || !isset($argv[1])) {
	fwrite(STDERR, "usage: php install-site.php <site dir> < request.json\n");
	exit(2);
}

$interlinker_request = json_decode((string) stream_get_contents(STDIN), true, 8, JSON_THROW_ON_ERROR);

define('WP_INSTALLING', true);
ob_start();

require rtrim($argv[1], '/') . '/wp-load.php';
// WP_DEBUG_DISPLAY is off for web requests (it would corrupt JSON); on the command line errors should be seen.
ini_set('display_errors', 'stderr');
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

// The site cannot send mail; skip the "new site" and "new user" messages instead of failing on a missing sendmail.
add_filter('pre_wp_mail', '__return_false');

/**
 * @param array{login: string, email: string, password: string, role: string} $user
 */
function interlinker_create_application_password(int $user_id, array $user): array {
	$created = WP_Application_Passwords::create_new_application_password($user_id, ['name' => 'interlinker-tests']);
	if (is_wp_error($created)) {
		throw new RuntimeException("application password for {$user['login']}: " . $created->get_error_message());
	}
	return [
		'role' => $user['role'],
		'id' => $user_id,
		'login' => $user['login'],
		'password' => $user['password'],
		'appPassword' => $created[0],
	];
}

$interlinker_admin = $interlinker_request['admin'];
$interlinker_installed = wp_install(
	$interlinker_request['title'],
	$interlinker_admin['login'],
	$interlinker_admin['email'],
	true,
	'',
	wp_slash($interlinker_admin['password'])
);

$interlinker_users = [
	interlinker_create_application_password(
		(int) $interlinker_installed['user_id'],
		$interlinker_admin + ['role' => 'administrator']
	),
];
foreach ($interlinker_request['users'] as $interlinker_user) {
	$interlinker_user_id = wp_insert_user([
		'user_login' => $interlinker_user['login'],
		'user_email' => $interlinker_user['email'],
		'user_pass' => $interlinker_user['password'],
		'display_name' => ucfirst($interlinker_user['role']),
		'role' => $interlinker_user['role'],
	]);
	if (is_wp_error($interlinker_user_id)) {
		throw new RuntimeException("user {$interlinker_user['login']}: " . $interlinker_user_id->get_error_message());
	}
	$interlinker_users[] = interlinker_create_application_password($interlinker_user_id, $interlinker_user);
}

// Pretty permalinks, as on real sites; the rules are rebuilt on the first request once plugins have loaded.
$GLOBALS['wp_rewrite']->set_permalink_structure('/%postname%/');
delete_option('rewrite_rules');

fwrite(STDERR, (string) ob_get_clean());
echo json_encode(['users' => $interlinker_users], JSON_THROW_ON_ERROR);
