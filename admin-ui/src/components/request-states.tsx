/**
 * Loading, empty and error states that every screen shows the same way.
 */
import type { ReactNode } from 'react';

import { Button, Notice, Spinner } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useContext, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type { ApiError } from '../api/errors';
import { canManageOptions } from '../lib/admin-config';
import { adminScreenUrl } from '../lib/admin-pages';
import { errorDetail, errorTitle } from '../lib/error-message';
import { store } from '../store';
import { BridgeNoticeShown } from './bridge-notice-context';

/** After this long without an answer, the wait is explained rather than shown as a bare spinner. */
export const SLOW_ANSWER_MS = 4000;

/**
 * Whether something started (mounted) more than SLOW_ANSWER_MS ago and is still going.
 * @param active Whether the wait is still on; the clock starts again when it turns on.
 */
export function useSlowAnswer( active = true ): boolean {
	const [ slow, setSlow ] = useState( false );
	useEffect( () => {
		setSlow( false );
		if ( ! active ) {
			return undefined;
		}
		const timer = setTimeout( () => setSlow( true ), SLOW_ANSWER_MS );
		return () => clearTimeout( timer );
	}, [ active ] );
	return slow;
}

export function SlowAnswerNote() {
	return (
		<span className="interlinker-state__slow">
			{ __(
				'The bridge is slow to answer. Still waiting; WordPress gives up after about 10 seconds and then says why.',
				'interlinker'
			) }
		</span>
	);
}

export function LoadingState( { label }: { label: string } ) {
	const slow = useSlowAnswer();
	return (
		<div
			className="interlinker-state interlinker-state--loading"
			role="status"
		>
			<Spinner />
			<span>{ label }</span>
			{ slow && <SlowAnswerNote /> }
		</div>
	);
}

export function EmptyState( {
	title,
	children,
}: {
	title: string;
	children?: ReactNode;
} ) {
	return (
		<div className="interlinker-state interlinker-state--empty">
			<p className="interlinker-state__title">{ title }</p>
			{ children }
		</div>
	);
}

/**
 * What went wrong, and the one thing to do about it: go to Settings, or try again.
 * @param root0
 * @param root0.error
 * @param root0.onRetry
 */
export function ErrorState( {
	error,
	onRetry,
}: {
	error: ApiError;
	onRetry?: () => void;
} ) {
	const isSettingsProblem =
		error.kind === 'not_connected' ||
		error.kind === 'unauthorized' ||
		error.kind === 'unreachable';
	const needsSettings = isSettingsProblem && canManageOptions();
	const saidAbove = useContext( BridgeNoticeShown );
	const { problem, checklist } = useSelect(
		( select ) => ( {
			problem: select( store ).getBridgeProblem(),
			checklist: select( store ).showsSetupChecklist(),
		} ),
		[]
	);
	// The screen's top already says it (the bridge notice, or the setup checklist): say only what is missing here.
	if (
		saidAbove &&
		isSettingsProblem &&
		error.code !== 'interlinker_not_synced' &&
		( problem !== null || ( checklist && error.kind === 'not_connected' ) )
	) {
		return (
			<div className="interlinker-state interlinker-state--blocked">
				<p>
					{ error.kind === 'not_connected'
						? __(
								'Shown here once Interlinker is set up (see the steps above).',
								'interlinker'
						  )
						: __(
								'Not loaded: the bridge cannot be used right now (see above).',
								'interlinker'
						  ) }
				</p>
			</div>
		);
	}
	return (
		<Notice
			status={ error.kind === 'rate_limited' ? 'warning' : 'error' }
			isDismissible={ false }
			className="interlinker-error"
		>
			<p>
				<strong>{ errorTitle( error ) }</strong>
			</p>
			<p>{ errorDetail( error ) }</p>
			{ isSettingsProblem && ! needsSettings && (
				<p>
					{ __(
						'Ask a site administrator to check the Interlinker settings.',
						'interlinker'
					) }
				</p>
			) }
			<p className="interlinker-error__actions">
				{ needsSettings && (
					<Button
						variant="secondary"
						href={ adminScreenUrl( 'settings' ) }
					>
						{ __( 'Open Interlinker settings', 'interlinker' ) }
					</Button>
				) }
				{ onRetry && error.kind !== 'not_connected' && (
					<Button variant="tertiary" onClick={ onRetry }>
						{ __( 'Try again', 'interlinker' ) }
					</Button>
				) }
			</p>
		</Notice>
	);
}
