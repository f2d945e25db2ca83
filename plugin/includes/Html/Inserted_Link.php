<?php
/**
 * Exactly what was inserted for one suggestion: enough to take it out again byte for byte.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Inserted_Link {

	/**
	 * @param string $suggestion_id Suggestion the link implements.
	 * @param int    $open_at       Byte offset of the opening tag in the content after insertion.
	 * @param string $opener        The opening tag as inserted.
	 * @param int    $close_at      Byte offset of the closing tag in the content after insertion.
	 * @param string $closer        The closing tag as inserted.
	 * @param string $anchor_text   The text the link wraps, as it reads.
	 * @param string $href          Where it points.
	 */
	public function __construct(
		public readonly string $suggestion_id,
		public readonly int $open_at,
		public readonly string $opener,
		public readonly int $close_at,
		public readonly string $closer,
		public readonly string $anchor_text,
		public readonly string $href,
	) {}

	/**
	 * @return array<string, int|string>
	 */
	public function to_array(): array {
		return array(
			'suggestionId' => $this->suggestion_id,
			'openAt'       => $this->open_at,
			'opener'       => $this->opener,
			'closeAt'      => $this->close_at,
			'closer'       => $this->closer,
			'anchorText'   => $this->anchor_text,
			'href'         => $this->href,
		);
	}

	/**
	 * @param array<string, mixed> $row As stored by to_array().
	 */
	public static function from_array( array $row ): self {
		return new self(
			(string) ( $row['suggestionId'] ?? '' ),
			(int) ( $row['openAt'] ?? -1 ),
			(string) ( $row['opener'] ?? '' ),
			(int) ( $row['closeAt'] ?? -1 ),
			(string) ( $row['closer'] ?? '' ),
			(string) ( $row['anchorText'] ?? '' ),
			(string) ( $row['href'] ?? '' ),
		);
	}
}
