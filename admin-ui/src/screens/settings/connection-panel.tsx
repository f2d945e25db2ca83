/**
 * Where the bridge is and which key opens it. The key is write-only: it is sent, never shown.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	Modal,
	TextControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Settings, SettingsChanges } from '../../api/types';
import { describeError, errorTitle } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { ButtonRow } from '../../components/button-row';
import { store } from '../../store';

function apiKeyHelp( settings: Settings ): string {
	if ( settings.apiKeyFromConstant ) {
		return __(
			'Set by INTERLINKER_API_KEY in wp-config.php.',
			'interlinker'
		);
	}
	if ( settings.apiKeySet ) {
		return __(
			'A key is stored. It is never shown; type a new one to replace it.',
			'interlinker'
		);
	}
	return __(
		'No key is stored yet. On the machine that runs the bridge, “npm start” prints the first key when it starts for the first time; a hosted bridge\'s administrator gives you one. “Save connection” tries it on the bridge first.',
		'interlinker'
	);
}

function ConnectionResult() {
	const { connection, isSyncing } = useSelect(
		( select ) => ( {
			connection: select( store ).getConnection(),
			isSyncing: select( store ).getSyncProgress().status === 'running',
		} ),
		[]
	);
	const { runFullSync } = useDispatch( store );
	if ( connection.saveError ) {
		return (
			<Notice status="error" isDismissible={ false }>
				<strong>{ errorTitle( connection.saveError ) }</strong>{ ' ' }
				{ describeError( connection.saveError ) }
			</Notice>
		);
	}
	if ( connection.status === 'idle' || connection.status === 'testing' ) {
		return null;
	}
	if ( connection.error ) {
		return (
			<Notice status="error" isDismissible={ false }>
				<strong>{ errorTitle( connection.error ) }</strong>{ ' ' }
				{ describeError( connection.error ) }
			</Notice>
		);
	}
	const result = connection.result;
	if ( ! result ) {
		return null;
	}
	// The key works, but this site's project is not in its account (another account's key): the sync makes it.
	const missing = result.projectState === 'missing';
	return (
		<Notice
			status={ missing ? 'warning' : 'success' }
			isDismissible={ false }
		>
			<p>{ result.message }</p>
			{ missing && (
				<p>
					<Button
						variant="primary"
						onClick={ () => void runFullSync() }
						isBusy={ isSyncing }
						disabled={ isSyncing }
						accessibleWhenDisabled
					>
						{ __(
							'Sync all content to this account',
							'interlinker'
						) }
					</Button>
				</p>
			) }
			{ ( result.warnings ?? [] ).map( ( warning ) => (
				<p key={ warning }>
					<strong>{ warning }</strong>
				</p>
			) ) }
			{ result.rateLimit && (
				<p>
					{ sprintf(
						/* translators: 1: requests left, 2: requests per hour, 3: date and time. */
						__(
							'%1$d of %2$d requests left this hour (the count starts again at %3$s).',
							'interlinker'
						),
						result.rateLimit.remaining,
						result.rateLimit.limit,
						formatDateTime( result.rateLimit.resetAt )
					) }
				</p>
			) }
		</Notice>
	);
}

export function ConnectionPanel( { settings }: { settings: Settings } ) {
	const [ bridgeUrl, setBridgeUrl ] = useState( settings.bridgeUrl );
	const [ apiKey, setApiKey ] = useState( '' );
	const [ confirmRotate, setConfirmRotate ] = useState( false );
	const { saveSettings, rotateApiKey, testConnection } = useDispatch( store );
	const { isSaving, isRotating, isTesting } = useSelect(
		( select ) => ( {
			isSaving: select( store ).isBusy( 'saveSettings' ),
			isRotating: select( store ).isBusy( 'rotateApiKey' ),
			isTesting: select( store ).getConnection().status === 'testing',
		} ),
		[]
	);

	const save = async () => {
		const changes: SettingsChanges = {};
		if (
			! settings.bridgeUrlFromConstant &&
			bridgeUrl !== settings.bridgeUrl
		) {
			changes.bridgeUrl = bridgeUrl.trim();
		}
		if ( ! settings.apiKeyFromConstant && apiKey.trim() !== '' ) {
			changes.apiKey = apiKey.trim();
		}
		if (
			Object.keys( changes ).length > 0 &&
			( await saveSettings( changes ) )
		) {
			setApiKey( '' );
		}
	};

	return (
		<Card className="interlinker-panel" id="interlinker-connection">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Connection to the bridge', 'interlinker' ) }
				</h2>
			</CardHeader>
			<CardBody>
				{ settings.configurationError && (
					<Notice status="error" isDismissible={ false }>
						{ settings.configurationError }
					</Notice>
				) }
				<form
					className="interlinker-form"
					onSubmit={ ( event ) => {
						event.preventDefault();
						void save();
					} }
				>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="url"
						label={ __( 'Bridge address', 'interlinker' ) }
						help={
							settings.bridgeUrlFromConstant
								? __(
										'Set by INTERLINKER_BRIDGE_URL in wp-config.php.',
										'interlinker'
								  )
								: __(
										'The address of your Interlinker bridge as this server reaches it; “npm start” prints it (http://127.0.0.1:7700 by default). Changing it clears the stored key: enter the new bridge\'s key with it.',
										'interlinker'
								  )
						}
						value={ bridgeUrl }
						onChange={ setBridgeUrl }
						disabled={ settings.bridgeUrlFromConstant }
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="password"
						autoComplete="new-password"
						label={ __( 'API key', 'interlinker' ) }
						help={ apiKeyHelp( settings ) }
						placeholder={ settings.apiKeySet ? '••••••••••••' : '' }
						value={ apiKey }
						onChange={ setApiKey }
						disabled={ settings.apiKeyFromConstant }
					/>
					<ButtonRow>
						<Button
							variant="primary"
							type="submit"
							isBusy={ isSaving }
							disabled={ isSaving }
							accessibleWhenDisabled
						>
							{ __( 'Save connection', 'interlinker' ) }
						</Button>
						<Button
							variant="secondary"
							onClick={ () => void testConnection() }
							isBusy={ isTesting }
							disabled={ isTesting }
							accessibleWhenDisabled
						>
							{ __( 'Test connection', 'interlinker' ) }
						</Button>
						<Button
							variant="secondary"
							onClick={ () => setConfirmRotate( true ) }
							isBusy={ isRotating }
							disabled={
								isRotating ||
								! settings.apiKeySet ||
								settings.apiKeyFromConstant
							}
							accessibleWhenDisabled
						>
							{ __( 'Generate new key', 'interlinker' ) }
						</Button>
					</ButtonRow>
				</form>
				<div aria-live="polite">
					<ConnectionResult />
				</div>
				{ confirmRotate && (
					<Modal
						title={ __( 'Generate a new API key?', 'interlinker' ) }
						onRequestClose={ () => setConfirmRotate( false ) }
						size="medium"
					>
						<p>
							{ __(
								'The bridge makes a new key, this site starts using it, and the current key stops working. Anything else that uses the current key will need the new one.',
								'interlinker'
							) }
						</p>
						<ButtonRow align="end">
							<Button
								variant="tertiary"
								onClick={ () => setConfirmRotate( false ) }
							>
								{ __( 'Cancel', 'interlinker' ) }
							</Button>
							<Button
								variant="primary"
								onClick={ () => {
									setConfirmRotate( false );
									void rotateApiKey();
								} }
							>
								{ __( 'Generate new key', 'interlinker' ) }
							</Button>
						</ButtonRow>
					</Modal>
				) }
			</CardBody>
		</Card>
	);
}
