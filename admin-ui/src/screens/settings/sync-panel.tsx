/**
 * A full sync of the site's published content to the bridge, batch by batch, with its progress and that of the count
 * of links per post each batch goes on with (the columns of All Posts); then the bridge's
 * background generation of suggestions for what changed, followed until it is done.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	ProgressBar,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { describeError } from '../../lib/error-message';
import { store } from '../../store';
import {
	syncCountsText,
	syncLinkCountText,
	syncPercent,
} from './sync-progress';
import { ButtonRow } from '../../components/button-row';
import { GenerationProgress } from '../../components/generation-progress';
import {
	SlowAnswerNote,
	useSlowAnswer,
} from '../../components/request-states';

export function SyncPanel() {
	const { progress, connected, synced, generating } = useSelect(
		( select ) => ( {
			progress: select( store ).getSyncProgress(),
			connected: select( store ).isConnected(),
			synced: select( store ).getSetup()?.contentSynced ?? true,
			generating:
				select( store ).getGeneration().progress?.state ===
				'generating',
		} ),
		[]
	);
	const { runFullSync, cancelSync, watchGeneration } = useDispatch( store );
	// Opened while the bridge still finds suggestions (after a sync, or after a settings change): show how far.
	useEffect( () => {
		if ( connected && synced ) {
			void watchGeneration();
		}
	}, [ connected, synced, watchGeneration ] );
	const isRunning =
		progress.status === 'running' || progress.status === 'cancelling';
	const percent = syncPercent( progress );
	// The first batch answers with the total: until then, a slow bridge is said to be slow.
	const waitingLong = useSlowAnswer( isRunning && progress.total === null );
	const counts = syncCountsText( progress );
	const linkCounts =
		progress.status === 'failed' ? null : syncLinkCountText( progress );

	return (
		<Card className="interlinker-panel" id="interlinker-sync">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Full sync', 'interlinker' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<p className="description">
					{ __(
						'Sends every published post of the chosen types to the bridge, which then finds suggestions for every post in the background. Posts are synced again on their own when you save them; run this after the first setup or after changing the settings above.',
						'interlinker'
					) }
				</p>
				<ButtonRow>
					<Button
						variant="primary"
						onClick={ () => void runFullSync() }
						isBusy={ isRunning }
						disabled={ isRunning || ! connected }
						accessibleWhenDisabled
						aria-describedby={
							connected ? undefined : 'interlinker-sync-why'
						}
					>
						{ __( 'Sync all content', 'interlinker' ) }
					</Button>
					{ isRunning && (
						<Button
							variant="tertiary"
							onClick={ () => void cancelSync() }
							disabled={ progress.status === 'cancelling' }
							accessibleWhenDisabled
						>
							{ __( 'Stop after this batch', 'interlinker' ) }
						</Button>
					) }
				</ButtonRow>
				{ ! connected && (
					<p className="description" id="interlinker-sync-why">
						{ __(
							'Available once the bridge address and API key above are saved.',
							'interlinker'
						) }
					</p>
				) }
				{ progress.status !== 'idle' && (
					<div className="interlinker-sync" aria-live="polite">
						{ progress.status !== 'failed' && (
							<ProgressBar
								value={ percent ?? undefined }
								className="interlinker-sync__bar"
							/>
						) }
						{ counts !== null && <p>{ counts }</p> }
						{ linkCounts !== null && (
							<p className="interlinker-sync__link-counts">
								{ linkCounts }
							</p>
						) }
						{ waitingLong && (
							<p>
								<SlowAnswerNote />
							</p>
						) }
						{ progress.status === 'done' && progress.failed > 0 && (
							<Notice status="warning" isDismissible={ false }>
								{ __(
									'The sync finished, but some posts could not be sent. Their errors are in the site’s debug log.',
									'interlinker'
								) }
							</Notice>
						) }
						{ progress.status === 'cancelled' && (
							<Notice status="info" isDismissible={ false }>
								{ __(
									'The sync was stopped. Run it again to send the rest.',
									'interlinker'
								) }
							</Notice>
						) }
						{ progress.status === 'failed' && progress.error && (
							<Notice status="error" isDismissible={ false }>
								<strong>
									{ __(
										'The sync stopped.',
										'interlinker'
									) }
								</strong>{ ' ' }
								{ describeError( progress.error ) }
							</Notice>
						) }
					</div>
				) }
				{ ( progress.status === 'done' || generating ) && (
					<GenerationProgress />
				) }
			</CardBody>
		</Card>
	);
}
