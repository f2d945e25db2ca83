/**
 * What @wordpress/data hands a thunk (an action or resolver that returns a function), typed for this store.
 */
import type * as selectors from './selectors';
import type { Action, State } from './types';

type Curried< F > = F extends ( state: State, ...args: infer P ) => infer R
	? ( ...args: P ) => R
	: never;

export type BoundSelectors = {
	[ K in keyof typeof selectors ]: Curried< ( typeof selectors )[ K ] >;
};

export type SelectorName = keyof typeof selectors;

export interface NoticeActions {
	createSuccessNotice: (
		content: string,
		options?: Record< string, unknown >
	) => unknown;
	createWarningNotice: (
		content: string,
		options?: Record< string, unknown >
	) => unknown;
	createErrorNotice: (
		content: string,
		options?: Record< string, unknown >
	) => unknown;
}

export interface ThunkArgs {
	select: BoundSelectors;
	dispatch: ( ( action: Action ) => void ) & {
		invalidateResolutionForStoreSelector: (
			selectorName: SelectorName
		) => void;
		invalidateResolution: (
			selectorName: SelectorName,
			args: unknown[]
		) => void;
	};
	registry: { dispatch: ( store: unknown ) => unknown };
}

export type Thunk< R = void > = ( args: ThunkArgs ) => Promise< R >;
