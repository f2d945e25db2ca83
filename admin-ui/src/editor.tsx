/**
 * Block editor entry: an "Interlinker" sidebar with the suggestions for the post being edited, the links other
 * posts could make to it, and the phrases it should be linked for.
 */
import { PluginSidebar, PluginSidebarMoreMenuItem } from '@wordpress/editor';
import { __ } from '@wordpress/i18n';
import { link } from '@wordpress/icons';
import { registerPlugin } from '@wordpress/plugins';

import './editor.css';

import { InboundPanel } from './editor/inbound-panel';
import { KeyphrasesPanel } from './editor/keyphrases-panel';
import { SuggestionsPanel } from './editor/suggestions-panel';
import { registerStore } from './store';

const SIDEBAR = 'interlinker-suggestions';

registerStore();

registerPlugin( 'interlinker', {
	icon: link,
	render: () => (
		<>
			<PluginSidebarMoreMenuItem target={ SIDEBAR } icon={ link }>
				{ __( 'Interlinker', 'interlinker' ) }
			</PluginSidebarMoreMenuItem>
			<PluginSidebar
				name={ SIDEBAR }
				title={ __( 'Interlinker link suggestions', 'interlinker' ) }
				icon={ link }
			>
				<SuggestionsPanel />
				<InboundPanel />
				<KeyphrasesPanel />
			</PluginSidebar>
		</>
	),
} );
