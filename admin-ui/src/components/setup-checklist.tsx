/**
 * The first run, step by step, at the top of every Interlinker screen until the first suggestions are there:
 * 1. the bridge address and API key (and where they come from), 2. Test connection, 3. Sync all content,
 * 4. the first suggestions. Each step says where to do it, with the names the menus and buttons have.
 */
import type { ReactNode } from 'react';

import { Button, Card, CardBody, CardHeader, ExternalLink } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { createInterpolateElement, useEffect } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { check, Icon } from '@wordpress/icons';

import type { SetupSteps } from '../api/types';
import { canManageOptions, setupGuideUrl } from '../lib/admin-config';
import { adminScreenUrl, type ScreenName } from '../lib/admin-pages';
import { describeError } from '../lib/error-message';
import { store } from '../store';
import { GenerationProgress } from './generation-progress';

function Step( {
	number,
	title,
	done,
	current,
	children,
}: {
	number: number;
	title: string;
	done: boolean;
	current: boolean;
	children?: ReactNode;
} ) {
	let state = 'is-waiting';
	if ( done ) {
		state = 'is-done';
	} else if ( current ) {
		state = 'is-current';
	}
	return (
		<li className={ `interlinker-setup__step ${ state }` }>
			<span className="interlinker-setup__marker" aria-hidden="true">
				{ done ? <Icon icon={ check } size={ 20 } /> : number }
			</span>
			<div className="interlinker-setup__body">
				<p className="interlinker-setup__title">
					<strong>{ title }</strong>
					<span className="screen-reader-text">
						{ done
							? __( '(done)', 'interlinker' )
							: __( '(to do)', 'interlinker' ) }
					</span>
				</p>
				{ children }
			</div>
		</li>
	);
}

function doneCount( steps: SetupSteps ): number {
	return [
		steps.connectionSet,
		steps.connectionTested,
		steps.contentSynced,
		steps.suggestionsMade,
	].filter( Boolean ).length;
}

export function SetupChecklist( { screen }: { screen: ScreenName } ) {
	const { steps, connection, isTesting } = useSelect(
		( select ) => ( {
			steps: select( store ).getSetup(),
			connection: select( store ).getConnection(),
			isTesting: select( store ).getConnection().status === 'testing',
		} ),
		[]
	);
	const { testConnection, refreshSetup, watchGeneration } =
		useDispatch( store );

	// What WordPress alone could not tell (synced and suggestions made are known to the bridge), asked once.
	const tested = steps?.connectionTested ?? false;
	const synced = steps?.contentSynced ?? false;
	useEffect( () => {
		if ( tested ) {
			void refreshSetup();
		}
		if ( synced ) {
			void watchGeneration();
		}
	}, [ tested, synced, refreshSetup, watchGeneration ] );

	if ( ! steps ) {
		return null;
	}
	const admin = canManageOptions();
	const guide = setupGuideUrl();
	const onSettings = screen === 'settings';
	const settingsLink = ( label: string, anchor: string ) =>
		onSettings ? (
			<Button variant="secondary" href={ `#${ anchor }` }>
				{ label }
			</Button>
		) : (
			<Button
				variant="secondary"
				href={ `${ adminScreenUrl( 'settings' ) }#${ anchor }` }
			>
				{ label }
			</Button>
		);
	const current =
		[
			steps.connectionSet,
			steps.connectionTested,
			steps.contentSynced,
		].indexOf( false ) + 1 || 4;

	return (
		<Card className="interlinker-setup" size="small">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ steps.complete
						? __( 'Interlinker is set up', 'interlinker' )
						: __( 'Set up Interlinker', 'interlinker' ) }
				</h2>
				<span className="interlinker-setup__count">
					{ sprintf(
						/* translators: %d: steps done, of 4. */
						__( '%d of 4 done', 'interlinker' ),
						doneCount( steps )
					) }
				</span>
			</CardHeader>
			<CardBody>
				{ ! admin && ! steps.complete && (
					<p>
						{ __(
							'A site administrator sets up Interlinker under Interlinker → Settings. Until then its screens have nothing to show.',
							'interlinker'
						) }
					</p>
				) }
				<ol className="interlinker-setup__steps">
					<Step
						number={ 1 }
						title={ __(
							'Enter the bridge address and API key',
							'interlinker'
						) }
						done={ steps.connectionSet }
						current={ current === 1 }
					>
						<p>
							{ createInterpolateElement(
								__(
									'The bridge is the Interlinker service that finds the links; this site sends it its posts. If you run it yourself, <code>npm start</code> on the machine that runs the bridge prints its address and the first API key. If someone hosts it for you, their administrator gives you both.',
									'interlinker'
								),
								{ code: <code /> }
							) }
						</p>
						<p className="interlinker-setup__actions">
							{ admin &&
								! steps.connectionSet &&
								settingsLink(
									__(
										'Open Interlinker → Settings',
										'interlinker'
									),
									'interlinker-connection'
								) }
							{ guide && (
								<ExternalLink href={ guide }>
									{ __(
										'How to get a bridge and its key',
										'interlinker'
									) }
								</ExternalLink>
							) }
						</p>
					</Step>
					<Step
						number={ 2 }
						title={ __( 'Test connection', 'interlinker' ) }
						done={ steps.connectionTested }
						current={ current === 2 }
					>
						<p>
							{ __(
								'Checks that the bridge answers and takes the key (“Save connection” tries the key too).',
								'interlinker'
							) }
						</p>
						{ connection.error && ! steps.connectionTested && (
							<p className="interlinker-setup__problem">
								{ describeError( connection.error ) }
							</p>
						) }
						{ admin && current === 2 && onSettings && (
							<p className="interlinker-setup__actions">
								{ settingsLink(
									__(
										'Go to “Test connection”',
										'interlinker'
									),
									'interlinker-connection'
								) }
							</p>
						) }
						{ admin && current === 2 && ! onSettings && (
							<p className="interlinker-setup__actions">
								<Button
									variant="primary"
									onClick={ () => void testConnection() }
									isBusy={ isTesting }
									disabled={ isTesting }
									accessibleWhenDisabled
								>
									{ __( 'Test connection', 'interlinker' ) }
								</Button>
							</p>
						) }
					</Step>
					<Step
						number={ 3 }
						title={ __( 'Sync all content', 'interlinker' ) }
						done={ steps.contentSynced }
						current={ current === 3 }
					>
						<p>
							{ __(
								'Sends every published post to the bridge (Interlinker → Settings, “Sync all content”). Posts you save later are sent on their own.',
								'interlinker'
							) }
						</p>
						{ admin && current === 3 && (
							<p className="interlinker-setup__actions">
								{ settingsLink(
									onSettings
										? __(
												'Go to “Sync all content”',
												'interlinker'
										  )
										: __(
												'Open Interlinker → Settings',
												'interlinker'
										  ),
									'interlinker-sync'
								) }
							</p>
						) }
					</Step>
					<Step
						number={ 4 }
						title={ __( 'First suggestions', 'interlinker' ) }
						done={ steps.suggestionsMade }
						current={ current === 4 }
					>
						<p>
							{ __(
								'After the sync the bridge finds suggestions for every post in the background; they appear under Interlinker → Suggestions as they come.',
								'interlinker'
							) }
						</p>
						{ /* On Settings the sync panel shows it, under its button. */ }
						{ steps.contentSynced && ! onSettings && (
							<GenerationProgress
								reviewButton={ screen !== 'suggestions' }
							/>
						) }
					</Step>
				</ol>
			</CardBody>
		</Card>
	);
}
