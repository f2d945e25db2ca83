/**
 * Reads a resolved selector of the store with its loading and error state, and a way to load it again.
 */
import { useDispatch, useSelect } from '@wordpress/data';
import { useCallback } from '@wordpress/element';

import type { ApiError } from '../api/errors';
import { store } from '../store';
import { queryKey } from '../store/keys';
import type { BoundSelectors } from '../store/thunk';

export type RemoteSelectorName =
	| 'getSuggestions'
	| 'getImplementations'
	| 'getImplementation'
	| 'getAnalytics'
	| 'getTimeseries'
	| 'getOrphans'
	| 'getBrokenLinks'
	| 'getInboundLinks'
	| 'getLinkCounts'
	| 'getLinkCountProgress'
	| 'getSettings';

/** The resolution meta-selectors and actions every @wordpress/data store has; its types do not list them. */
interface ResolutionSelectors {
	hasFinishedResolution: ( selectorName: string, args: unknown[] ) => boolean;
}
interface ResolutionActions {
	invalidateResolution: ( selectorName: string, args: unknown[] ) => void;
}

export interface Remote< T > {
	data: T;
	isLoading: boolean;
	error: ApiError | null;
	retry: () => void;
}

export function useRemote< N extends RemoteSelectorName >(
	name: N,
	...args: Parameters< BoundSelectors[ N ] >
): Remote< ReturnType< BoundSelectors[ N ] > > {
	const argsKey = queryKey( args );
	const state = useSelect(
		( select ) => {
			const selectors = select( store ) as unknown as BoundSelectors &
				ResolutionSelectors;
			const read = selectors[ name ] as (
				...selectorArgs: unknown[]
			) => ReturnType< BoundSelectors[ N ] >;
			return {
				data: read( ...args ),
				isLoading: ! selectors.hasFinishedResolution( name, args ),
				error: selectors.getError( name, ...args ),
			};
		},
		// argsKey stands for args: same arguments, same subscription.
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[ name, argsKey ]
	);
	const actions = useDispatch( store ) as unknown as ResolutionActions;
	const retry = useCallback(
		() => actions.invalidateResolution( name, args ),
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[ actions, name, argsKey ]
	);
	return { ...state, retry };
}
