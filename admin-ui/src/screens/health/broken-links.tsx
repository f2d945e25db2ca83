/**
 * Internal links that lead to an error page, with the post that holds each one.
 */
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { Pager } from '../../components/pager';
import { PostLinks } from '../../components/post-links';
import { RemoteContent } from '../../components/remote-content';
import { useRemote } from '../../hooks/use-remote';
import { urlPath } from '../../lib/format';
import { ListPanel } from './list-panel';

const PER_PAGE = 10;
const EXPORT = { kind: 'broken-links' } as const;

export function BrokenLinks() {
	const [ page, setPage ] = useState( 1 );
	const remote = useRemote( 'getBrokenLinks', { page, perPage: PER_PAGE } );
	return (
		<ListPanel
			title={ __( 'Broken links', 'interlinker' ) }
			exportFilters={ EXPORT }
			description={ __(
				'Links in your content that lead to a page answering with an error.',
				'interlinker'
			) }
		>
			<RemoteContent
				remote={ remote }
				loadingLabel={ __( 'Loading broken links…', 'interlinker' ) }
				emptyTitle={ __( 'No broken internal links.', 'interlinker' ) }
				isEmpty={ ( data ) => data.total === 0 }
			>
				{ ( data ) => (
					<>
						<table className="widefat striped interlinker-table">
							<thead>
								<tr>
									<th scope="col">
										{ __( 'In', 'interlinker' ) }
									</th>
									<th scope="col">
										{ __( 'Link text', 'interlinker' ) }
									</th>
									<th scope="col">
										{ __( 'Leads to', 'interlinker' ) }
									</th>
								</tr>
							</thead>
							<tbody>
								{ data.items.map( ( link ) => (
									<tr
										key={ `${ link.sourcePageId }:${ link.targetUrl }:${ link.anchorText }` }
									>
										<td>
											<PostLinks
												title=""
												url={ link.sourcePageUrl }
												editLink={ link.sourceEditLink }
											/>
										</td>
										<td>{ link.anchorText }</td>
										<td>
											<code>
												{ urlPath( link.targetUrl ) }
											</code>{ ' ' }
											<span className="interlinker-http">
												{ link.statusCode }
											</span>
										</td>
									</tr>
								) ) }
							</tbody>
						</table>
						<Pager
							page={ page }
							totalPages={ data.totalPages }
							onChange={ setPage }
							label={ __( 'Broken links', 'interlinker' ) }
						/>
					</>
				) }
			</RemoteContent>
		</ListPanel>
	);
}
