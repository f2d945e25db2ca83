<?php
/**
 * A working connection, as "Test connection" reports it: the bridge's version, this site's project (null before
 * the first sync), whether that project is in the key's account, the account's hourly quota, and what is worth a
 * warning although it works.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

use Interlinker\Bridge\Rate_Limit;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Connection_Result {

	/**
	 * @param string[] $warnings
	 */
	public function __construct(
		public readonly array $warnings,
		public readonly string $message,
		public readonly string $bridge_version,
		public readonly ?string $project_id,
		public readonly string $project_state,
		public readonly ?Rate_Limit $rate_limit,
	) {}

	/**
	 * @return array{warnings: string[], ok: true, message: string, bridgeVersion: string, projectId: ?string, projectState: string, rateLimit: array{limit: int, remaining: int, resetAt: string}|null} As the `interlinker-connection-check` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'warnings'      => $this->warnings,
			'ok'            => true,
			'message'       => $this->message,
			'bridgeVersion' => $this->bridge_version,
			'projectId'     => $this->project_id,
			'projectState'  => $this->project_state,
			'rateLimit'     => $this->rate_limit?->to_array(),
		);
	}
}
