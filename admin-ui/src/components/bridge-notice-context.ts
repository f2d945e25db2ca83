/**
 * Whether the screen already says, once at its top, why the bridge cannot be used (AdminPage does; the block
 * editor's sidebar does not), so that each panel's error only points there.
 */
import { createContext } from '@wordpress/element';

export const BridgeNoticeShown = createContext( false );
