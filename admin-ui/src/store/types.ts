import type { DateRange, PageQuery } from '../api/analytics';
import type { ApiError } from '../api/errors';
import type { ImplementationQuery } from '../api/implementations';
import type { LinkCountQuery } from '../api/link-counts';
import type { SuggestionQuery } from '../api/suggestions';
import type {
	AnswerSource,
	AnalyticsSummary,
	BrokenLink,
	ConnectionTest,
	Generation,
	Implementation,
	ImplementationDetails,
	InboundBucket,
	InboundSuggestions,
	LinkCount,
	LinkCountProgress,
	LinkResult,
	ListPage,
	OrphanPage,
	PostSuggestionState,
	RollbackPostResult,
	Settings,
	SetupSteps,
	Suggestion,
	SuggestionStatus,
	TimeseriesPoint,
} from '../api/types';

export type {
	DateRange,
	PageQuery,
	ImplementationQuery,
	LinkCountQuery,
	SuggestionQuery,
};

/** The ids of one page of a list, in the server's order. */
export interface QueryResult {
	ids: string[];
	total: number;
	totalPages: number;
	postState?: PostSuggestionState;
	source?: AnswerSource;
}

export interface SuggestionsState {
	byId: Record< string, Suggestion >;
	/** By queryKey( query ). */
	queries: Record< string, QueryResult >;
	/** Deleted optimistically; shown again if the delete fails. */
	hiddenIds: Record< string, true >;
	/**
	 * Status changes still on their way to WordPress, by suggestion id (how many): the new status shows at once, but
	 * until the plugin has it nothing else may be asked about that suggestion (an implement would find it not approved).
	 */
	savingIds: Record< string, number >;
}

export interface ImplementationsState {
	byId: Record< string, Implementation >;
	queries: Record< string, QueryResult >;
	details: Record< string, ImplementationDetails >;
	/** What the last rollback of an implementation did to each post, by implementation id (this visit only). */
	rollbackOutcomes: Record< string, RollbackPostResult[] >;
}

export interface HealthState {
	summaries: Record< string, AnalyticsSummary >;
	timeseries: Record< string, TimeseriesPoint[] >;
	orphans: Record< string, ListPage< OrphanPage > >;
	brokenLinks: Record< string, ListPage< BrokenLink > >;
	inbound: InboundBucket[] | null;
	/** Pages of the links-per-post report, by queryKey( query ). */
	linkCounts: Record< string, ListPage< LinkCount > >;
	/** How far the count of every post's links is; null until asked. */
	linkCountProgress: LinkCountProgress | null;
}

/** "Find links to this post" for one post: its last search (the suggestions themselves are in suggestions.byId). */
export interface InboundLookup {
	status: 'loading' | 'done' | 'failed';
	/** What the last search that answered found, most relevant first (kept while a new search runs). */
	ids: string[];
	/** Suggestions left out because the user may not read their source post. */
	leftOut: number;
	error: ApiError | null;
}

/** The last "Implement selected": what was asked, and each link's outcome. */
export interface ImplementRun {
	status: 'running' | 'done' | 'failed';
	suggestionIds: string[];
	implementation: Implementation | null;
	results: LinkResult[];
	error: ApiError | null;
}

export interface SyncProgress {
	status: 'idle' | 'running' | 'cancelling' | 'done' | 'cancelled' | 'failed';
	synced: number;
	failed: number;
	skipped: number;
	/** Posts to sync in all, once the first batch has answered. */
	total: number | null;
	/** The site-wide link count each call of the sync goes on with, once the first batch has answered. */
	linkCounts: LinkCountProgress | null;
	error: ApiError | null;
}

export interface ConnectionState {
	status: 'idle' | 'testing' | 'ok' | 'failed';
	result: ConnectionTest | null;
	error: ApiError | null;
	/** Why the last "Save connection" was refused (the bridge refused the key, the address is no bridge…). */
	saveError: ApiError | null;
}

/** The bridge's background generation, as the screens follow it (every 2 s while it generates). */
export interface GenerationWatch {
	progress: Generation | null;
	/** A watch is polling: a second one does not start. */
	watching: boolean;
	error: ApiError | null;
}

export interface SetupState {
	/** As the screen loaded: the checklist shows on this screen when the setup was not complete then. */
	atLoad: SetupSteps | null;
	steps: SetupSteps | null;
}

