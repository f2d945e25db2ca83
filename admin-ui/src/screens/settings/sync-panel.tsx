/**
 * A full sync of the site's published content to the bridge, batch by batch, with its progress.
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
import { __ } from '@wordpress/i18n';

import { describeError } from '../../lib/error-message';
import { store } from '../../store';
import { syncCountsText, syncPercent } from './sync-progress';
import { ButtonRow } from '../../components/button-row';

export function SyncPanel() {
	const progress = useSelect(
		( select ) => select( store ).getSyncProgress(),
		[]
	);
	const { runFullSync, cancelSync } = useDispatch( store );
	const isRunning =
		progress.status === 'running' || progress.status === 'cancelling';
	const percent = syncPercent( progress );

	return (
		<Card className="interlinker-panel">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Full sync', 'interlinker' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<p className="description">
					{ __(
						'Sends every published post of the chosen types to the bridge so it can suggest links between them. Posts are synced again on their own when you save them; run this after the first setup or after changing the settings above.',
						'interlinker'
					) }
				</p>
				<ButtonRow>
					<Button
						variant="primary"
						onClick={ () => void runFullSync() }
						isBusy={ isRunning }
						disabled={ isRunning }
						accessibleWhenDisabled
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
				{ progress.status !== 'idle' && (
					<div className="interlinker-sync" aria-live="polite">
						<ProgressBar
							value={ percent ?? undefined }
							className="interlinker-sync__bar"
						/>
						<p>{ syncCountsText( progress ) }</p>
						{ progress.status === 'done' && (
							<Notice
								status={
									progress.failed > 0 ? 'warning' : 'success'
								}
								isDismissible={ false }
							>
								{ progress.failed > 0
									? __(
											'The sync finished, but some posts could not be sent. Their errors are in the site’s debug log.',
											'interlinker'
									  )
									: __(
											'The sync finished. Suggestions can now be generated.',
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
								{ describeError( progress.error ) }
							</Notice>
						) }
					</div>
				) }
			</CardBody>
		</Card>
	);
}
