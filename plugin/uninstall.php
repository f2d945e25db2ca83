<?php
/**
 * Removes everything the plugin stored: its options, its post meta, its locks and its scheduled event, on every
 * site of a network.
 * The links it inserted stay in the posts (they are ordinary content now); roll back first to remove them.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

require_once __DIR__ . '/includes/autoload.php';

/**
 * Removes the plugin's options, rows and post meta from the current site.
 */
function interlinker_uninstall_site(): void {
	global $wpdb;
	foreach ( Interlinker\Settings\Settings::option_names() as $option ) {
		delete_option( $option );
	}
	// Post locks, unreported implementations, sync queue entries, throttles and cached answers are rows named
	// per post / implementation / entry / user.
	$prefixes = array(
		Interlinker\Implement\Post_Lock::OPTION_PREFIX,
		Interlinker\Implement\Unreported_Implementations::OPTION_PREFIX,
		Interlinker\Sync\Sync_Queue::ROW_PREFIX,
		Interlinker\Access\User_Throttle::OPTION_PREFIX,
		'_transient_' . Interlinker\Access\Read_Cache::TRANSIENT_PREFIX,
		'_transient_timeout_' . Interlinker\Access\Read_Cache::TRANSIENT_PREFIX,
	);
	foreach ( $prefixes as $prefix ) {
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( $prefix ) . '%' ) );
	}
	foreach ( array_merge( array( Interlinker\Content\Site_Content::META_SYNCED_URL, Interlinker\Content\Site_Content::META_GONE_URL, Interlinker\Implement\Implementation_Records::META_RECORD, Interlinker\Implement\Implementation_Records::META_ID, Interlinker\Implement\Implementation_Records::META_TOUCHED, Interlinker\Implement\Implementation_Records::META_UNDONE, Interlinker\Sync\Post_Keyphrases::META_KEY ), Interlinker\Links\Link_Counts::meta_keys() ) as $meta_key ) {
		delete_post_meta_by_key( $meta_key );
	}
	delete_post_meta_by_key( Interlinker\Content\No_Suggestions::META_KEY );
	wp_clear_scheduled_hook( Interlinker\Sync\Sync_Queue::CRON_HOOK );
	delete_option( Interlinker\Links\Link_Count_Run::OPTION );
	delete_option( Interlinker\Links\Link_Count_Run::LOCK );
	delete_option( Interlinker\Access\Read_Cache::OPTION_VISIBILITY );
	wp_clear_scheduled_hook( Interlinker\Links\Link_Count_Run::CRON_HOOK );
}

if ( is_multisite() ) {
	// A network uninstall runs once, on the main site: every site of the network has its own tables to clean.
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $interlinker_site_id ) {
		switch_to_blog( (int) $interlinker_site_id );
		interlinker_uninstall_site();
		restore_current_blog();
	}
} else {
	interlinker_uninstall_site();
}

delete_metadata( 'user', 0, Interlinker\Access\Read_Cache::META_GENERATION, '', true );

