/**
 * One implementation: when it ran, each link and whether it went in, and a way to roll it back.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Modal,
} from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import type {
	BridgeLinkResult,
	ImplementationDetails,
	ImplementationPost,
	InsertedLink,
	LinkResult,
	Suggestion,
} from '../../api/types';
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
	return implementation.status === 'rolled_back'
		? 'rolled_back'
		: 'completed';
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

/**
 * One link of the implementation: where it went, its words, where it leads, and whether it went in.
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
	const reason = result ? failureReason( result ) : '';
	let outcome = __( 'Waiting', 'interlinker' );
	if ( result && ! result.succeeded ) {
		outcome = __( 'Not inserted', 'interlinker' );
	} else if ( result && implementation.status === 'rolled_back' ) {
		outcome = __( 'Inserted, then rolled back', 'interlinker' );
	} else if ( result ) {
		outcome = __( 'Inserted', 'interlinker' );
	}
	const anchor = inserted?.link.anchorText ?? suggestion?.anchorText ?? '';
	const targetUrl = inserted?.link.href ?? suggestion?.targetPageUrl ?? '';
	return (
		<tr className="interlinker-link-row">
			<td>
				{ inserted && (
					<PostLinks
						title={ inserted.post.title }
						url={ suggestion?.sourcePageUrl ?? null }
						editLink={ inserted.post.editLink }
					/>
				) }
				{ ! inserted && suggestion && (
					<PostLinks
						title={ suggestion.sourceTitle }
						url={ suggestion.sourcePageUrl }
						editLink={ suggestion.sourceEditLink }
					/>
				) }
			</td>
			<td className="interlinker-link-row__anchor">
				{ anchor || (
					<code className="interlinker-muted">{ suggestionId }</code>
				) }
			</td>
			<td>
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
				<StatusBadge
					status={ linkBadge( implementation, result ) }
					label={ outcome }
				/>
				{ reason && (
					<p className="interlinker-result__reason">{ reason }</p>
				) }
			</td>
		</tr>
	);
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
							{ __( 'Roll back', 'interlinker' ) }
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
			<table className="widefat striped interlinker-table">
				<thead>
					<tr>
						<th scope="col">{ __( 'Post', 'interlinker' ) }</th>
						<th scope="col">
							{ __( 'Link text', 'interlinker' ) }
						</th>
						<th scope="col">{ __( 'Leads to', 'interlinker' ) }</th>
						<th scope="col">{ __( 'Result', 'interlinker' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ implementation.suggestionIds.map( ( suggestionId ) => (
						<LinkRow
							key={ suggestionId }
							implementation={ implementation }
							suggestionId={ suggestionId }
						/>
					) ) }
				</tbody>
			</table>
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
