<?php
/**
 * The wp-admin menu and screens. Each screen is an empty root the admin UI (plugin/build/index.js) renders
 * into; its script is enqueued only on these screens. Nothing secret goes into the page.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Admin;

use Interlinker\Rest\Rest_Controller;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Admin_Screens {

	public const SCRIPT_HANDLE = 'interlinker-admin';
	public const ROOT_ID       = 'interlinker-admin-root';

	/** @var array<string, string> Screen hook suffix → data-screen value, filled when the menu is built. */
	private array $hooks = array();

	public function __construct( private readonly string $plugin_dir, private readonly string $plugin_url, private readonly ?\Interlinker\Settings\Setup_State $setup = null ) {}

	/**
	 * Menu slug → [data-screen, capability, menu title].
	 *
	 * @return array<string, array{0: string, 1: string, 2: string}>
	 */
	public static function screens(): array {
		return array(
			'interlinker'                 => array( 'suggestions', 'edit_posts', __( 'Suggestions', 'interlinker' ) ),
			'interlinker-implementations' => array( 'implementations', 'edit_posts', __( 'Implementations', 'interlinker' ) ),
			'interlinker-health'          => array( 'health', 'edit_posts', __( 'Link health', 'interlinker' ) ),
			'interlinker-settings'        => array( 'settings', \Interlinker\Settings\Settings::capability(), __( 'Settings', 'interlinker' ) ),
		);
	}

	public function add_menu(): void {
		$render = array( $this, 'render' );
		$hook   = add_menu_page( __( 'Interlinker', 'interlinker' ), __( 'Interlinker', 'interlinker' ), 'edit_posts', 'interlinker', $render, 'dashicons-admin-links', 26 );
		foreach ( self::screens() as $slug => [ $screen, $capability, $title ] ) {
			$hook = add_submenu_page( 'interlinker', $title, $title, $capability, $slug, $render );
			if ( false !== $hook ) {
				$this->hooks[ $hook ] = $screen;
			}
		}
	}

	public function render(): void {
		$screen = $this->hooks[ (string) get_current_screen()?->id ] ?? 'suggestions';
		printf(
			'<div class="wrap"><div id="%1$s" data-screen="%2$s"></div>%3$s</div>',
			esc_attr( self::ROOT_ID ),
			esc_attr( $screen ),
			$this->is_built() ? '' : sprintf( '<div class="notice notice-warning"><p>%s</p></div>', esc_html__( 'The Interlinker admin screens are not built yet: run `npm run build --workspace admin-ui`.', 'interlinker' ) )
		);
	}

	public function enqueue( string $hook_suffix ): void {
		if ( ! isset( $this->hooks[ $hook_suffix ] ) || ! $this->is_built() ) {
			return;
		}
		$asset = require $this->plugin_dir . 'build/index.asset.php';
		wp_enqueue_script( self::SCRIPT_HANDLE, $this->plugin_url . 'build/index.js', (array) ( $asset['dependencies'] ?? array() ), (string) ( $asset['version'] ?? INTERLINKER_VERSION ), true );
		wp_set_script_translations( self::SCRIPT_HANDLE, 'interlinker', $this->languages_dir() );
		if ( is_readable( $this->plugin_dir . 'build/index.css' ) ) {
			wp_enqueue_style( self::SCRIPT_HANDLE, $this->plugin_url . 'build/index.css', array( 'wp-components' ), (string) ( $asset['version'] ?? INTERLINKER_VERSION ) );
			wp_style_add_data( self::SCRIPT_HANDLE, 'rtl', 'replace' );
		}
		wp_add_inline_script( self::SCRIPT_HANDLE, 'window.interlinkerAdmin = ' . wp_json_encode( $this->config( $this->hooks[ $hook_suffix ] ) ) . ';', 'before' );
	}

	/**
	 * The block editor's sidebar, when the admin UI build has one.
	 */
	public function enqueue_editor(): void {
		if ( ! is_readable( $this->plugin_dir . 'build/editor.js' ) || ! is_readable( $this->plugin_dir . 'build/editor.asset.php' ) ) {
			return;
		}
		$asset = require $this->plugin_dir . 'build/editor.asset.php';
		wp_enqueue_script( 'interlinker-editor', $this->plugin_url . 'build/editor.js', (array) ( $asset['dependencies'] ?? array() ), (string) ( $asset['version'] ?? INTERLINKER_VERSION ), true );
		wp_set_script_translations( 'interlinker-editor', 'interlinker', $this->languages_dir() );
		if ( is_readable( $this->plugin_dir . 'build/editor.css' ) ) {
			wp_enqueue_style( 'interlinker-editor', $this->plugin_url . 'build/editor.css', array(), (string) ( $asset['version'] ?? INTERLINKER_VERSION ) );
			wp_style_add_data( 'interlinker-editor', 'rtl', 'replace' );
		}
		wp_add_inline_script( 'interlinker-editor', 'window.interlinkerAdmin = ' . wp_json_encode( $this->config( 'editor' ) ) . ';', 'before' );
	}

	/**
	 * Adds "Settings" beside "Deactivate" on the Plugins screen.
	 *
	 * @param string[] $links Action links.
	 * @return string[]
	 */
	public function plugin_action_links( array $links ): array {
		if ( current_user_can( 'manage_options' ) ) {
			array_unshift( $links, sprintf( '<a href="%s">%s</a>', esc_url( admin_url( 'admin.php?page=interlinker-settings' ) ), esc_html__( 'Settings', 'interlinker' ) ) );
		}
		return $links;
	}

	/**
	 * What the admin UI needs to start. Never the bridge URL or key: the browser talks to WordPress only.
	 *
	 * @return array<string, mixed>
	 */
	private function config( string $screen ): array {
		return array(
			'screen'           => $screen,
			'restNamespace'    => Rest_Controller::NAMESPACE,
			'canManageOptions' => current_user_can( \Interlinker\Settings\Settings::capability() ),
			'adminUrl'         => admin_url(),
			'screens'          => array_map( static fn( array $s ): string => $s[0], self::screens() ),
			'version'          => INTERLINKER_VERSION,
			// The first run's steps as far as WordPress knows them (no bridge call), for the setup checklist.
			'setup'            => $this->setup?->steps(),
			'setupGuideUrl'    => $this->plugin_url . 'readme.txt',
		);
	}

	/**
	 * Where the plugin's own translations of its scripts are (interlinker-<locale>-<handle>.json, made by
	 * `npm run i18n:compile`); without one there, WordPress looks in wp-content/languages/plugins.
	 */
	private function languages_dir(): string {
		return $this->plugin_dir . 'languages';
	}

	private function is_built(): bool {
		return is_readable( $this->plugin_dir . 'build/index.js' ) && is_readable( $this->plugin_dir . 'build/index.asset.php' );
	}
}
