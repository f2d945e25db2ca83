<?php
/**
 * A CSV file as spreadsheet apps open it safely: UTF-8 with a byte order mark, RFC 4180 quoting and CRLF line ends,
 * and no cell that a spreadsheet would run as a formula. Cells come from page titles, anchors and URLs that any
 * author may write, so a cell beginning with =, +, -, @, a tab or a carriage return gets a single quote in front
 * (the OWASP rule for CSV injection): the text reads the same, and nothing is evaluated.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Csv_Document {

	private const BOM = "\xEF\xBB\xBF";

	/** What a cell may not begin with: a spreadsheet would read it as a formula (tab and CR: a formula after them). */
	private const FORMULA_STARTS = array( '=', '+', '-', '@', "\t", "\r" );

	/** Why a file stops short: the row cap, or the user's hourly budget of bridge calls. */
	public const CUT_BY_CAP    = 'cap';
	public const CUT_BY_BUDGET = 'budget';

	/**
	 * @param string[]                       $columns The header row.
	 * @param array<int, array<scalar|null>> $rows    One list of cells per row, in the order of $columns.
	 * @param string|null                    $cut     Null when every row is there, else CUT_BY_CAP or CUT_BY_BUDGET.
	 * @param string|null                    $note    The last line when cut: why the file stops short.
	 */
	public function __construct(
		public readonly array $columns,
		public readonly array $rows,
		public readonly ?string $cut = null,
		public readonly ?string $note = null,
	) {}

	public function to_csv(): string {
		$lines = array( self::line( $this->columns ) );
		foreach ( $this->rows as $row ) {
			$lines[] = self::line( $row );
		}
		if ( null !== $this->note ) {
			$lines[] = self::line( array( $this->note ) );
		}
		return self::BOM . implode( "\r\n", $lines ) . "\r\n";
	}

	/**
	 * One cell as written: defused when a spreadsheet would run it, then quoted when RFC 4180 needs it.
	 *
	 * @param mixed $value A scalar; anything else is an empty cell.
	 */
	public static function cell( mixed $value ): string {
		$text = is_bool( $value ) ? ( $value ? '1' : '0' ) : ( is_scalar( $value ) ? (string) $value : '' );
		if ( '' !== $text && in_array( $text[0], self::FORMULA_STARTS, true ) ) {
			$text = "'" . $text;
		}
		return strpbrk( $text, ",\"\r\n" ) === false ? $text : '"' . str_replace( '"', '""', $text ) . '"';
	}

	/**
	 * @param array<scalar|null> $cells
	 */
	private static function line( array $cells ): string {
		return implode( ',', array_map( array( self::class, 'cell' ), array_values( $cells ) ) );
	}
}
