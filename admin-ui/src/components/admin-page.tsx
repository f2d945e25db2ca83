/**
 * The frame of every Interlinker screen: the page heading, its actions, and WordPress-style notices.
 */
import type { ReactNode } from 'react';

import { NoticeList, SnackbarList } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store as noticesStore } from '@wordpress/notices';

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

export function AdminPage( {
	title,
	actions,
	children,
}: {
	title: string;
	actions?: ReactNode;
	children: ReactNode;
} ) {
	return (
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
			{ children }
		</div>
	);
}
