<?php
/**
 * Removes everything the plugin stored: its options, its post meta, its locks and its scheduled event.
 * The links it inserted stay in the posts (they are ordinary content now); roll back first to remove them.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

require_once __DIR__ . '/includes/autoload.php';

foreach ( Interlinker\Settings\Settings::option_names() as $interlinker_option ) {
	delete_option( $interlinker_option );
}

global $wpdb;
// Post locks, unreported implementations and sync queue entries are options named per post / implementation / entry.
foreach ( array( Interlinker\Implement\Post_Lock::OPTION_PREFIX, Interlinker\Implement\Unreported_Implementations::OPTION_PREFIX, Interlinker\Sync\Sync_Queue::ROW_PREFIX, Interlinker\Access\User_Throttle::OPTION_PREFIX, '_transient_' . Interlinker\Access\Read_Cache::TRANSIENT_PREFIX, '_transient_timeout_' . Interlinker\Access\Read_Cache::TRANSIENT_PREFIX ) as $interlinker_prefix ) {
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( $interlinker_prefix ) . '%' ) );
}

foreach ( array( Interlinker\Content\Site_Content::META_SYNCED_URL, Interlinker\Implement\Implementation_Records::META_RECORD, Interlinker\Implement\Implementation_Records::META_ID ) as $interlinker_meta_key ) {
	delete_post_meta_by_key( $interlinker_meta_key );
}

delete_metadata( 'user', 0, Interlinker\Access\Read_Cache::META_GENERATION, '', true );

wp_clear_scheduled_hook( Interlinker\Sync\Sync_Queue::CRON_HOOK );
