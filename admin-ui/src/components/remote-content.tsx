/**
 * Shows a loaded value, or its loading, error or empty state: the same four cases on every screen.
 */
import type { ReactNode } from 'react';

import type { Remote } from '../hooks/use-remote';
import { EmptyState, ErrorState, LoadingState } from './request-states';

export function RemoteContent< T >( {
	remote,
	loadingLabel,
	emptyTitle,
	isEmpty,
	emptyHelp,
	children,
}: {
	remote: Remote< T | null >;
	loadingLabel: string;
	emptyTitle: string;
	isEmpty: ( data: T ) => boolean;
	emptyHelp?: ReactNode;
	children: ( data: T ) => ReactNode;
} ) {
	if ( remote.error ) {
		return <ErrorState error={ remote.error } onRetry={ remote.retry } />;
	}
	if ( remote.data === null ) {
		return <LoadingState label={ loadingLabel } />;
	}
	if ( isEmpty( remote.data ) ) {
		return <EmptyState title={ emptyTitle }>{ emptyHelp }</EmptyState>;
	}
	return <>{ children( remote.data ) }</>;
}
