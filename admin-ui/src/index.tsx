/**
 * wp-admin entry: mounts the screen named by data-screen on #interlinker-admin-root.
 */
import { createRoot } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import '@wordpress/dataviews/build-style/style.css';
import './admin.css';

import { isScreenName, type ScreenName } from './lib/admin-pages';
import { HealthScreen } from './screens/health';
import { ImplementationsScreen } from './screens/implementations';
import { SettingsScreen } from './screens/settings';
import { SuggestionsScreen } from './screens/suggestions';
import { registerStore } from './store';

const SCREENS: Record< ScreenName, () => JSX.Element > = {
	suggestions: SuggestionsScreen,
	implementations: ImplementationsScreen,
	health: HealthScreen,
	settings: SettingsScreen,
};

function mount(): void {
	const root = document.getElementById( 'interlinker-admin-root' );
	if ( ! root ) {
		return;
	}
	const screen = root.dataset.screen;
	if ( ! isScreenName( screen ) ) {
		root.textContent = __(
			'This Interlinker screen does not exist.',
			'interlinker'
		);
		return;
	}
	registerStore();
	const Screen = SCREENS[ screen ];
	createRoot( root ).render( <Screen /> );
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', mount );
} else {
	mount();
}
