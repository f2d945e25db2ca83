/**
 * One implementation: when it ran, each post it changed with its links and whether each went in, and the ways back:
 * one link, one post's links, or all of them.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Modal,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import type {
	BridgeLinkResult,
	ImplementationDetails,
	ImplementationPost,
	InsertedLink,
	LinkResult,
	Suggestion,
	UndoneLink,
} from '../../api/types';
import { CellLabel } from '../../components/cell-label';
import { PostLinks } from '../../components/post-links';
import { LoadingState, ErrorState } from '../../components/request-states';
import { StatusBadge } from '../../components/status-badge';
import { useRemote } from '../../hooks/use-remote';
import { formatDateTime, urlPath } from '../../lib/format';
import { store } from '../../store';
import { canRollBack } from './actions';
import { IMPLEMENTATION_STATUS_LABELS, linkCounts } from './fields';
import { RollbackForm } from './rollback-form';
import { RollbackOutcomes } from './rollback-outcomes';
import { SiteRecordsNotice } from './site-records-notice';

function resultOf(
	implementation: ImplementationDetails,
	suggestionId: string
): BridgeLinkResult | LinkResult | null {
	return (
		implementation.results?.find(
			( result ) => result.suggestionId === suggestionId
		) ?? null
	);
}

/**
 * Why a link failed: the bridge's `error`, or the plugin's `reason` while /implement's answer stands in.
 * @param result
 */
function failureReason( result: BridgeLinkResult | LinkResult ): string {
	return ( 'error' in result ? result.error : result.reason ) ?? '';
}

/**
 * Whether this link went in and was undone since (on its own, with its post, or with the whole implementation).
 * @param implementation
 * @param result
 */
function isUndone(
	implementation: ImplementationDetails,
	result: BridgeLinkResult | LinkResult | null
): boolean {
	if ( ! result?.succeeded ) {
		return false;
	}
	return (
		implementation.status === 'rolled_back' ||
		( 'rolledBackAt' in result && Boolean( result.rolledBackAt ) )
	);
}

function linkBadge(
	implementation: ImplementationDetails,
	result: BridgeLinkResult | LinkResult | null
): string {
	if ( ! result ) {
		return 'pending';
	}
	if ( ! result.succeeded ) {
		return 'failed';
	}
	return isUndone( implementation, result ) ? 'rolled_back' : 'completed';
}

function insertedLinkOf(
	implementation: ImplementationDetails,
	suggestionId: string
): { post: ImplementationPost; link: InsertedLink } | null {
	for ( const post of implementation.posts ) {
		const link = post.links.find(
			( candidate ) => candidate.suggestionId === suggestionId
		);
		if ( link ) {
			return { post, link };
		}
	}
	return null;
}

function undoneLinkOf(
	implementation: ImplementationDetails,
	suggestionId: string
): { post: ImplementationPost; link: UndoneLink } | null {
	for ( const post of implementation.posts ) {
		const link = ( post.undoneLinks ?? [] ).find(
			( candidate ) => candidate.suggestionId === suggestionId
		);
		if ( link ) {
			return { post, link };
		}
	}
	return null;
}

/**
 * The suggestion behind a link: from the details (so that every row, failed ones too, can say what it was), else
 * from what the store already holds.
 * @param implementation
 * @param suggestionId
 */
function useSuggestionOf(
	implementation: ImplementationDetails,
	suggestionId: string
): Suggestion | null {
	const known = useSelect(
		( select ) => select( store ).getSuggestion( suggestionId ),
		[ suggestionId ]
	);
	return (
		implementation.suggestions?.find(
			( suggestion ) => suggestion.id === suggestionId
		) ?? known
	);
}

function useRollingBack( implementationId: string ): boolean {
	return useSelect(
		( select ) =>
			select( store ).isBusy( `rollback:${ implementationId }` ),
		[ implementationId ]
	);
}

/**
 * One link of the implementation: its words, where it leads, whether it went in (or was undone), and its undo.
 * @param root0
 * @param root0.implementation
 * @param root0.suggestionId
 */
