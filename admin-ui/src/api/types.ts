/**
 * Shapes of the plugin's REST answers and bodies (`/wp-json/interlinker/v1`), as docs/plugin-rest.md describes them:
 * each comes from ./rest-types (generated from the PHP schemas). Written here: what the client assembles (ListPage)
 * and WordPress core's shapes (PostSearchResult, Category).
 */

import type {
	RestAnalyticsSummary,
	RestBrokenLink,
	RestConnectionCheck,
	RestGeneration,
	RestImplementAnswer,
	RestImplementation,
	RestImplementationDetails,
	RestInboundLinks,
	RestInboundQuery,
	RestInboundSuggestions,
	RestLinkCount,
	RestLinkCountProgress,
	RestListedImplementation,
	RestOrphanPage,
	RestRollbackAnswer,
	RestSettings,
	RestSettingsChanges,
	RestSetup,
	RestSuggestion,
	RestSyncResult,
	RestTimeseriesPoint,
} from './rest-types';

export type SuggestionStatus = RestSuggestion[ 'status' ];

export type Suggestion = RestSuggestion;

export type ImplementationStatus = RestImplementation[ 'status' ];

/** The bridge's result for one link (lists, details): `error` says why it failed. */
export type BridgeLinkResult = RestImplementation[ 'results' ][ number ];

/** The plugin's result for one link (POST /implement): `code` and `reason` say why it failed. */
export type LinkResult = RestImplementAnswer[ 'results' ][ number ];

/** A post an implementation changed, as the list names it. */
export type ListedPost = RestListedImplementation[ 'posts' ][ number ];

/** An implementation as the store keeps it: /implement's answer stands in until the bridge's is read again. */
export interface Implementation extends Omit< RestImplementation, 'results' > {
	results: Array< BridgeLinkResult | LinkResult > | null;
	/** The posts it changed, once a list has named them. */
	posts?: ListedPost[];
}

/** GET /implementations/{id}, as the store keeps it: a later answer's results replace the bridge's, as for Implementation. */
export interface ImplementationDetails
	extends Omit< RestImplementationDetails, 'results' > {
	results: Implementation[ 'results' ];
	/** Made from the site's own records while the bridge cannot be reached: no suggestions, no undo. */
	source?: AnswerSource;
}

/** A post an implementation changed, as the plugin recorded it. */
export type ImplementationPost = RestImplementationDetails[ 'posts' ][ number ];

/** A link an implementation inserted into one post. */
export type InsertedLink = ImplementationPost[ 'links' ][ number ];

/** A link an implementation inserted into one post and that was undone since. */
export type UndoneLink = NonNullable< ImplementationPost[ 'undoneLinks' ] >[ number ];

/** POST /rollback: the implementation, whose `results` here are per post rather than per link. */
export type RollbackAnswer = RestRollbackAnswer;

export type RollbackPostResult = RollbackAnswer[ 'results' ][ number ];

export type RollbackOutcome = RollbackPostResult[ 'outcome' ];

export type ImplementAnswer = RestImplementAnswer;

export type AnalyticsSummary = RestAnalyticsSummary;

export type TimeseriesPoint = RestTimeseriesPoint;

export type OrphanPage = RestOrphanPage;

export type BrokenLink = RestBrokenLink;

/** One post of the links-per-post report (GET /link-counts). */
export type LinkCount = RestLinkCount;

/** How far the count of every post's links is (GET / POST /link-counts/progress). */
export type LinkCountProgress = RestLinkCountProgress;

export type InboundBucket = RestInboundLinks[ 'buckets' ][ number ];

/** POST /posts/{id}/inbound-suggestions: suggested links from other posts to this one. */
export type InboundSuggestions = RestInboundSuggestions;

/** What "Find links to this post" may ask for besides the post. */
export type InboundQuery = RestInboundQuery;

export type PostTypeOption = RestSettings[ 'availablePostTypes' ][ number ];

export type Settings = Omit< RestSettings, 'warnings' >;

/** What the settings form may send; `apiKey` is write-only. */
export type SettingsChanges = RestSettingsChanges;

/** POST /settings/test-connection when the connection works. */
export type ConnectionTest = RestConnectionCheck;

/** The bridge's background generation of suggestions: the current (or last) run. */
export type Generation = RestGeneration;

/** The steps of the first run, as the setup checklist shows them. */
export type SetupSteps = RestSetup;

/** One answer of a full sync; the counts are for the whole run so far, not for this batch. */
export type SyncBatch = RestSyncResult;

/** One page of a list route (asked for with RestPageQuery's args), with the totals of X-WP-Total / X-WP-TotalPages. */
export interface ListPage< T > {
	items: T[];
	total: number;
	totalPages: number;
	/** A suggestions list narrowed to one post that found none: why (X-Interlinker-Post-State). */
	postState?: PostSuggestionState;
	/** Made from the site's own records while the bridge cannot be reached (X-Interlinker-Source). */
	source?: AnswerSource;
}

/** An answer made without the bridge: the implementation history the site recorded in post meta. */
export type AnswerSource = 'site-records';

/**
 * Why a post has no suggestions: it cannot have any (not published, excluded, a type left out), the bridge does not
 * know it yet, or none were found (still being generated, or none above the site's minimum score).
 */
export type PostSuggestionState = 'not_eligible' | 'not_synced' | 'none_found';

/** A post found by the core search route (/wp/v2/search), for "Generate for a post" and the post filter. */
export interface PostSearchResult {
	id: number;
	title: string;
	subtype: string;
	url: string;
}

/** A category, from the core route /wp/v2/categories. */
export interface Category {
	id: number;
	name: string;
}
