<?php
/**
 * One page of a sync call that the bridge refused, with the post it stands for and the bridge's reason.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Bridge\Bridge_Data;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Page_Sync_Error {

	public function __construct(
		public readonly int $post_id,
		public readonly string $url,
		public readonly string $code,
		public readonly string $message,
	) {}

	/**
	 * One entry of the bridge's `errors` (untrusted: every field is sanitised).
	 *
	 * @param array<mixed> $raw     The bridge's entry: {index, url, code, message}.
	 * @param int          $post_id The post the page at that index stands for (0 for a gone URL).
	 */
	public static function from_bridge( array $raw, int $post_id ): self {
		return new self(
			$post_id,
			Bridge_Data::text( $raw['url'] ?? '' ),
			Bridge_Data::text( $raw['code'] ?? '' ),
			Bridge_Data::text( $raw['message'] ?? '' ),
		);
	}

	/**
	 * @return array{postId: int, url: string, code: string, message: string}
	 */
	public function to_rest(): array {
		return array(
			'postId'  => $this->post_id,
			'url'     => $this->url,
			'code'    => $this->code,
			'message' => $this->message,
		);
	}
}