function LinkRow( {
	implementation,
	suggestionId,
}: {
	implementation: ImplementationDetails;
	suggestionId: string;
} ) {
	const suggestion = useSuggestionOf( implementation, suggestionId );
	const result = resultOf( implementation, suggestionId );
	const inserted = insertedLinkOf( implementation, suggestionId );
	const undone = undoneLinkOf( implementation, suggestionId );
	const isRollingBack = useRollingBack( implementation.id );
	const { rollbackImplementation } = useDispatch( store );
	const reason = result ? failureReason( result ) : '';
	const wasUndone = isUndone( implementation, result );
	let outcome = __( 'Waiting', 'interlinker' );
	if ( result && ! result.succeeded ) {
		outcome = __( 'Not inserted', 'interlinker' );
	} else if ( result && wasUndone ) {
		outcome = __( 'Inserted, then undone', 'interlinker' );
	} else if ( result ) {
		outcome = __( 'Inserted', 'interlinker' );
	}
	const anchor =
		inserted?.link.anchorText ??
		undone?.link.anchorText ??
		suggestion?.anchorText ??
		'';
	const targetUrl =
		inserted?.link.href ??
		undone?.link.href ??
		suggestion?.targetPageUrl ??
		'';
	// Undo needs the link in the post and the right to edit it (the edit link is empty otherwise).
	const canUndo =
		canRollBack( implementation ) &&
		! wasUndone &&
		Boolean( result?.succeeded ) &&
		inserted !== null &&
		inserted.post.editLink !== '';
	return (
		<tr className="interlinker-link-row">
			<td className="interlinker-link-row__anchor">
				<CellLabel>{ __( 'Link text', 'interlinker' ) }</CellLabel>
				{ anchor || (
					<code className="interlinker-muted">{ suggestionId }</code>
				) }
			</td>
			<td>
				<CellLabel>{ __( 'Leads to', 'interlinker' ) }</CellLabel>
				{ suggestion && (
					<PostLinks
						title={ suggestion.targetTitle }
						url={ targetUrl || null }
						editLink={ suggestion.targetEditLink }
					/>
				) }
				{ ! suggestion && targetUrl && (
					<code>{ urlPath( targetUrl ) }</code>
				) }
			</td>
			<td>
				<CellLabel>{ __( 'Result', 'interlinker' ) }</CellLabel>
				<StatusBadge
					status={ linkBadge( implementation, result ) }
					label={ outcome }
				/>
				{ reason && (
					<p className="interlinker-result__reason">{ reason }</p>
				) }
			</td>
			<td className="interlinker-link-row__actions">
				{ canUndo && (
					<Button
						variant="secondary"
						size="compact"
						isBusy={ isRollingBack }
						disabled={ isRollingBack }
						accessibleWhenDisabled
						aria-label={ sprintf(
							/* translators: %s: link text. */
							__( 'Undo the link “%s”', 'interlinker' ),
							anchor
						) }
						onClick={ () =>
							void rollbackImplementation( implementation.id, '', {
								suggestionIds: [ suggestionId ],
							} )
						}
					>
						{ __( 'Undo', 'interlinker' ) }
					</Button>
				) }
			</td>
		</tr>
	);
}

/**
 * The post a link belongs to: where it is, was, or would have gone (its suggestion's source).
 * @param implementation
 * @param suggestionId
 */
function postIdOf(
	implementation: ImplementationDetails,
	suggestionId: string
): number {
	const inserted = insertedLinkOf( implementation, suggestionId );
	if ( inserted ) {
		return inserted.post.postId;
	}
	const undone = undoneLinkOf( implementation, suggestionId );
	if ( undone ) {
		return undone.post.postId;
	}
	return (
		implementation.suggestions?.find(
			( suggestion ) => suggestion.id === suggestionId
		)?.sourcePostId ?? 0
	);
}

/**
 * The links of one post, under the post's name and its "Undo this post's links".
 * @param root0
 * @param root0.implementation
 * @param root0.postId
 * @param root0.suggestionIds
 */
function PostLinksGroup( {
	implementation,
	postId,
	suggestionIds,
}: {
	implementation: ImplementationDetails;
	postId: number;
	suggestionIds: string[];
} ) {
	const post = implementation.posts.find(
		( candidate ) => candidate.postId === postId
	);
	const source = implementation.suggestions?.find(
		( suggestion ) => suggestion.sourcePostId === postId && postId > 0
	);
	const isRollingBack = useRollingBack( implementation.id );
	const { rollbackImplementation } = useDispatch( store );
	const title = post?.title ?? source?.sourceTitle ?? '';
	const applied = post?.links.length ?? 0;
	const canUndoPost =
		canRollBack( implementation ) &&
		post !== undefined &&
		applied > 0 &&
		post.editLink !== '' &&
		// A rolled-back link stays in the record until the details are read again.
		suggestionIds.some(
			( id ) =>
				! isUndone(
					implementation,
					resultOf( implementation, id )
				)
		);
	return (
		<section className="interlinker-post-links">
			<div className="interlinker-post-links-heading">
				{ postId > 0 ? (
					<PostLinks
						title={ title }
						url={ post?.url || source?.sourcePageUrl || null }
						editLink={ post?.editLink ?? source?.sourceEditLink ?? '' }
					/>
				) : (
					<span className="interlinker-post__title">
						{ __( 'No post of this site', 'interlinker' ) }
					</span>
				) }
				{ canUndoPost && (
					<Button
						variant="secondary"
						isDestructive
						isBusy={ isRollingBack }
						disabled={ isRollingBack }
						accessibleWhenDisabled
						onClick={ () =>
							void rollbackImplementation( implementation.id, '', {
								postId,
							} )
						}
					>
						{ sprintf(
							/* translators: %d: number of links. */
							_n(
								'Undo this post’s link (%d)',
								'Undo this post’s links (%d)',
								applied,
								'interlinker'
							),
							applied
						) }
					</Button>
				) }
			</div>
			<table className="widefat striped interlinker-table">
				<thead>
					<tr>
						<th scope="col">
							{ __( 'Link text', 'interlinker' ) }
						</th>
						<th scope="col">{ __( 'Leads to', 'interlinker' ) }</th>
						<th scope="col">{ __( 'Result', 'interlinker' ) }</th>
						<th scope="col">
							<span className="screen-reader-text">
								{ __( 'Undo', 'interlinker' ) }
							</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{ suggestionIds.map( ( suggestionId ) => (
						<LinkRow
							key={ suggestionId }
							implementation={ implementation }
							suggestionId={ suggestionId }
						/>
					) ) }
				</tbody>
			</table>
		</section>
	);
}

