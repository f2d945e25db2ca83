/**
 * Shapes of the plugin's REST answers (`/wp-json/interlinker/v1`), as docs/plugin-rest.md describes them. Those the
 * plugin publishes a schema for come from ./rest-types (generated from the PHP schemas); the rest are written here.
 */

import type {
	RestConnectionCheck,
	RestImplementAnswer,
	RestImplementation,
	RestImplementationDetails,
	RestRollbackAnswer,
	RestSettings,
	RestSuggestion,
	RestSyncResult,
} from './rest-types';

export type SuggestionStatus = RestSuggestion[ 'status' ];

export type Suggestion = RestSuggestion;

export type ImplementationStatus = RestImplementation[ 'status' ];

/** The bridge's result for one link (lists, details): `error` says why it failed. */
export type BridgeLinkResult = RestImplementation[ 'results' ][ number ];

/** The plugin's result for one link (POST /implement): `code` and `reason` say why it failed. */
export type LinkResult = RestImplementAnswer[ 'results' ][ number ];

/** An implementation as the store keeps it: /implement's answer stands in until the bridge's is read again. */
export interface Implementation extends Omit< RestImplementation, 'results' > {
	results: Array< BridgeLinkResult | LinkResult > | null;
}

/** GET /implementations/{id}, as the store keeps it: a later answer's results replace the bridge's, as for Implementation. */
export interface ImplementationDetails
	extends Omit< RestImplementationDetails, 'results' > {
	results: Implementation[ 'results' ];
}

/** A post an implementation changed, as the plugin recorded it. */
export type ImplementationPost = RestImplementationDetails[ 'posts' ][ number ];

/** A link an implementation inserted into one post. */
export type InsertedLink = ImplementationPost[ 'links' ][ number ];

/** POST /rollback: the implementation, whose `results` here are per post rather than per link. */
export type RollbackAnswer = RestRollbackAnswer;

export type RollbackPostResult = RollbackAnswer[ 'results' ][ number ];

export type RollbackOutcome = RollbackPostResult[ 'outcome' ];

export type ImplementAnswer = RestImplementAnswer;

export interface AnalyticsSummary {
	suggestions: {
		total: number;
		pending: number;
		approved: number;
		implemented: number;
	};
	implementations: { total: number; successful: number; failed: number };
	pages: { total: number; synced: number; pending: number };
	/** Every internal link in synced content: active, broken, redirected, or to a URL never synced (unresolved). */
	links: {
		total: number;
		active: number;
		broken: number;
		redirected: number;
		unresolved: number;
	};
}

export interface TimeseriesPoint {
	/** A UTC day, YYYY-MM-DD. */
	date: string;
	suggestions: number;
	implementations: number;
}

export interface OrphanPage {
	id: string;
	url: string;
	title: string;
	postId: number;
	editLink: string;
}

export interface BrokenLink {
	sourcePageId: string;
	sourcePageUrl: string;
	targetUrl: string;
	anchorText: string;
	statusCode: number;
	sourcePostId: number;
	sourceEditLink: string;
}

export interface InboundBucket {
	label: string;
	min: number;
	max: number | null;
	pages: number;
}

export interface PostTypeOption {
	slug: string;
	label: string;
}

export type Settings = Omit< RestSettings, 'warnings' >;

/** What the settings form may send; `apiKey` is write-only. */
export interface SettingsChanges {
	bridgeUrl?: string;
	apiKey?: string;
	postTypes?: string[];
	excludedCategories?: number[];
	excludedPaths?: string[];
	maxLinksPerPost?: number;
}

/** POST /settings/test-connection when the connection works. */
export type ConnectionTest = RestConnectionCheck;

/** One answer of a full sync; the counts are for the whole run so far, not for this batch. */
export type SyncBatch = RestSyncResult;

/** One page of a list route, with the totals WordPress sends in X-WP-Total / X-WP-TotalPages. */
export interface ListPage< T > {
	items: T[];
	total: number;
	totalPages: number;
}

/** A post found by the core search route, for "Generate for a post" and the post filter. */
export interface PostSearchResult {
	id: number;
	title: string;
	subtype: string;
	url: string;
}

export interface Category {
	id: number;
	name: string;
}
