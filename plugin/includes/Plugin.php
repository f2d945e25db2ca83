<?php
/**
 * Builds the plugin's objects and wires every hook. Every add_action and add_filter of the plugin is here, so
 * that loading a class never has a side effect.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker;

use Interlinker\Access\Contributor_Budget;
use Interlinker\Access\Read_Cache;
use Interlinker\Access\User_Throttle;
use Interlinker\Admin\Admin_Screens;
use Interlinker\Admin\Link_Count_Columns;
use Interlinker\Analytics\Analytics_Report;
use Interlinker\Bridge\Bridge_Client;
use Interlinker\Bridge\Project_Api;
use Interlinker\Bridge\Project_Resolver;
use Interlinker\Cli\Command_User;
use Interlinker\Cli\Export_Command;
use Interlinker\Cli\Implement_Command;
use Interlinker\Cli\Interlinker_Namespace;
use Interlinker\Cli\Keyphrases_Command;
use Interlinker\Cli\Rollback_Command;
use Interlinker\Cli\Status_Command;
use Interlinker\Cli\Suggestions_Command;
use Interlinker\Cli\Sync_Command;
use Interlinker\Content\No_Suggestions;
use Interlinker\Content\Site_Content;
use Interlinker\Export\Csv_Exports;
use Interlinker\Export\Export_Pager;
use Interlinker\Export\Link_Counts_Csv;
use Interlinker\Html\Link_Inserter;
use Interlinker\Html\Public_Markers;
use Interlinker\Implement\Bridge_Rollback_Replay;
use Interlinker\Implement\Implementation_Details;
use Interlinker\Implement\Recorded_Implementations;
use Interlinker\Implement\Implementation_Reconciler;
use Interlinker\Implement\Implementation_Records;
use Interlinker\Implement\Implementation_Service;
use Interlinker\Implement\Links_In_Post;
use Interlinker\Implement\Post_Content_Writer;
use Interlinker\Implement\Post_Editing;
use Interlinker\Implement\Permitted_Implementation;
use Interlinker\Implement\Post_Lock;
use Interlinker\Implement\Rollback_Service;
use Interlinker\Implement\Unreported_Implementations;
use Interlinker\Links\Link_Count_Report;
use Interlinker\Links\Link_Count_Run;
use Interlinker\Links\Link_Counts;
use Interlinker\Rest\Analytics_Controller;
use Interlinker\Rest\Csv_Response;
use Interlinker\Rest\Exports_Controller;
use Interlinker\Rest\Generation_Controller;
use Interlinker\Rest\Implementations_Controller;
use Interlinker\Rest\Inbound_Suggestions_Controller;
use Interlinker\Rest\Link_Counts_Controller;
use Interlinker\Rest\Links_In_Post_Controller;
use Interlinker\Rest\No_Suggestions_Controller;
use Interlinker\Rest\Settings_Controller;
use Interlinker\Rest\Suggestion_View;
use Interlinker\Rest\Suggestions_Controller;
use Interlinker\Rest\Sync_Controller;
use Interlinker\Settings\Connection_Check;
use Interlinker\Settings\Key_Rotation;
use Interlinker\Settings\Settings;
use Interlinker\Settings\Settings_Update;
use Interlinker\Settings\Setup_State;
use Interlinker\Settings\Settings_View;
use Interlinker\Suggestions\Inbound_Finder;
use Interlinker\Suggestions\Suggestion_Generator;
use Interlinker\Suggestions\Suggestion_Listing;
use Interlinker\Suggestions\Suggestion_Status_Change;
use Interlinker\Sync\Exclusion_Resync;
use Interlinker\Sync\Post_Change_Listener;
use Interlinker\Sync\Post_Keyphrases;
use Interlinker\Sync\Project_Settings_Push;
use Interlinker\Sync\Site_Sync;
use Interlinker\Sync\Sync_Queue;
use Interlinker\Sync\Sync_Service;
use WP_CLI;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Plugin {

	private static ?self $instance = null;

	public readonly Settings $settings;
	public readonly Bridge_Client $client;
	public readonly Project_Api $api;
	public readonly Site_Content $content;
	public readonly Sync_Service $content_sync;
	public readonly Site_Sync $sync;
	public readonly Sync_Queue $queue;
	public readonly Implementation_Service $implementer;
	public readonly Rollback_Service $rollbacks;
	public readonly Implementation_Records $records;
	public readonly Implementation_Reconciler $reconciler;
	public readonly Project_Settings_Push $exclusions;
	public readonly Link_Counts $link_counts;
	public readonly Link_Count_Run $link_count_run;
	private readonly Link_Count_Columns $link_count_columns;

	private readonly Project_Resolver $projects;
	private readonly Post_Change_Listener $listener;
	private readonly Admin_Screens $screens;
	private readonly Read_Cache $reads;
	private readonly Contributor_Budget $budget;

	public static function instance(): self {
		return self::$instance ??= new self();
	}

	private function __construct() {
		$this->settings = new Settings();
		$this->client   = new Bridge_Client( $this->settings );
		$this->projects = new Project_Resolver( $this->client, $this->settings );
		$this->api      = new Project_Api( $this->client, $this->projects );
		$this->content  = new Site_Content( $this->settings );
		$this->records  = new Implementation_Records();
		$writer         = new Post_Content_Writer();
		$locks          = new Post_Lock();
		$unreported     = new Unreported_Implementations();
		$editing        = new Post_Editing();

		$this->rollbacks    = new Rollback_Service( $this->api, $writer, $this->records, $locks, $editing );
		$this->budget       = new Contributor_Budget( new User_Throttle() );
		$this->implementer  = new Implementation_Service( $this->api, $this->content, $this->settings, new Link_Inserter(), $writer, $this->records, $locks, $unreported, $editing, $this->budget );
		$this->reconciler   = new Implementation_Reconciler( $this->api, $unreported, $this->records );
		$this->exclusions   = new Project_Settings_Push( $this->api, $this->settings );
		$this->content_sync = new Sync_Service( $this->api, $this->content );

		$this->link_counts    = new Link_Counts( $this->settings );
		$this->link_count_run = new Link_Count_Run( $this->link_counts, $this->settings );
		$this->sync           = new Site_Sync( $this->api, $this->content_sync, $this->exclusions, new Bridge_Rollback_Replay( $this->api, $this->rollbacks, $this->records ), $this->reconciler, $this->link_count_run );

		$this->queue    = new Sync_Queue( $this->sync );
		$this->listener = new Post_Change_Listener( $this->queue, $this->content, $this->settings );
		$this->reads    = new Read_Cache( $this->budget );
		$this->screens  = new Admin_Screens( plugin_dir_path( INTERLINKER_PLUGIN_FILE ), plugin_dir_url( INTERLINKER_PLUGIN_FILE ), new Setup_State( $this->settings ) );

		$this->link_count_columns = new Link_Count_Columns( $this->link_counts, $this->settings );
	}

	public function register_hooks(): void {
		add_action( 'init', array( $this, 'load_textdomain' ) );
		add_action( 'init', array( Post_Keyphrases::class, 'register_meta' ) );
		add_action( 'init', array( No_Suggestions::class, 'register_meta' ) );
		// Inserted links keep their markers in the stored content (rollback finds them so), never in what is shown.
		add_filter( 'the_content', array( Public_Markers::class, 'strip' ), 999 );
		add_action( 'rest_api_init', array( $this, 'register_rest_routes' ) );
		// A user's change through the plugin's routes ends their cached read answers.
		add_filter( 'rest_request_after_callbacks', array( $this->reads, 'forget_after_change' ), 10, 3 );
		// A post that became or stopped being public changes what everyone may read: no cached answer outlives it.
		add_action( 'transition_post_status', array( $this->reads, 'forget_after_visibility_change' ), 10, 2 );
		// The export routes answer CSV files, which WordPress's REST server would send as a JSON string.
		add_filter( 'rest_pre_serve_request', array( Csv_Response::class, 'serve' ), 10, 4 );

		// Deferred sync: saving only queues; the queue is sent after the response, or by cron.
		add_action( 'wp_after_insert_post', array( $this->listener, 'post_saved' ), 10, 2 );
		add_action( 'trashed_post', array( $this->listener, 'post_trashed' ) );
		add_action( 'before_delete_post', array( $this->listener, 'post_deleting' ), 10, 2 );
		// A post's keyphrases (its own, Yoast's, Rank Math's) are sent with it: changing one queues it like an edit.
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $meta_hook ) {
			add_action( $meta_hook, array( $this->listener, 'meta_changed' ), 10, 3 );
		}
		// So is its language, which Polylang keeps as a term: setting it queues the post too.
		add_action( 'set_object_terms', array( $this->listener, 'terms_set' ), 10, 4 );
		add_action( 'shutdown', array( $this->queue, 'run_at_shutdown' ) );
		add_action( Sync_Queue::CRON_HOOK, array( $this->queue, 'run' ) );

		// Link counts: each save counts the post again (and the posts it links to); the full count goes on by cron.
		add_action( 'wp_after_insert_post', array( $this->link_counts, 'post_saved' ), 10, 4 );
		add_action( 'trashed_post', array( $this->link_counts, 'post_removed' ) );
		add_action( 'before_delete_post', array( $this->link_counts, 'post_removed' ) );
		add_action( Link_Count_Run::CRON_HOOK, array( $this->link_count_run, 'run_scheduled' ) );
		add_action( 'load-edit.php', array( $this, 'add_link_count_columns' ) );
		add_action( 'load-edit.php', array( $this->link_count_run, 'ensure_scheduled' ) );
		add_filter( 'posts_clauses', array( $this->link_count_columns, 'order_by_count' ), 10, 2 );

		add_action( 'admin_menu', array( $this->screens, 'add_menu' ) );
		add_action( 'admin_enqueue_scripts', array( $this->screens, 'enqueue' ) );
		add_action( 'enqueue_block_editor_assets', array( $this->screens, 'enqueue_editor' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( INTERLINKER_PLUGIN_FILE ), array( $this->screens, 'plugin_action_links' ) );

		register_deactivation_hook( INTERLINKER_PLUGIN_FILE, array( self::class, 'deactivate' ) );

		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			$this->register_cli_commands();
		}
	}

	/**
	 * `wp interlinker …`: thin commands over the same services as the REST routes (docs/wp-cli.md).
	 */
	private function register_cli_commands(): void {
		$as_command_user = array( 'before_invoke' => array( $this, 'act_as_command_user' ) );
		$view            = new Suggestion_View( $this->content );
		$listing         = $this->suggestion_listing( $view );
		$commands        = array(
			'status'      => new Status_Command( $this->settings, $this->connection_check(), $this->api, $this->content, $this->queue, $this->reconciler ),
			'sync'        => new Sync_Command( $this->sync, $this->queue, $this->content, new Setup_State( $this->settings ), $this->budget, $this->settings ),
			'suggestions' => new Suggestions_Command( $listing, $this->budget, new Suggestion_Status_Change( $this->api, $view, $this->budget ) ),
			'implement'   => new Implement_Command( new Permitted_Implementation( $this->implementer ) ),
			'rollback'    => new Rollback_Command( $this->rollbacks, $this->budget ),
			'export'      => new Export_Command( $this->csv_exports( $listing, $view ) ),
			'keyphrases'  => new Keyphrases_Command(),
		);
		WP_CLI::add_command( 'interlinker', Interlinker_Namespace::class );
		foreach ( $commands as $name => $command ) {
			WP_CLI::add_command( 'interlinker ' . $name, $command, $as_command_user );
		}
	}

	/**
	 * Before each `wp interlinker` command: run without --user, it acts with an administrator's rights, as WP-CLI's
	 * own commands do (Cli\Command_User). Run with --user, its changes end that user's cached read answers, as a
	 * change through the REST routes does; at shutdown, which also follows a command that stopped on an error.
	 */
	public function act_as_command_user(): void {
		if ( 0 === get_current_user_id() ) {
			add_filter( 'user_has_cap', array( Command_User::class, 'grant_when_anonymous' ), 10, 4 );
			return;
		}
		add_action( 'shutdown', array( $this->reads, 'forget_current_user' ) );
	}

	/**
	 * On a post list screen: the link-count columns for each chosen post type.
	 */
	public function add_link_count_columns(): void {
		foreach ( $this->link_count_columns->post_types() as $type ) {
			add_filter( "manage_{$type}_posts_columns", array( $this->link_count_columns, 'columns' ) );
			add_action( "manage_{$type}_posts_custom_column", array( $this->link_count_columns, 'cell' ), 10, 2 );
			add_filter( "manage_edit-{$type}_sortable_columns", array( $this->link_count_columns, 'sortable' ) );
		}
		add_action( 'admin_head', array( $this->link_count_columns, 'print_styles' ) );
	}

	public function load_textdomain(): void {
		load_plugin_textdomain( 'interlinker', false, dirname( plugin_basename( INTERLINKER_PLUGIN_FILE ) ) . '/languages' );
	}

	public function register_rest_routes(): void {
		$view        = new Suggestion_View( $this->content );
		$listing     = $this->suggestion_listing( $view );
		$reports     = new Analytics_Report( $this->api, $view );
		$links       = new Link_Count_Report( $this->link_counts, $this->settings );
		$connection  = $this->connection_check();
		$setup       = new Setup_State( $this->settings );
		$details     = new Implementation_Details( $this->api, $this->records, $view );
		$generator   = new Suggestion_Generator( $this->api, $this->content, $this->content_sync, $this->exclusions );
		$controllers = array(
			new Settings_Controller( $connection, new Key_Rotation( $this->settings, $this->client ), new Settings_Update( $this->settings, $this->exclusions, new Exclusion_Resync( $this->settings, $this->content, $this->queue ), $connection ), new Settings_View( $this->settings ) ),
			new Sync_Controller( $this->sync, $this->queue, $this->budget, $setup ),
			new Generation_Controller( $this->api, $this->settings, $setup, $this->reads, $this->budget ),
			new Suggestions_Controller( $this->api, $listing, $view, $this->reads, $this->budget, $this->content, new Suggestion_Status_Change( $this->api, $view, $this->budget ) ),
			new Inbound_Suggestions_Controller( new Inbound_Finder( $generator, $this->api, $this->content, $view ), $this->budget ),
			new Implementations_Controller( $this->api, new Permitted_Implementation( $this->implementer ), $this->rollbacks, $this->reconciler, $details, $this->reads, $this->budget, new Recorded_Implementations( $this->records, $details ) ),
			new Analytics_Controller( $reports, $this->reads ),
			new Link_Counts_Controller( $links, $this->link_count_run, new Link_Counts_Csv( $links ) ),
			new Exports_Controller( $this->csv_exports( $listing, $view ) ),
			new No_Suggestions_Controller(),
			new Links_In_Post_Controller( new Links_In_Post() ),
		);
		foreach ( $controllers as $controller ) {
			$controller->register_routes();
		}
	}

	private function suggestion_listing( Suggestion_View $view ): Suggestion_Listing {
		return new Suggestion_Listing( $this->api, $this->content, new Suggestion_Generator( $this->api, $this->content, $this->content_sync, $this->exclusions ), $view );
	}

	private function connection_check(): Connection_Check {
		return new Connection_Check( $this->settings, $this->client, $this->projects );
	}

	private function csv_exports( Suggestion_Listing $listing, Suggestion_View $view ): Csv_Exports {
		return new Csv_Exports( new Export_Pager( $this->budget ), $listing, $this->api, $this->records, new Analytics_Report( $this->api, $view ) );
	}

	/**
	 * Clears the events the plugin scheduled; network-deactivated, on every site, since each site has its own.
	 *
	 * @param bool|null $network_wide Whether the plugin is deactivated for the whole network.
	 */
	public static function deactivate( $network_wide = false ): void {
		if ( ! is_multisite() || ! $network_wide ) {
			self::clear_scheduled_events();
			return;
		}
		foreach ( get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		) as $site_id ) {
			switch_to_blog( (int) $site_id );
			self::clear_scheduled_events();
			restore_current_blog();
		}
	}

	private static function clear_scheduled_events(): void {
		wp_clear_scheduled_hook( Sync_Queue::CRON_HOOK );
		wp_clear_scheduled_hook( Link_Count_Run::CRON_HOOK );
	}
}