/**
 * The implementation's links, grouped by the post they went (or would have gone) into, in the order asked.
 * @param implementation
 */
function groupsOf(
	implementation: ImplementationDetails
): Array< { postId: number; suggestionIds: string[] } > {
	const groups = new Map< number, string[] >();
	for ( const suggestionId of implementation.suggestionIds ) {
		const postId = postIdOf( implementation, suggestionId );
		groups.set( postId, [ ...( groups.get( postId ) ?? [] ), suggestionId ] );
	}
	return [ ...groups.entries() ].map( ( [ postId, suggestionIds ] ) => ( {
		postId,
		suggestionIds,
	} ) );
}

function Summary( {
	implementation,
}: {
	implementation: ImplementationDetails;
} ) {
	const rows: Array< [ string, string ] > = [
		[ __( 'Links', 'interlinker' ), linkCounts( implementation ) ],
		[
			__( 'Started', 'interlinker' ),
			formatDateTime( implementation.createdAt ),
		],
		[
			__( 'Finished', 'interlinker' ),
			formatDateTime( implementation.implementedAt ),
		],
	];
	if ( implementation.rolledBackAt ) {
		rows.push( [
			__( 'Rolled back', 'interlinker' ),
			formatDateTime( implementation.rolledBackAt ),
		] );
		rows.push( [
			__( 'Reason', 'interlinker' ),
			implementation.rollbackReason ?? '',
		] );
	}
	return (
		<dl className="interlinker-summary">
			{ rows.map( ( [ term, value ] ) => (
				<div key={ term } className="interlinker-summary__row">
					<dt>{ term }</dt>
					<dd>{ value }</dd>
				</div>
			) ) }
		</dl>
	);
}

export function ImplementationDetailsView( {
	id,
	backUrl,
}: {
	id: string;
	backUrl: string;
} ) {
	const {
		data: implementation,
		isLoading,
		error,
		retry,
	} = useRemote( 'getImplementation', id );
	const rollbackOutcomes = useSelect(
		( select ) => select( store ).getRollbackOutcomes( id ),
		[ id ]
	);
	const [ isRollingBack, setRollingBack ] = useState( false );

	if ( error ) {
		return <ErrorState error={ error } onRetry={ retry } />;
	}
	if ( ! implementation ) {
		return isLoading ? (
			<LoadingState
				label={ __( 'Loading the implementation…', 'interlinker' ) }
			/>
		) : null;
	}
	return (
		<div className="interlinker-details">
			<p>
				<a href={ backUrl }>
					{ __( '← All implementations', 'interlinker' ) }
				</a>
			</p>
			{ implementation.source === 'site-records' && (
				<SiteRecordsNotice />
			) }
			<Card>
				<CardHeader>
					<h2 className="interlinker-card-title">
						{ __( 'Implementation', 'interlinker' ) }{ ' ' }
						<StatusBadge
							status={ implementation.status }
							label={
								IMPLEMENTATION_STATUS_LABELS[
									implementation.status
								]
							}
						/>
					</h2>
					{ canRollBack( implementation ) && (
						<Button
							variant="secondary"
							isDestructive
							onClick={ () => setRollingBack( true ) }
						>
							{ __( 'Roll back all links', 'interlinker' ) }
						</Button>
					) }
				</CardHeader>
				<CardBody>
					<Summary implementation={ implementation } />
				</CardBody>
			</Card>
			{ rollbackOutcomes && (
				<RollbackOutcomes
					implementation={ implementation }
					outcomes={ rollbackOutcomes }
				/>
			) }
			<h2>{ __( 'Links', 'interlinker' ) }</h2>
			{ groupsOf( implementation ).map( ( group ) => (
				<PostLinksGroup
					key={ group.postId }
					implementation={ implementation }
					postId={ group.postId }
					suggestionIds={ group.suggestionIds }
				/>
			) ) }
			{ isRollingBack && (
				<Modal
					title={ __(
						'Roll back this implementation',
						'interlinker'
					) }
					onRequestClose={ () => setRollingBack( false ) }
				>
					<RollbackForm
						implementationId={ implementation.id }
						onDone={ () => setRollingBack( false ) }
					/>
				</Modal>
			) }
		</div>
	);
}
