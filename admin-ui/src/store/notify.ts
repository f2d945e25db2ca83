/**
 * Tells the editor how an operation went, through WordPress's notices store (snackbars for success, notices for
 * warnings and failures so they stay until read).
 */
import { store as noticesStore } from '@wordpress/notices';

import type { NoticeActions, ThunkArgs } from './thunk';

function notices( registry: ThunkArgs[ 'registry' ] ): NoticeActions {
	return registry.dispatch( noticesStore ) as NoticeActions;
}

export function notifySuccess(
	registry: ThunkArgs[ 'registry' ],
	message: string
): void {
	notices( registry ).createSuccessNotice( message, { type: 'snackbar' } );
}

export function notifyWarning(
	registry: ThunkArgs[ 'registry' ],
	message: string
): void {
	notices( registry ).createWarningNotice( message );
}

export function notifyError(
	registry: ThunkArgs[ 'registry' ],
	message: string,
	id?: string
): void {
	notices( registry ).createErrorNotice( message, id ? { id } : {} );
}
