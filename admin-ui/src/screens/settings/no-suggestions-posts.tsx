/**
 * "Posts that get no suggestions": the posts whose editors switched suggestions off in the block editor's sidebar,
 * each with a link to edit it and a button to switch them on again.
 */
import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { ErrorState, LoadingState } from '../../components/request-states';
import {
	LISTED_POSTS,
	useNoSuggestionsPosts,
} from '../../hooks/use-no-suggestions-posts';
import { plainTitle } from '../../lib/format';

export function NoSuggestionsPosts() {
	const { posts, total, error, removing, remove, reload } =
		useNoSuggestionsPosts();

	return (
		<section
			className="interlinker-no-suggestions"
			aria-labelledby="interlinker-no-suggestions-title"
		>
			<h3
				id="interlinker-no-suggestions-title"
				className="interlinker-no-suggestions__title"
			>
				{ __( 'Posts that get no suggestions', 'interlinker' ) }
			</h3>
			<p className="description">
				{ __(
					'Switched off in the block editor’s Interlinker sidebar (“No suggestions for this post”): these posts neither get suggested links nor are suggested as link targets.',
					'interlinker'
				) }
			</p>
			{ error && <ErrorState error={ error } onRetry={ reload } /> }
			{ ! posts && ! error && (
				<LoadingState label={ __( 'Loading posts…', 'interlinker' ) } />
			) }
			{ posts && posts.length === 0 && (
				<p>{ __( 'None: every post takes part.', 'interlinker' ) }</p>
			) }
			{ posts && posts.length > 0 && (
				<ul className="interlinker-no-suggestions__list">
					{ posts.map( ( post ) => {
						const title = plainTitle(
							post.title,
							sprintf(
								/* translators: %d: post id. */
								__( 'Post %d', 'interlinker' ),
								post.id
							)
						);
						return (
							<li key={ post.id }>
								{ post.editLink ? (
									<a href={ post.editLink }>{ title }</a>
								) : (
									<span>{ title }</span>
								) }{ ' ' }
								<span className="interlinker-no-suggestions__type">
									{ post.type }
								</span>
								<Button
									variant="link"
									isDestructive
									onClick={ () => void remove( post.id ) }
									isBusy={ removing.includes( post.id ) }
									disabled={
										removing.includes( post.id ) ||
										! post.editLink
									}
									accessibleWhenDisabled
									label={ sprintf(
										/* translators: %s: post title. */
										__(
											'Let “%s” get suggestions again',
											'interlinker'
										),
										title
									) }
									showTooltip={ false }
								>
									{ __( 'Remove', 'interlinker' ) }
								</Button>
							</li>
						);
					} ) }
				</ul>
			) }
			{ total > LISTED_POSTS && (
				<p className="description">
					{ sprintf(
						/* translators: %d: number of posts not listed. */
						_n(
							'And %d more.',
							'And %d more.',
							total - LISTED_POSTS,
							'interlinker'
						),
						total - LISTED_POSTS
					) }
				</p>
			) }
		</section>
	);
}
