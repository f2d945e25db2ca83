import { createReduxStore, register } from '@wordpress/data';

import * as actions from './actions';
import reducer from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const STORE_NAME = 'interlinker/admin';

export const store = createReduxStore( STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

/** Registers the store in WordPress's default registry; the entry points call it once. */
export function registerStore(): void {
	register( store );
}