export interface State {
	suggestions: SuggestionsState;
	implementations: ImplementationsState;
	health: HealthState;
	/** By target post id. */
	inbound: Record< number, InboundLookup >;
	settings: Settings | null;
	/** By errorKey( selectorName, args ): why a resolver failed. */
	errors: Record< string, ApiError >;
	/** Operations under way, by name (e.g. "saveSettings"), to disable their buttons. */
	busy: Record< string, true >;
	implementRun: ImplementRun | null;
	sync: SyncProgress;
	connection: ConnectionState;
	generation: GenerationWatch;
	setup: SetupState;
	/** Why the bridge cannot be used right now (not connected, unreachable, key refused); null once it answers. */
	bridgeProblem: ApiError | null;
}

export type Action =
	| { type: 'RECEIVE_SUGGESTIONS'; key: string; page: ListPage< Suggestion > }
	| { type: 'RECEIVE_SUGGESTION'; suggestion: Suggestion }
	| {
			type: 'SET_SUGGESTION_STATUSES';
			statuses: Record< string, SuggestionStatus >;
	  }
	| { type: 'STATUS_SAVE_STARTED'; ids: string[] }
	| { type: 'STATUS_SAVE_ENDED'; ids: string[] }
	| { type: 'HIDE_SUGGESTIONS'; ids: string[] }
	| { type: 'SHOW_SUGGESTIONS'; ids: string[] }
	| { type: 'REMOVE_SUGGESTIONS'; ids: string[] }
	| {
			type: 'RECEIVE_IMPLEMENTATIONS';
			key: string;
			page: ListPage< Implementation >;
	  }
	| { type: 'RECEIVE_IMPLEMENTATION'; implementation: Implementation }
	| { type: 'RECEIVE_IMPLEMENTATION_DETAILS'; details: ImplementationDetails }
	| {
			type: 'RECEIVE_ROLLBACK_OUTCOMES';
			implementationId: string;
			results: RollbackPostResult[];
	  }
	| { type: 'RECEIVE_ANALYTICS'; key: string; summary: AnalyticsSummary }
	| { type: 'RECEIVE_TIMESERIES'; key: string; points: TimeseriesPoint[] }
	| { type: 'RECEIVE_ORPHANS'; key: string; page: ListPage< OrphanPage > }
	| {
			type: 'RECEIVE_BROKEN_LINKS';
			key: string;
			page: ListPage< BrokenLink >;
	  }
	| { type: 'RECEIVE_INBOUND_LINKS'; buckets: InboundBucket[] }
	| { type: 'RECEIVE_LINK_COUNTS'; key: string; page: ListPage< LinkCount > }
	| { type: 'RECEIVE_LINK_COUNT_PROGRESS'; progress: LinkCountProgress }
	| { type: 'INBOUND_STARTED'; postId: number }
	| { type: 'INBOUND_RECEIVED'; postId: number; answer: InboundSuggestions }
	| { type: 'INBOUND_FAILED'; postId: number; error: ApiError }
	| { type: 'RECEIVE_SETTINGS'; settings: Settings }
	| { type: 'RECEIVE_ERROR'; key: string; error: ApiError }
	| { type: 'CLEAR_ERROR'; key: string }
	| { type: 'SET_BUSY'; name: string; busy: boolean }
	| { type: 'IMPLEMENT_STARTED'; suggestionIds: string[] }
	| {
			type: 'IMPLEMENT_FINISHED';
			implementation: Implementation;
			results: LinkResult[];
	  }
	| { type: 'IMPLEMENT_FAILED'; error: ApiError }
	| { type: 'IMPLEMENT_DISMISSED' }
	| { type: 'SYNC_STARTED' }
	| {
			type: 'SYNC_PROGRESS';
			synced: number;
			failed: number;
			skipped: number;
			total: number;
			linkCounts: LinkCountProgress | null;
	  }
	| { type: 'SYNC_CANCEL_REQUESTED' }
	| { type: 'SYNC_FINISHED'; outcome: 'done' | 'cancelled' }
	| { type: 'SYNC_FAILED'; error: ApiError }
	| { type: 'CONNECTION_TEST_STARTED' }
	| { type: 'CONNECTION_TEST_FINISHED'; result: ConnectionTest }
	| { type: 'CONNECTION_TEST_FAILED'; error: ApiError }
	| { type: 'CONNECTION_SAVE_STARTED' }
	| { type: 'CONNECTION_SAVE_FAILED'; error: ApiError }
	| { type: 'GENERATION_WATCH_STARTED' }
	| { type: 'GENERATION_RECEIVED'; progress: Generation }
	| { type: 'GENERATION_FAILED'; error: ApiError }
	| { type: 'GENERATION_WATCH_ENDED' }
	| { type: 'SETUP_RECEIVED'; steps: SetupSteps };
