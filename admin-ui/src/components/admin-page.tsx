/**
 * The frame of every Interlinker screen: the page heading, its actions, WordPress-style notices, the setup checklist
 * until the first run is done, and — once for the whole screen — why the bridge cannot be used right now.
 */
import type { ReactNode } from 'react';

import { Button, NoticeList, Notice, SnackbarList } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';

import { canManageOptions, currentScreen } from '../lib/admin-config';
import { adminScreenUrl, isScreenName } from '../lib/admin-pages';
import { errorDetail, errorTitle } from '../lib/error-message';
import { store } from '../store';
import { BridgeNoticeShown } from './bridge-notice-context';
import { GenerationProgress } from './generation-progress';
import { SetupChecklist } from './setup-checklist';

interface StoreNotice {
	id: string;
	content: string;
	status: 'success' | 'info' | 'warning' | 'error';
	type: 'default' | 'snackbar';
	isDismissible: boolean;
}

function ScreenNotices() {
	const notices = useSelect(
		( select ) => select( noticesStore ).getNotices() as StoreNotice[],
		[]
	);
	const { removeNotice } = useDispatch( noticesStore );
	const inline = notices.filter( ( notice ) => notice.type !== 'snackbar' );
	const snackbars = notices.filter(
		( notice ) => notice.type === 'snackbar'
	);
	return (
		<>
			<NoticeList
				className="interlinker-notices"
				notices={ inline }
				onRemove={ ( id: string ) => void removeNotice( id ) }
			/>
			<SnackbarList
				className="interlinker-snackbars"
				notices={ snackbars }
				onRemove={ ( id: string ) => void removeNotice( id ) }
			/>
		</>
	);
}

/**
 * The bridge is unreachable, too slow or refuses the key: said here once, not in every panel of the screen.
 * @param root0
 * @param root0.checklist Whether the setup checklist shows (it says what to do while nothing is connected).
 */
function BridgeProblemNotice( { checklist }: { checklist: boolean } ) {
	const problem = useSelect(
		( select ) => select( store ).getBridgeProblem(),
		[]
	);
	const { invalidateResolutionForStore } = useDispatch( store ) as unknown as {
		invalidateResolutionForStore: () => void;
	};
	// Before the setup is done, the checklist says what to do.
	if ( ! problem || ( checklist && problem.kind === 'not_connected' ) ) {
		return null;
	}
	const admin = canManageOptions();
	return (
		<Notice
			status="error"
			isDismissible={ false }
			className="interlinker-error interlinker-bridge-problem"
		>
			<p>
				<strong>{ errorTitle( problem ) }</strong>
			</p>
			<p>{ errorDetail( problem ) }</p>
			{ ! admin && (
				<p>
					{ __(
						'Ask a site administrator to check the Interlinker settings.',
						'interlinker'
					) }
				</p>
			) }
			<p className="interlinker-error__actions">
				{ admin && currentScreen() !== 'settings' && (
					<Button
						variant="secondary"
						href={ adminScreenUrl( 'settings' ) }
					>
						{ __( 'Open Interlinker settings', 'interlinker' ) }
					</Button>
				) }
				{ problem.kind !== 'not_connected' && (
					<Button
						variant="tertiary"
						onClick={ () => invalidateResolutionForStore() }
					>
						{ __( 'Try again', 'interlinker' ) }
					</Button>
				) }
			</p>
		</Notice>
	);
}

/**
 * On the Suggestions screen of a site set up: while the bridge finds suggestions in the background, how far it is
 * (the lists load again as it fills).
 */
function GenerationUnderWay() {
	const generating = useSelect(
		( select ) =>
			select( store ).getGeneration().progress?.state === 'generating',
		[]
	);
	const { watchGeneration } = useDispatch( store );
	useEffect( () => {
		void watchGeneration();
	}, [ watchGeneration ] );
	return generating ? <GenerationProgress reviewButton={ false } /> : null;
}

export function AdminPage( {
	title,
	actions,
	children,
}: {
	title: string;
	actions?: ReactNode;
	children: ReactNode;
} ) {
	const checklist = useSelect(
		( select ) => select( store ).showsSetupChecklist(),
		[]
	);
	const screen = currentScreen();
	return (
		<BridgeNoticeShown.Provider value={ true }>
			<div className="interlinker-admin">
				<div className="interlinker-admin__header">
					<h1 className="wp-heading-inline">{ title }</h1>
					{ actions && (
						<div className="interlinker-admin__header-actions">
							{ actions }
						</div>
					) }
				</div>
				<hr className="wp-header-end" />
				<ScreenNotices />
				<BridgeProblemNotice checklist={ checklist } />
				{ checklist && isScreenName( screen ) && (
					<SetupChecklist screen={ screen } />
				) }
				{ ! checklist && screen === 'suggestions' && (
					<GenerationUnderWay />
				) }
				{ children }
			</div>
		</BridgeNoticeShown.Provider>
	);
}
