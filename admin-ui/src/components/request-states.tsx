/**
 * Loading, empty and error states that every screen shows the same way.
 */
import type { ReactNode } from 'react';

import { Button, Notice, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { ApiError } from '../api/errors';
import { canManageOptions } from '../lib/admin-config';
import { adminScreenUrl } from '../lib/admin-pages';
import { errorDetail, errorTitle } from '../lib/error-message';

export function LoadingState( { label }: { label: string } ) {
	return (
		<div
			className="interlinker-state interlinker-state--loading"
			role="status"
		>
			<Spinner />
			<span>{ label }</span>
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
