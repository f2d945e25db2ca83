<?php
/**
 * The `wp interlinker` namespace: its docblock is what `wp help interlinker` shows above the list of commands.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use WP_CLI\Dispatcher\CommandNamespace;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Syncs this site with its Interlinker bridge, reviews and implements internal-link suggestions, and exports reports.
 *
 * Without --user, a command acts with an administrator's rights, as WP-CLI's own commands do. With --user=<login>, it is held to that user's capabilities, exactly as in wp-admin.
 *
 * ## EXAMPLES
 *
 *     # Is the bridge reachable, and how much of the site does it have?
 *     $ wp interlinker status
 *
 *     # Send every post to the bridge.
 *     $ wp interlinker sync --all
 *
 *     # Suggestions for post 42: generate, approve two, insert their links.
 *     $ wp interlinker suggestions generate 42
 *     $ wp interlinker suggestions approve 9f2c1a 77b0e4
 *     $ wp interlinker implement 9f2c1a 77b0e4 --yes
 */
final class Interlinker_Namespace extends CommandNamespace {
}
