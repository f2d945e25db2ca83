/**
 * A fresh @wordpress/data registry holding the notices store and ours, typed for the tests (the registry's published
 * types say little more than "Function").
 */
import { createRegistry } from '@wordpress/data';
import { store as noticesStore } from '@wordpress/notices';

import { store } from '../../admin-ui/src/store';
import type * as actions from '../../admin-ui/src/store/actions';
import type { BoundSelectors } from '../../admin-ui/src/store/thunk';

type Result< A > = A extends ( ...args: never[] ) => infer R
	? R extends ( ...args: never[] ) => infer T
		? Awaited< T >
		: R
	: never;

type Actions = {
	[ K in keyof typeof actions ]: (
		...args: Parameters< ( typeof actions )[ K ] >
	) => Promise< Result< ( typeof actions )[ K ] > >;
};
type Resolved = {
	[ K in keyof BoundSelectors ]: (
		...args: Parameters< BoundSelectors[ K ] >
	) => Promise< ReturnType< BoundSelectors[ K ] > >;
};

export interface Notice {
	status: string;
	content: string;
}

export interface TestRegistry {
	select: BoundSelectors;
	resolveSelect: Resolved;
	dispatch: Actions;
	notices: () => Notice[];
	/** Marks a resolved selector call stale, so the next read loads it again. */
	invalidate: ( selectorName: keyof BoundSelectors, args: unknown[] ) => void;
}

export function freshRegistry(): TestRegistry {
	const registry = createRegistry() as unknown as {
		register: ( descriptor: unknown ) => void;
		select: ( descriptor: unknown ) => unknown;
		resolveSelect: ( descriptor: unknown ) => unknown;
		dispatch: ( descriptor: unknown ) => unknown;
	};
	registry.register( noticesStore );
	registry.register( store );
	return {
		get select() {
			return registry.select( store ) as BoundSelectors;
		},
		get resolveSelect() {
			return registry.resolveSelect( store ) as Resolved;
		},
		get dispatch() {
			return registry.dispatch( store ) as Actions;
		},
		notices: () =>
			(
				registry.select( noticesStore ) as {
					getNotices: () => Notice[];
				}
			 ).getNotices(),
		invalidate: ( selectorName, args ) =>
			(
				registry.dispatch( store ) as {
					invalidateResolution: (
						name: string,
						args: unknown[]
					) => void;
				}
			 ).invalidateResolution( selectorName, args ),
	};
}
