/**
 * Settings: the bridge connection, what content takes part, and a full sync.
 */
import { __ } from '@wordpress/i18n';

import { AdminPage } from '../../components/admin-page';
import { RemoteContent } from '../../components/remote-content';
import { useRemote } from '../../hooks/use-remote';
import { ConnectionPanel } from './connection-panel';
import { ContentPanel } from './content-panel';
import { SuggestionSettingsPanel } from './suggestion-settings-panel';
import { SyncPanel } from './sync-panel';

export function SettingsScreen() {
	const settings = useRemote( 'getSettings' );
	return (
		<AdminPage title={ __( 'Interlinker settings', 'interlinker' ) }>
			<RemoteContent
				remote={ settings }
				loadingLabel={ __( 'Loading settings…', 'interlinker' ) }
				emptyTitle=""
				isEmpty={ () => false }
			>
				{ ( data ) => (
					<div className="interlinker-settings">
						<ConnectionPanel settings={ data } />
						<ContentPanel settings={ data } />
						<SuggestionSettingsPanel settings={ data } />
						<SyncPanel />
					</div>
				) }
			</RemoteContent>
		</AdminPage>
	);
}
