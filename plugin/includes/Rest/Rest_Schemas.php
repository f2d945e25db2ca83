<?php
/**
 * One JSON Schema per REST shape of the plugin: each controller's get_item_schema() and its routes' args come from
 * here, `scripts/rest-types.ts` turns the same definitions into the admin UI's TypeScript types
 * (admin-ui/src/api/rest-types.ts, checked by test/plugin/rest-types.test.ts), and the WordPress tests validate
 * real answers against the schema each route publishes. Change a shape here and nowhere else.
 *
 * Needs no WordPress beyond __(), so that `scripts/rest-schemas.php` can print the schemas without a site.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Bridge\Implementation;
use Interlinker\Bridge\Suggestion;
use Interlinker\Implement\Reconciled_Implementation;
use Interlinker\Implement\Rollback_Post_Result;
use Interlinker\Settings\Settings;
use Interlinker\Suggestions\Inbound_Request;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Rest_Schemas {

	/** Suggestion and implementation ids, as the bridge makes them. */
	public const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

	/**
	 * Every schema by its title, for the TypeScript generator: the answers, then what the routes take.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function all(): array {
		$schemas = array();
		$answers = array( self::suggestion(), self::implementation(), self::listed_implementation(), self::implement_answer(), self::rollback_answer(), self::implementation_details(), self::reconcile_answer(), self::sync_result(), self::sync_queue(), self::sync_queue_run(), self::settings(), self::connection_check(), self::analytics_summary(), self::timeseries_point(), self::orphan_page(), self::broken_link(), self::inbound_links(), self::inbound_suggestions(), self::generation(), self::setup() );
		$inputs  = array( self::settings_changes(), self::object( 'interlinker-page-query', self::page_args(), array() ), self::object( 'interlinker-date-range', self::date_range_args(), array() ), self::inbound_query() );
		array_push( $answers, self::link_count(), self::link_count_progress() );
		array_push( $inputs, self::object( 'interlinker-link-count-query', self::link_count_args(), array() ) );
		foreach ( array_merge( $answers, $inputs ) as $schema ) {
			$schemas[ (string) $schema['title'] ] = $schema;
		}
		return $schemas;
	}

	/**
	 * A suggestion as the plugin answers it: the bridge's fields plus the site's posts.
	 *
	 * @return array<string, mixed>
	 */
	public static function suggestion(): array {
		$string  = self::view( array( 'type' => 'string' ) );
		$integer = self::view( array( 'type' => 'integer' ) );
		$maybe   = self::view( array( 'type' => array( 'string', 'null' ) ) );
		return self::object(
			'interlinker-suggestion',
			array(
				'id'             => $string,
				'sourcePageUrl'  => $string + array( 'format' => 'uri' ),
				'targetPageUrl'  => $string + array( 'format' => 'uri' ),
				'anchorText'     => $string,
				'context'        => $string,
				'relevanceScore' => self::view(
					array(
						'type'    => 'number',
						'minimum' => 0,
						'maximum' => 1,
					)
				),
				'status'         => $string + array( 'enum' => Suggestion::STATUSES ),
				'sourcePageId'   => $maybe,
				'targetPageId'   => $maybe,
				'createdAt'      => $maybe,
				'updatedAt'      => $maybe,
				'sourcePostId'   => $integer + array( 'description' => __( 'The source post, or 0 when the URL is no post.', 'interlinker' ) ),
				'targetPostId'   => $integer + array( 'description' => __( 'The target post, or 0 when the URL is no post.', 'interlinker' ) ),
				'sourceTitle'    => $string,
				'targetTitle'    => $string,
				'sourceEditLink' => $string,
				'targetEditLink' => $string,
			)
		);
	}

	/**
	 * An implementation as the bridge holds it (GET /implementations).
	 *
	 * @return array<string, mixed>
	 */
	public static function implementation(): array {
		$maybe = self::view( array( 'type' => array( 'string', 'null' ) ) );
		return self::object(
			'interlinker-implementation',
			array(
				'id'             => self::view( array( 'type' => 'string' ) ),
				'suggestionIds'  => self::view(
					array(
						'type'  => 'array',
						'items' => array( 'type' => 'string' ),
					)
				),
				'platform'       => self::view( array( 'type' => 'string' ) ),
				'status'         => self::view(
					array(
						'type' => 'string',
						'enum' => Implementation::STATUSES,
					)
				),
				'createdAt'      => $maybe,
				'implementedAt'  => $maybe,
				'rolledBackAt'   => $maybe,
				'rollbackReason' => $maybe,
				'summary'        => self::view(
					array(
						'type'       => array( 'object', 'null' ),
						'properties' => array(
							'succeeded'  => array( 'type' => 'integer' ),
							'failed'     => array( 'type' => 'integer' ),
							'rolledBack' => array(
								'description' => __( 'Links that went in and were undone since (one by one, by post, or all at once).', 'interlinker' ),
								'type'        => 'integer',
							),
						),
					)
				),
				'results'        => self::view(
					array(
						'description' => __( 'The bridge\'s result per suggestion, once the site reported it.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => array(
								'suggestionId' => array( 'type' => 'string' ),
								'succeeded'    => array( 'type' => 'boolean' ),
								'error'        => array( 'type' => array( 'string', 'null' ) ),
								'rolledBackAt' => array(
									'description' => __( 'When this link was undone; null while it is in place (or never went in).', 'interlinker' ),
									'type'        => array( 'string', 'null' ),
								),
							),
						),
					)
				),
			)
		);
	}

	/**
	 * An implementation as GET /implementations lists it: the bridge's record and the posts it changed on this site.
	 *
	 * @return array<string, mixed>
	 */
	public static function listed_implementation(): array {
		$string = array( 'type' => 'string' );
		return self::implementation_with(
			'interlinker-listed-implementation',
			array(
				'posts' => self::view(
					array(
						'description' => __( 'The posts it changed on this site (links undone since or not); posts the user may not read are left out.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => array(
								'postId'   => array( 'type' => 'integer' ),
								'title'    => $string,
								'url'      => $string,
								'editLink' => $string,
							),
							'x-required' => array( 'postId', 'title', 'url', 'editLink' ),
						),
					)
				),
			)
		);
	}

	/**
	 * The answer of POST /implement: the implementation, with the plugin's result per suggestion.
	 *
	 * @return array<string, mixed>
	 */
	public static function implement_answer(): array {
		return self::implementation_with(
			'interlinker-implement-answer',
			array(
				'results' => self::view(
					array(
						'description' => __( 'One per suggestion, in request order: the post its link went into, or why it did not (code and reason).', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => array(
								'suggestionId' => array( 'type' => 'string' ),
								'succeeded'    => array( 'type' => 'boolean' ),
								'code'         => array( 'type' => 'string' ),
								'reason'       => array( 'type' => 'string' ),
								'postId'       => array( 'type' => 'integer' ),
							),
							'x-required' => array( 'suggestionId', 'succeeded' ),
						),
					)
				),
			)
		);
	}

	/**
	 * The answer of POST /rollback: the implementation after rollback, with what the rollback did to each post.
	 *
	 * @return array<string, mixed>
	 */
	public static function rollback_answer(): array {
		$ids = array(
			'type'  => 'array',
			'items' => array( 'type' => 'string' ),
		);
		return self::implementation_with(
			'interlinker-rollback-answer',
			array(
				'results' => self::view(
					array(
						'description' => __( 'One per post the implementation changed: its outcome, and why it was not saved when it was not.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => array(
								'postId'               => array( 'type' => 'integer' ),
								'outcome'              => array(
									'type' => 'string',
									'enum' => Rollback_Post_Result::OUTCOMES,
								),
								'removedSuggestionIds' => $ids,
								'missingSuggestionIds' => $ids,
								'reason'               => array( 'type' => 'string' ),
							),
							'x-required' => array( 'postId', 'outcome', 'removedSuggestionIds', 'missingSuggestionIds' ),
						),
					)
				),
			)
		);
	}

	/**
	 * The answer of GET /implementations/{id}: the implementation, what it changed on this site, and its
	 * suggestions.
	 *
	 * @return array<string, mixed>
	 */
	public static function implementation_details(): array {
		$string     = array( 'type' => 'string' );
		$suggestion = self::suggestion();
		return self::implementation_with(
			'interlinker-implementation-details',
			array(
				'posts'       => self::view(
					array(
						'description' => __( 'The posts it changed on this site, with the links still in them and those undone since; posts the user may not read are left out.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => array(
								'postId'      => array( 'type' => 'integer' ),
								'title'       => $string,
								'url'         => $string,
								'editLink'    => $string,
								'undoneLinks' => array(
									'description' => __( 'Links undone since (one by one, with their post, or all at once).', 'interlinker' ),
									'type'        => 'array',
									'items'       => array(
										'type'       => 'object',
										'properties' => array(
											'suggestionId' => $string,
											'anchorText'   => $string,
											'href'         => $string,
											'undoneAt'     => $string,
										),
									),
								),
								'links'       => array(
									'type'  => 'array',
									'items' => array(
										'type'       => 'object',
										'properties' => array(
											'suggestionId' => $string,
											'anchorText'   => $string,
											'href'         => $string,
										),
									),
								),
							),
						),
					)
				),
				'suggestions' => self::view(
					array(
						'description' => __( 'Its suggestions, as GET /suggestions shapes and leaves them out.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => $suggestion['properties'],
							'x-required' => $suggestion['x-required'],
						),
					)
				),
			)
		);
	}

	/**
	 * The answer of POST /implementations/reconcile (a bridge error is a WP_Error whose data holds `settled`).
	 *
	 * @return array<string, mixed>
	 */
	public static function reconcile_answer(): array {
		return self::object(
			'interlinker-reconcile-answer',
			array(
				'settled' => self::view(
					array(
						'type'  => 'array',
						'items' => self::reconciled_implementation(),
					)
				),
				'waiting' => self::view(
					array(
						'description' => __( 'Implementations still unreported: not due yet, or left by a bridge error.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array( 'type' => 'string' ),
					)
				),
			)
		);
	}

	/**
	 * One answer of POST /sync (POST /sync/queue answers it with `pending`).
	 *
	 * @return array<string, mixed>
	 */
	public static function sync_result(): array {
		$count = array( 'type' => 'integer' );
		return self::object(
			'interlinker-sync-result',
			array(
				'synced'                    => self::view( $count + array( 'description' => __( 'Pages the bridge stored, over the whole run so far.', 'interlinker' ) ) ),
				'failed'                    => self::view( $count + array( 'description' => __( 'Pages the bridge refused, over the whole run so far.', 'interlinker' ) ) ),
				'skipped'                   => self::view( $count + array( 'description' => __( 'Posts that stand for no page: never synced and now unpublished or excluded.', 'interlinker' ) ) ),
				'total'                     => self::view( $count + array( 'description' => __( 'Posts the run covers.', 'interlinker' ) ) ),
				'done'                      => self::view( array( 'type' => 'boolean' ) ),
				'cursor'                    => self::view( array( 'type' => array( 'string', 'null' ) ) ),
				'errors'                    => self::view(
					array(
						'description' => __( 'Pages of this call the bridge refused, and why.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => array(
								'postId'  => array( 'type' => 'integer' ),
								'url'     => array( 'type' => 'string' ),
								'code'    => array( 'type' => 'string' ),
								'message' => array( 'type' => 'string' ),
							),
						),
					)
				),
				'revertedImplementations'   => self::view(
					array(
						'description' => __( 'On the first call of a full sync (all posts) and on a sync of given posts (theirs): implementations rolled back through the bridge whose links were taken out here.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array( 'type' => 'string' ),
					)
				),
				'reconciledImplementations' => self::view(
					array(
						'description' => __( 'Implementations a failed implement call had left pending on the bridge, now reported or rolled back there.', 'interlinker' ),
						'type'        => 'array',
						'items'       => self::reconciled_implementation(),
					)
				),
				'linkCounts'                => self::view(
					array(
						'description' => __( 'On every full-sync call: how far the site-wide count of links per post is after the batch this call counted (the sync is done only when it is complete).', 'interlinker' ),
						'type'        => 'object',
						'properties'  => array(
							'counted'  => array( 'type' => 'integer' ),
							'total'    => array( 'type' => 'integer' ),
							'complete' => array( 'type' => 'boolean' ),
						),
						'x-required'  => array( 'counted', 'total', 'complete' ),
					)
				),
			),
			array( 'synced', 'failed', 'skipped', 'total', 'done', 'cursor', 'errors' )
		);
	}

	/**
	 * The deferred sync queue, as GET /sync/queue answers it: what is waiting.
	 *
	 * @return array<string, mixed>
	 */
	public static function sync_queue(): array {
		return self::object(
			'interlinker-sync-queue',
			array(
				'postIds'  => self::view(
					array(
						'type'  => 'array',
						'items' => array( 'type' => 'integer' ),
					)
				),
				'goneUrls' => self::view(
					array(
						'description' => __( 'Synced URLs of deleted posts, to be sent as gone.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array( 'type' => 'string' ),
					)
				),
			)
		);
	}

	/**
	 * The answer of POST /sync/queue: the sync answer, and what is still waiting.
	 *
	 * @return array<string, mixed>
	 */
	public static function sync_queue_run(): array {
		$result = self::sync_result();
		$queue  = self::sync_queue();
		return self::object(
			'interlinker-sync-queue-run',
			$result['properties'] + array(
				'pending' => self::view(
					array(
						'type'       => 'object',
						'properties' => $queue['properties'],
						'x-required' => $queue['x-required'],
					)
				),
			),
			array_merge( $result['x-required'], array( 'pending' ) )
		);
	}

	/**
	 * The settings: read with GET, changed with POST (the `edit` context; apiKey is write-only).
	 *
	 * @return array<string, mixed>
	 */
	public static function settings(): array {
		$read_only = array(
			'readonly' => true,
			'context'  => array( 'view', 'edit' ),
		);
		return self::object(
			'interlinker-settings',
			array(
				'bridgeUrl'             => array(
					'description' => __( 'Address of the Interlinker bridge, as this server reaches it.', 'interlinker' ),
					'type'        => 'string',
					'format'      => 'uri',
					'context'     => array( 'view', 'edit' ),
				),
				'bridgeUrlFromConstant' => array( 'type' => 'boolean' ) + $read_only,
				'apiKey'                => array(
					'description' => __( 'The bridge API key. Write-only: never returned.', 'interlinker' ),
					'type'        => 'string',
					'minLength'   => 1,
					'maxLength'   => 200,
					'context'     => array(),
				),
				'apiKeySet'             => array( 'type' => 'boolean' ) + $read_only,
				'apiKeyFromConstant'    => array( 'type' => 'boolean' ) + $read_only,
				'configurationError'    => array(
					'description' => __( 'Why the key is not sent to the bridge URL as configured (a key from wp-config.php without the URL from there, a host the site does not allow), or null.', 'interlinker' ),
					'type'        => array( 'string', 'null' ),
				) + $read_only,
				'projectId'             => array( 'type' => array( 'string', 'null' ) ) + $read_only,
				'postTypes'             => array(
					'description' => __( 'Post types whose published posts take part.', 'interlinker' ),
					'type'        => 'array',
					'items'       => array( 'type' => 'string' ),
					'context'     => array( 'view', 'edit' ),
				),
				'availablePostTypes'    => array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'slug'  => array( 'type' => 'string' ),
							'label' => array( 'type' => 'string' ),
						),
					),
				) + $read_only,
				'excludedCategories'    => array(
					'description' => __( 'Category term ids whose posts get no suggestions and are no suggestion targets.', 'interlinker' ),
					'type'        => 'array',
					'items'       => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
					'context'     => array( 'view', 'edit' ),
				),
				'excludedPaths'         => array(
					'description' => __( 'Path prefixes (such as /shop/) whose pages get no suggestions and are no suggestion targets; the bridge project gets them as its excludePaths.', 'interlinker' ),
					'type'        => 'array',
					'maxItems'    => 100,
					'items'       => array(
						'type'      => 'string',
						'maxLength' => 200,
					),
					'context'     => array( 'view', 'edit' ),
				),
				'maxLinksPerPost'       => array(
					'description' => __( 'The most links Interlinker inserts into one post.', 'interlinker' ),
					'type'        => 'integer',
					'minimum'     => 1,
					'maximum'     => Settings::MAX_LINKS_CEILING,
					'context'     => array( 'view', 'edit' ),
				),
				'minRelevanceScore'     => array(
					'description' => __( 'The lowest score (a percentage) a suggestion needs, or null for automatic: the score the bridge calibrated for this site. The filter interlinker_min_relevance_score overrides it.', 'interlinker' ),
					'type'        => array( 'integer', 'null' ),
					'minimum'     => 0,
					'maximum'     => 100,
					'context'     => array( 'view', 'edit' ),
				),
				'suggestionsPerPage'    => array(
					'description' => __( 'The most suggestions the bridge proposes for one post.', 'interlinker' ),
					'type'        => 'integer',
					'minimum'     => 1,
					'maximum'     => Settings::SUGGESTIONS_PER_PAGE_CEILING,
					'context'     => array( 'view', 'edit' ),
				),
				'ignoredWords'          => array(
					'description' => __( 'Words never used as link text: a suggestion whose anchor contains one (whole word, any case) is not proposed.', 'interlinker' ),
					'type'        => 'array',
					'maxItems'    => Settings::IGNORED_WORDS_MAX,
					'items'       => array(
						'type'      => 'string',
						'maxLength' => Settings::IGNORED_WORD_MAX_LENGTH,
					),
					'context'     => array( 'view', 'edit' ),
				),
				'warnings'              => array(
					'description' => __( 'After saving: what was saved but could not be applied on the bridge yet.', 'interlinker' ),
					'type'        => 'array',
					'items'       => array( 'type' => 'string' ),
					'context'     => array( 'edit' ),
					'readonly'    => true,
				),
			),
			array( 'bridgeUrl', 'bridgeUrlFromConstant', 'apiKeySet', 'apiKeyFromConstant', 'configurationError', 'projectId', 'postTypes', 'availablePostTypes', 'excludedCategories', 'excludedPaths', 'maxLinksPerPost', 'minRelevanceScore', 'suggestionsPerPage', 'ignoredWords' )
		);
	}

	/**
	 * The answer of POST /settings/test-connection when the connection works (a WP_Error says what is wrong).
	 *
	 * @return array<string, mixed>
	 */
	public static function connection_check(): array {
		return self::object(
			'interlinker-connection-check',
			array(
				'warnings'      => self::view(
					array(
						'description' => __( 'Said even when the connection works, such as plain http:// to another machine.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array( 'type' => 'string' ),
					)
				),
				'ok'            => self::view( array( 'type' => 'boolean' ) ),
				'message'       => self::view( array( 'type' => 'string' ) ),
				'bridgeVersion' => self::view( array( 'type' => 'string' ) ),
				'projectId'     => self::view(
					array(
						'description' => __( 'This site\'s project on the bridge; null before the first sync.', 'interlinker' ),
						'type'        => array( 'string', 'null' ),
					)
				),
				'projectState'  => self::view(
					array(
						'description' => __( 'found: the key\'s account has this site\'s project; none: not yet (the first sync creates it); missing: the project this site used is not in the key\'s account (another account\'s key, or it was deleted), and the next sync creates it there.', 'interlinker' ),
						'type'        => 'string',
						'enum'        => array( 'found', 'none', 'missing' ),
					)
				),
				'rateLimit'     => self::view(
					array(
						'description' => __( 'The account\'s hourly quota, as the bridge counts it; null when the bridge sent none.', 'interlinker' ),
						'type'        => array( 'object', 'null' ),
						'properties'  => array(
							'limit'     => array( 'type' => 'integer' ),
							'remaining' => array( 'type' => 'integer' ),
							'resetAt'   => array( 'type' => 'string' ),
						),
					)
				),
			)
		);
	}

	/**
	 * The answer of GET /generation: the bridge's background generation of suggestions for this site.
	 *
	 * @return array<string, mixed>
	 */
	public static function generation(): array {
		$count = array(
			'type'    => 'integer',
			'minimum' => 0,
		);
		$date  = array( 'type' => array( 'string', 'null' ) );
		return self::object(
			'interlinker-generation',
			array(
				'state'              => self::view(
					array(
						'description' => __( 'generating while posts wait for suggestions; idle otherwise.', 'interlinker' ),
						'type'        => 'string',
						'enum'        => array( 'idle', 'generating' ),
					)
				),
				'queuedPages'        => self::view( $count + array( 'description' => __( 'Posts still waiting for suggestions.', 'interlinker' ) ) ),
				'generatedPages'     => self::view( $count + array( 'description' => __( 'Posts done in the current (or last) run.', 'interlinker' ) ) ),
				'totalPages'         => self::view( $count + array( 'description' => __( 'Posts in the current (or last) run: done plus waiting.', 'interlinker' ) ) ),
				'suggestionsCreated' => self::view( $count + array( 'description' => __( 'Suggestions the current (or last) run made.', 'interlinker' ) ) ),
				'startedAt'          => self::view( $date ),
				'finishedAt'         => self::view( $date ),
			)
		);
	}

	/**
	 * The answer of GET /setup: which steps of the first run are done.
	 *
	 * @return array<string, mixed>
	 */
	public static function setup(): array {
		$step = array( 'type' => 'boolean' );
		return self::object(
			'interlinker-setup',
			array(
				'connectionSet'    => self::view( $step + array( 'description' => __( 'The bridge address and API key are set.', 'interlinker' ) ) ),
				'connectionTested' => self::view( $step + array( 'description' => __( 'The bridge took this address and key.', 'interlinker' ) ) ),
				'contentSynced'    => self::view( $step + array( 'description' => __( 'A full sync of this site\'s project ran to its end.', 'interlinker' ) ) ),
				'suggestionsMade'  => self::view( $step + array( 'description' => __( 'The bridge made the first suggestions for this site.', 'interlinker' ) ) ),
				'complete'         => self::view( $step ),
			)
		);
	}

	/**
	 * The answer of GET /analytics: the bridge's counts, suggestions and implementations within the date range.
	 *
	 * @return array<string, mixed>
	 */
	public static function analytics_summary(): array {
		$counts = static fn( string ...$names ): array => self::view(
			array(
				'type'       => 'object',
				'properties' => array_fill_keys(
					$names,
					array(
						'type'    => 'integer',
						'minimum' => 0,
					)
				),
			)
		);
		$date   = array( 'type' => array( 'string', 'null' ) );
		return self::object(
			'interlinker-analytics-summary',
			array(
				'suggestions'     => $counts( 'total', 'pending', 'approved', 'implemented', 'rejected' ),
				'implementations' => $counts( 'total', 'successful', 'failed', 'pending', 'rolledBack' ),
				'pages'           => $counts( 'total', 'synced', 'pending' ),
				'links'           => $counts( 'total', 'active', 'broken', 'unresolved', 'redirected' ) + array( 'description' => __( 'Every internal link in synced content: active, broken, redirected, or to a URL never synced (unresolved).', 'interlinker' ) ),
				'window'          => self::view(
					array(
						'description' => __( 'The range counted, as ISO 8601 instants: its start, and the instant after its end; null where it is open.', 'interlinker' ),
						'type'        => 'object',
						'properties'  => array(
							'startDate' => $date,
							'endDate'   => $date,
						),
					)
				),
			)
		);
	}

	/**
	 * One day of GET /analytics/timeseries, which answers a list of them.
	 *
	 * @return array<string, mixed>
	 */
	public static function timeseries_point(): array {
		$count = self::view(
			array(
				'type'    => 'integer',
				'minimum' => 0,
			)
		);
		return self::object(
			'interlinker-timeseries-point',
			array(
				'date'            => self::view(
					array(
						'description' => __( 'A UTC day, YYYY-MM-DD.', 'interlinker' ),
						'type'        => 'string',
					)
				),
				'suggestions'     => $count,
				'implementations' => $count,
			)
		);
	}

	/**
	 * One page of GET /analytics/orphans (no synced page links to it), with the site's post.
	 *
	 * @return array<string, mixed>
	 */
	public static function orphan_page(): array {
		$string = self::view( array( 'type' => 'string' ) );
		return self::object(
			'interlinker-orphan-page',
			array(
				'id'       => $string,
				'url'      => $string,
				'title'    => $string,
				'postId'   => self::view(
					array(
						'description' => __( 'The post, or 0 when the URL is no post.', 'interlinker' ),
						'type'        => 'integer',
					)
				),
				'editLink' => $string + array( 'description' => __( 'Empty unless the user may edit the post.', 'interlinker' ) ),
			)
		);
	}

	/**
	 * One link of GET /analytics/broken-links, with the site's post it is in.
	 *
	 * @return array<string, mixed>
	 */
	public static function broken_link(): array {
		$string = self::view( array( 'type' => 'string' ) );
		return self::object(
			'interlinker-broken-link',
			array(
				'sourcePageId'   => $string,
				'sourcePageUrl'  => $string,
				'targetUrl'      => $string,
				'anchorText'     => $string,
				'statusCode'     => self::view( array( 'type' => 'integer' ) ),
				'sourcePostId'   => self::view(
					array(
						'description' => __( 'The source post, or 0 when the URL is no post.', 'interlinker' ),
						'type'        => 'integer',
					)
				),
				'sourceEditLink' => $string + array( 'description' => __( 'Empty unless the user may edit the source post.', 'interlinker' ) ),
			)
		);
	}

	/**
	 * The answer of GET /analytics/inbound-links: how many pages have how many links to them.
	 *
	 * @return array<string, mixed>
	 */
	public static function inbound_links(): array {
		$count = array(
			'type'    => 'integer',
			'minimum' => 0,
		);
		return self::object(
			'interlinker-inbound-links',
			array(
				'buckets' => self::view(
					array(
						'type'  => 'array',
						'items' => array(
							'type'       => 'object',
							'properties' => array(
								'label' => array( 'type' => 'string' ),
								'min'   => $count,
								'max'   => array(
									'description' => __( 'null: no upper bound.', 'interlinker' ),
									'type'        => array( 'integer', 'null' ),
									'minimum'     => 0,
								),
								'pages' => $count,
							),
						),
					)
				),
			)
		);
	}

	/**
	 * The answer of POST /posts/{id}/inbound-suggestions ("Find links to this post"): suggested links from other
	 * posts to this one, shaped as GET /suggestions shapes them.
	 *
	 * @return array<string, mixed>
	 */
	public static function inbound_suggestions(): array {
		$suggestion = self::suggestion();
		return self::object(
			'interlinker-inbound-suggestions',
			array(
				'postId'        => self::view(
					array(
						'description' => __( 'The post the links would point to.', 'interlinker' ),
						'type'        => 'integer',
					)
				),
				'targetPageUrl' => self::view(
					array(
						'description' => __( 'The URL the bridge knows the post by: every suggestion\'s targetPageUrl.', 'interlinker' ),
						'type'        => 'string',
						'format'      => 'uri',
					)
				),
				'suggestions'   => self::view(
					array(
						'description' => __( 'Most relevant first, each from another source post: what the bridge suggests now, and the approved ones still waiting to be implemented; those whose source the user may not read are left out.', 'interlinker' ),
						'type'        => 'array',
						'items'       => array(
							'type'       => 'object',
							'properties' => $suggestion['properties'],
							'x-required' => $suggestion['x-required'],
						),
					)
				),
				'leftOut'       => self::view(
					array(
						'description' => __( 'How many suggestions were left out because the user may not read their source post.', 'interlinker' ),
						'type'        => 'integer',
						'minimum'     => 0,
					)
				),
			)
		);
	}

	/**
	 * The body of POST /posts/{id}/inbound-suggestions.
	 *
	 * @return array<string, mixed>
	 */
	public static function inbound_query(): array {
		return self::object(
			'interlinker-inbound-query',
			array(
				'limit' => array(
					'description' => __( 'The most suggestions wanted, 1–50; by default as many as a generation for a post asks for (filter interlinker_generate_limit).', 'interlinker' ),
					'type'        => 'integer',
					'minimum'     => 1,
					'maximum'     => Inbound_Request::MAX_LIMIT,
				),
			),
			array()
		);
	}

	/**
	 * The body of POST /settings: what the settings schema lets a request write, each optional (apiKey included,
	 * which is never read back).
	 *
	 * @return array<string, mixed>
	 */
	public static function settings_changes(): array {
		$writable = array_filter( self::settings()['properties'], static fn( array $property ): bool => empty( $property['readonly'] ) );
		return self::object(
			'interlinker-settings-changes',
			array_map( static fn( array $property ): array => array_diff_key( $property, array( 'context' => true ) ), $writable ),
			array()
		);
	}

	/**
	 * One post of GET /link-counts: its links as counted from its content.
	 *
	 * @return array<string, mixed>
	 */
	public static function link_count(): array {
		$string = self::view( array( 'type' => 'string' ) );
		$count  = self::view(
			array(
				'type'    => 'integer',
				'minimum' => 0,
			)
		);
		return self::object(
			'interlinker-link-count',
			array(
				'postId'   => self::view( array( 'type' => 'integer' ) ),
				'title'    => $string,
				'url'      => $string,
				'editLink' => $string + array( 'description' => __( 'Empty unless the user may edit the post.', 'interlinker' ) ),
				'postType' => $string,
				'status'   => $string,
				'inbound'  => $count + array( 'description' => __( 'Links to this post from other published posts of the chosen types.', 'interlinker' ) ),
				'internal' => $count + array( 'description' => __( 'Links in this post to pages of this site.', 'interlinker' ) ),
				'external' => $count + array( 'description' => __( 'Links in this post to other sites.', 'interlinker' ) ),
				'counted'  => self::view(
					array(
						'description' => __( 'Whether the post has been counted yet; its numbers are 0 until then.', 'interlinker' ),
						'type'        => 'boolean',
					)
				),
			)
		);
	}

	/**
	 * The answer of GET and POST /link-counts/progress: how far the count of every post's links is.
	 *
	 * @return array<string, mixed>
	 */
	public static function link_count_progress(): array {
		$count = self::view(
			array(
				'type'    => 'integer',
				'minimum' => 0,
			)
		);
		return self::object(
			'interlinker-link-count-progress',
			array(
				'counted'  => $count,
				'total'    => $count,
				'complete' => self::view( array( 'type' => 'boolean' ) ),
			)
		);
	}

	/**
	 * GET /link-counts and /exports/link-counts: search, order and filters (page / per_page besides, for the list).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function link_count_args(): array {
		$post_id = array(
			'type'    => 'integer',
			'minimum' => 0,
			'default' => 0,
		);
		return array(
			'search'     => array(
				'description' => __( 'Only posts whose title contains this.', 'interlinker' ),
				'type'        => 'string',
				'maxLength'   => 200,
			),
			'orderby'    => array(
				'description' => __( 'Sort by this count, or by title.', 'interlinker' ),
				'type'        => 'string',
				'enum'        => \Interlinker\Links\Link_Count_Query::ORDERBY,
				'default'     => 'inbound',
			),
			'order'      => array(
				'type'    => 'string',
				'enum'    => array( 'asc', 'desc' ),
				'default' => 'asc',
			),
			'filter'     => array(
				'description' => __( 'orphans: only published posts no other post links to.', 'interlinker' ),
				'type'        => 'string',
				'enum'        => \Interlinker\Links\Link_Count_Query::FILTERS,
				'default'     => 'all',
			),
			'links_to'   => $post_id + array( 'description' => __( 'Only the posts that link to this post.', 'interlinker' ) ),
			'links_from' => $post_id + array( 'description' => __( 'Only the posts this post links to.', 'interlinker' ) ),
		);
	}

	/**
	 * page / per_page, for every list route.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function page_args(): array {
		return array(
			'page'     => array(
				'description' => __( 'Page of the list, from 1.', 'interlinker' ),
				'type'        => 'integer',
				'default'     => 1,
				'minimum'     => 1,
			),
			'per_page' => array(
				'description' => __( 'Items per page.', 'interlinker' ),
				'type'        => 'integer',
				'default'     => 20,
				'minimum'     => 1,
				'maximum'     => 100,
			),
		);
	}

	/**
	 * startDate / endDate, for the analytics routes that count within a range (the bridge reads and checks them).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function date_range_args(): array {
		$date = array(
			'type'      => 'string',
			'maxLength' => 40,
		);
		return array(
			'startDate' => $date + array( 'description' => __( 'ISO 8601 date or date-time, inclusive.', 'interlinker' ) ),
			'endDate'   => $date + array( 'description' => __( 'ISO 8601 date or date-time, inclusive; a bare date covers that whole UTC day.', 'interlinker' ) ),
		);
	}

	/**
	 * POST /sync: given posts, or one batch of the full sync.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function sync_args(): array {
		return array(
			'postIds' => array(
				'description' => __( 'Posts to sync now. Without it, one batch of the full sync.', 'interlinker' ),
				'type'        => 'array',
				'items'       => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'minItems'    => 1,
				'maxItems'    => 500,
			),
			'cursor'  => array(
				'description' => __( 'The cursor the previous full-sync call returned.', 'interlinker' ),
				'type'        => array( 'string', 'null' ),
				'maxLength'   => 1000,
			),
		);
	}

	/**
	 * POST /implement.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function implement_args(): array {
		return array(
			'suggestionIds' => array(
				'type'        => 'array',
				'required'    => true,
				'minItems'    => 1,
				'maxItems'    => 100,
				'uniqueItems' => true,
				'items'       => array(
					'type'    => 'string',
					'pattern' => self::ID_PATTERN,
				),
			),
		);
	}

	/**
	 * POST /rollback.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function rollback_args(): array {
		return array(
			'implementationId' => array(
				'type'     => 'string',
				'required' => true,
				'pattern'  => self::ID_PATTERN,
			),
			'reason'           => array(
				'description' => __( 'Kept with the implementation; when left out, it says who undid it in wp-admin.', 'interlinker' ),
				'type'        => 'string',
				'maxLength'   => 500,
			),
			'suggestionIds'    => array(
				'description' => __( 'Only these links of the implementation (each inserted and not undone yet).', 'interlinker' ),
				'type'        => 'array',
				'minItems'    => 1,
				'maxItems'    => 100,
				'uniqueItems' => true,
				'items'       => array(
					'type'    => 'string',
					'pattern' => self::ID_PATTERN,
				),
			),
			'postId'           => array(
				'description' => __( 'Only the links the implementation put into this post.', 'interlinker' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
		);
	}

	/**
	 * POST /posts/{id}/inbound-suggestions: the post (from the path) and the body the inbound query schema describes.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function inbound_args(): array {
		return array(
			'id' => array(
				'description' => __( 'The post that should get links.', 'interlinker' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'required'    => true,
			),
		) + self::inbound_query()['properties'];
	}

	/**
	 * PATCH /suggestions/{id}: its status, as the suggestion schema allows it.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function suggestion_update_args(): array {
		$status = self::suggestion()['properties']['status'];
		return array(
			'status' => array(
				'type'     => $status['type'],
				'enum'     => $status['enum'],
				'required' => true,
			),
		);
	}

	/**
	 * What reconciliation did with one implementation, in POST /sync's and POST /implementations/reconcile's answers.
	 *
	 * @return array<string, mixed>
	 */
	private static function reconciled_implementation(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'implementationId' => array( 'type' => 'string' ),
				'outcome'          => array(
					'type' => 'string',
					'enum' => Reconciled_Implementation::OUTCOMES,
				),
				'status'           => array( 'type' => 'string' ),
			),
			'x-required' => array( 'implementationId', 'outcome', 'status' ),
		);
	}

	/**
	 * The implementation schema under another title, with $properties replacing or added to its own.
	 *
	 * @param array<string, array<string, mixed>> $properties
	 * @return array<string, mixed>
	 */
	private static function implementation_with( string $title, array $properties ): array {
		return self::object( $title, array_merge( self::implementation()['properties'], $properties ) );
	}

	/**
	 * @param array<string, mixed> $property
	 * @return array<string, mixed> The property, in the view context.
	 */
	private static function view( array $property ): array {
		return $property + array( 'context' => array( 'view' ) );
	}

	/**
	 * @param array<string, array<string, mixed>> $properties
	 * @param string[]|null                        $required   Properties every answer has; null: all of them.
	 * @return array<string, mixed>
	 */
	private static function object( string $title, array $properties, ?array $required = null ): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => $title,
			'type'       => 'object',
			'properties' => $properties,
			// Read by the TypeScript generator and the tests; WordPress's draft-04 validation of args ignores it here.
			'x-required' => $required ?? array_keys( $properties ),
		);
	}
}
