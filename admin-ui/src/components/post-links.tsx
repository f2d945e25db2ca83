/**
 * A post's title with "Edit" and "View" links; plain text when the URL is no post of this site.
 */
import { __, sprintf } from '@wordpress/i18n';

import { plainTitle, urlPath } from '../lib/format';

export function PostLinks( {
	title,
	url,
	editLink,
}: {
	title: string;
	url: string | null;
	editLink: string;
} ) {
	const name = plainTitle( title, url ? urlPath( url ) : undefined );
	return (
		<div className="interlinker-post">
			<span className="interlinker-post__title">{ name }</span>
			<span className="interlinker-post__links">
				{ editLink && (
					<a href={ editLink }>
						{ __( 'Edit', 'interlinker' ) }
						<span className="screen-reader-text">
							{
								/* translators: %s: post title. */ sprintf(
									__( '“%s”', 'interlinker' ),
									name
								)
							}
						</span>
					</a>
				) }
				{ url && (
					<a href={ url } target="_blank" rel="noreferrer">
						{ __( 'View', 'interlinker' ) }
						<span className="screen-reader-text">
							{
								/* translators: %s: post title. */ sprintf(
									__(
										'“%s” (opens in a new tab)',
										'interlinker'
									),
									name
								)
							}
						</span>
					</a>
				) }
			</span>
		</div>
	);
}
