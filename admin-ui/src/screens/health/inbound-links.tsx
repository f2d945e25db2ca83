/**
 * How inbound internal links are spread across the site's pages.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { DistributionBars } from '../../components/distribution-bars';
import { RemoteContent } from '../../components/remote-content';
import { useRemote } from '../../hooks/use-remote';

export function InboundLinks() {
	const remote = useRemote( 'getInboundLinks' );
	return (
		<Card className="interlinker-panel">
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Links pointing to each page', 'interlinker' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<RemoteContent
					remote={ remote }
					loadingLabel={ __(
						'Loading the link spread…',
						'interlinker'
					) }
					emptyTitle={ __( 'No synced pages yet.', 'interlinker' ) }
					isEmpty={ ( buckets ) =>
						buckets.every( ( bucket ) => bucket.pages === 0 )
					}
				>
					{ ( buckets ) => (
						<DistributionBars
							title={ __(
								'Pages by number of internal links pointing to them',
								'interlinker'
							) }
							rows={ buckets.map( ( bucket ) => ( {
								label: sprintf(
									/* translators: %s: a range such as "2–3". */
									_n(
										'%s link',
										'%s links',
										bucket.max === 1 ? 1 : 2,
										'interlinker'
									),
									bucket.label
								),
								value: bucket.pages,
								isWarning: bucket.max === 0,
							} ) ) }
							valueLabel={ ( value ) =>
								sprintf(
									/* translators: %d: number of pages. */
									_n(
										'%d page',
										'%d pages',
										value,
										'interlinker'
									),
									value
								)
							}
						/>
					) }
				</RemoteContent>
			</CardBody>
		</Card>
	);
}
