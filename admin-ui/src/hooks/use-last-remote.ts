/**
 * useRemote that keeps showing the last answer while new arguments load (a new period, a new page), instead of a
 * blank panel: `isStale` says the data shown are for `args`, older arguments than those asked for.
 */
import { useRef } from '@wordpress/element';

import type { BoundSelectors } from '../store/thunk';
import { type Remote, type RemoteSelectorName, useRemote } from './use-remote';

export interface LastRemote< N extends RemoteSelectorName >
	extends Remote< ReturnType< BoundSelectors[ N ] > > {
	/** The arguments the data shown answer. */
	args: Parameters< BoundSelectors[ N ] >;
	/** Whether the data shown are an older answer, kept while the new one loads. */
	isStale: boolean;
}

export function useLastRemote< N extends RemoteSelectorName >(
	name: N,
	...args: Parameters< BoundSelectors[ N ] >
): LastRemote< N > {
	const remote = useRemote( name, ...args );
	const last = useRef< {
		data: ReturnType< BoundSelectors[ N ] >;
		args: Parameters< BoundSelectors[ N ] >;
	} | null >( null );
	if ( remote.data !== null ) {
		last.current = { data: remote.data, args };
		return { ...remote, args, isStale: false };
	}
	if ( remote.error || last.current === null ) {
		return { ...remote, args, isStale: false };
	}
	return {
		...remote,
		data: last.current.data,
		args: last.current.args,
		isStale: true,
	};
}
