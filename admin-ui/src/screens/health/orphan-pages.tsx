/**
 * Pages that no other page links to, each leading to its post.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { DownloadCsvButton } from '../../components/download-csv-button';
import { Pager } from '../../components/pager';
import { PostLinks } from '../../components/post-links';
import { RemoteContent } from '../../components/remote-content';
import { useRemote } from '../../hooks/use-remote';
import { FindLinksButton } from './find-links-dialog';

const PER_PAGE = 10;
const EXPORT = { kind: 'orphans' } as const;

export function OrphanPages() {
	const [ page, setPage ] = useState( 1 );
	const remote = useRemote( 'getOrphans', { page, perPage: PER_PAGE } );
	return (
		<Card className="interlinker-panel">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Orphan pages', 'interlinker' ) }
				</h2>
				<DownloadCsvButton
					filters={ EXPORT }
					listName={ __( 'Orphan pages', 'interlinker' ) }
				/>
			</CardHeader>
			<CardBody>
				<p className="description">
					{ __(
						'No other page of the site links to these. Readers and search engines have a hard time finding them.',
						'interlinker'
					) }
				</p>
				<RemoteContent
					remote={ remote }
					loadingLabel={ __(
						'Loading orphan pages…',
						'interlinker'
					) }
					emptyTitle={ __(
						'No orphan pages: every page has at least one link to it.',
						'interlinker'
					) }
					isEmpty={ ( data ) => data.total === 0 }
				>
					{ ( data ) => (
						<>
							<ul className="interlinker-list">
								{ data.items.map( ( orphan ) => (
									<li
										key={ orphan.id }
										className="interlinker-orphan"
									>
										<PostLinks
											title={ orphan.title }
											url={ orphan.url }
											editLink={ orphan.editLink }
										/>
										{ /* Asking needs the right to edit the post: the plugin gives its edit link only then. */ }
										{ orphan.postId > 0 && orphan.editLink && (
											<FindLinksButton orphan={ orphan } />
										) }
									</li>
								) ) }
							</ul>
							<Pager
								page={ page }
								totalPages={ data.totalPages }
								onChange={ setPage }
								label={ __( 'Orphan pages', 'interlinker' ) }
							/>
						</>
					) }
				</RemoteContent>
			</CardBody>
		</Card>
	);
}
