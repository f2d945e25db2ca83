/**
 * Shapes of the plugin's REST answers (`/wp-json/interlinker/v1`), as docs/plugin-rest.md describes them. Those the
 * plugin publishes a schema for come from ./rest-types (generated from the PHP schemas); the rest are written here.
 */

import type {
	RestImplementation,
	RestSettings,
	RestSuggestion,
	RestSyncResult,
} from './rest-types';

export type SuggestionStatus = RestSuggestion[ 'status' ];

export type Suggestion = RestSuggestion;

export type ImplementationStatus = RestImplementation[ 'status' ];

export interface LinkResult {
	suggestionId: string;
	succeeded: boolean;
	/** The bridge's field for why a link failed. */
	error?: string | null;
	/** The plugin's field for why a link failed. */
	reason?: string | null;
}

export interface Implementation extends Omit< RestImplementation, 'results' > {
	results: LinkResult[] | null;
}

/** A link an implementation inserted into one post, as the plugin recorded it. */
export interface InsertedLink {
	suggestionId: string;
	anchorText: string;
	href: string;
}

export interface ImplementationPost {
	postId: number;
	title: string;
	editLink: string;
	links: InsertedLink[];
}

export interface ImplementationDetails extends Implementation {
	/** What the implementation changed on this site, post by post (empty once it is rolled back). */
	posts: ImplementationPost[];
	/** The implementation's suggestions, when the plugin sends them along. */
	suggestions?: Suggestion[];
}

export type RollbackOutcome =
	| 'restored_exactly'
	| 'links_removed'
	| 'nothing_to_remove';

export interface RollbackPostResult {
	postId: number;
	outcome: RollbackOutcome;
	removedSuggestionIds: string[];
	missingSuggestionIds: string[];
}

/** POST /rollback: the implementation, whose `results` here are per post rather than per link. */
export interface RollbackAnswer extends Omit< Implementation, 'results' > {
	results: RollbackPostResult[];
}

export interface ImplementAnswer extends Implementation {
	results: LinkResult[];
}

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

export interface ConnectionTest {
	ok: boolean;
	message: string;
	/** Said even when the connection works, e.g. plain http:// to another machine. */
	warnings?: string[];
	bridgeVersion?: string;
	projectId?: string;
	rateLimit?: { limit: number; remaining: number; resetAt: string };
}

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
