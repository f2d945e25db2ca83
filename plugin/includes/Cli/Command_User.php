<?php
/**
 * Whose rights a `wp interlinker` command acts with. WP-CLI runs as no user unless --user is given; its own commands
 * then act with full rights, so these do too: whoever runs WP-CLI can already change the site's files and database.
 * With --user, WordPress knows the user, and the commands apply the same capability rules as the REST routes.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use WP_User;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Command_User {

	/**
	 * The `user_has_cap` filter while a command runs without --user: the anonymous user gets the capabilities asked
	 * for, except `do_not_allow` (what nobody may do, such as editing a post that does not exist).
	 *
	 * @param array<string, bool> $allcaps What the user has.
	 * @param string[]            $caps    The primitive capabilities asked for.
	 * @param array<mixed>        $args    The original check.
	 * @param WP_User             $user    The user checked.
	 * @return array<string, bool>
	 */
	public static function grant_when_anonymous( array $allcaps, array $caps, array $args, WP_User $user ): array {
		if ( 0 !== $user->ID ) {
			return $allcaps;
		}
		foreach ( $caps as $cap ) {
			if ( 'do_not_allow' !== $cap ) {
				$allcaps[ $cap ] = true;
			}
		}
		return $allcaps;
	}
}
