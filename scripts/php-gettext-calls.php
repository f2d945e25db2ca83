<?php
/**
 * Prints, as JSON, every call of WordPress's translation functions in the PHP files given on the command line, read
 * with PHP's own tokenizer (token_get_all), so that a quote, a comment or a `__(` inside a string is never misread.
 * scripts/make-pot.ts turns the calls into plugin/languages/interlinker.pot.
 *
 *   php -n scripts/php-gettext-calls.php <root> <file.php>…
 *
 * Each call: { file (relative to <root>), line, name, args, comment }. An argument is its string value when it is a
 * string literal (or literals joined with `.`), otherwise null. `comment` is the nearest `translators:` comment that
 * ends on the call's line or the line before, as WP-CLI's `wp i18n make-pot` attaches them. Comments that start with
 * `translators:` but reach no call are listed under `orphanComments`.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

const INTERLINKER_GETTEXT_FUNCTIONS = array(
	'__',
	'_e',
	'_x',
	'_ex',
	'_n',
	'_nx',
	'_n_noop',
	'_nx_noop',
	'esc_html__',
	'esc_html_e',
	'esc_html_x',
	'esc_attr__',
	'esc_attr_e',
	'esc_attr_x',
);

/** The text between the quotes of a T_CONSTANT_ENCAPSED_STRING token, with PHP's escapes resolved. */
function interlinker_string_value( string $token ): string {
	$token = ltrim( $token, 'bB' );
	$quote = $token[0];
	$body  = substr( $token, 1, -1 );
	if ( "'" === $quote ) {
		return (string) preg_replace_callback( '/\\\\([\\\\\'])/', static fn( array $m ): string => $m[1], $body );
	}
	// A constant double-quoted string has no `$` interpolation (that would be T_ENCAPSED_AND_WHITESPACE).
	$simple = array(
		'n'  => "\n",
		't'  => "\t",
		'r'  => "\r",
		'v'  => "\v",
		'e'  => "\e",
		'f'  => "\f",
		'\\' => '\\',
		'$'  => '$',
		'"'  => '"',
	);
	return (string) preg_replace_callback(
		'/\\\\(?:([ntrvef\\\\$"])|([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|u\{([0-9A-Fa-f]+)\})/',
		static function ( array $m ) use ( $simple ): string {
			if ( isset( $m[1] ) && '' !== $m[1] ) {
				return $simple[ $m[1] ];
			}
			if ( isset( $m[2] ) && '' !== $m[2] ) {
				return chr( octdec( $m[2] ) & 255 );
			}
			if ( isset( $m[3] ) && '' !== $m[3] ) {
				return chr( (int) hexdec( $m[3] ) );
			}
			return (string) iconv( 'UTF-32BE', 'UTF-8', pack( 'N', hexdec( $m[4] ) ) );
		},
		$body
	);
}

/** "/* translators: 1: x. *\/" → "translators: 1: x." (comment markers and leading stars gone, lines joined). */
function interlinker_comment_text( string $comment ): string {
	$text  = preg_replace( array( '#^/\*+#', '#\*+/$#', '#^//#', '#^\##' ), '', trim( $comment ) );
	$lines = array_map( static fn( string $line ): string => trim( (string) preg_replace( '/^\s*\*/', '', $line ) ), explode( "\n", (string) $text ) );
	return trim( implode( ' ', array_filter( $lines, static fn( string $line ): bool => '' !== $line ) ) );
}

/**
 * The translation calls in one file.
 *
 * @return array{calls: list<array<string, mixed>>, orphanComments: list<array<string, mixed>>}
 */
function interlinker_gettext_calls( string $source, string $file ): array {
	$tokens     = token_get_all( $source );
	$count      = count( $tokens );
	$ignored    = array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT );
	$not_a_call = array( T_OBJECT_OPERATOR, T_NULLSAFE_OBJECT_OPERATOR, T_DOUBLE_COLON, T_FUNCTION, T_NEW, T_CONST );
	$calls      = array();
	$comments   = array();
	$previous   = null;
	$used       = array();
	$next_token = static function ( int $from ) use ( $tokens, $count, $ignored ): int {
		for ( $j = $from; $j < $count; $j++ ) {
			if ( ! is_array( $tokens[ $j ] ) || ! in_array( $tokens[ $j ][0], $ignored, true ) ) {
				return $j;
			}
		}
		return $count;
	};

	for ( $i = 0; $i < $count; $i++ ) {
		$token = $tokens[ $i ];
		if ( is_array( $token ) ) {
			if ( T_COMMENT === $token[0] || T_DOC_COMMENT === $token[0] ) {
				$text = interlinker_comment_text( $token[1] );
				if ( 1 === preg_match( '/^translators:/i', $text ) ) {
					$comments[] = array(
						'text'    => $text,
						'line'    => $token[2],
						'endLine' => $token[2] + substr_count( rtrim( $token[1], "\n" ), "\n" ),
					);
				}
				continue;
			}
			if ( T_WHITESPACE === $token[0] ) {
				continue;
			}
		}
		$name = is_array( $token ) && ( T_STRING === $token[0] || T_NAME_FULLY_QUALIFIED === $token[0] ) ? ltrim( $token[1], '\\' ) : null;
		$open = $next_token( $i + 1 );
		if ( null !== $name && in_array( $name, INTERLINKER_GETTEXT_FUNCTIONS, true ) && $open < $count && '(' === $tokens[ $open ]
			&& ! ( is_array( $previous ) && in_array( $previous[0], $not_a_call, true ) ) ) {
			$args    = array();
			$current = array();
			$depth   = 0;
			for ( $j = $open; $j < $count; $j++ ) {
				$t    = $tokens[ $j ];
				$text = is_array( $t ) ? $t[1] : $t;
				if ( is_array( $t ) && in_array( $t[0], $ignored, true ) ) {
					continue;
				}
				if ( in_array( $text, array( '(', '[', '{', '${' ), true ) || ( is_array( $t ) && T_CURLY_OPEN === $t[0] ) ) {
					++$depth;
					if ( 1 === $depth ) {
						continue;
					}
				} elseif ( in_array( $text, array( ')', ']', '}' ), true ) ) {
					--$depth;
					if ( 0 === $depth ) {
						$args[] = $current;
						break;
					}
				} elseif ( 1 === $depth && ',' === $text ) {
					$args[]  = $current;
					$current = array();
					continue;
				}
				$current[] = $t;
			}
			$values = array();
			foreach ( $args as $arg ) {
				$values[] = interlinker_literal( $arg );
			}
			if ( array() === end( $args ) ) {
				array_pop( $values ); // A trailing comma, or no arguments at all.
			}
			$calls[] = array(
				'file'    => $file,
				'line'    => $token[2],
				'name'    => $name,
				'args'    => $values,
				'comment' => null,
			);
			// The nearest translators comment above (or on) the call's line.
			for ( $c = count( $comments ) - 1; $c >= 0; $c-- ) {
				if ( $comments[ $c ]['endLine'] >= $token[2] - 1 && $comments[ $c ]['line'] <= $token[2] ) {
					$calls[ count( $calls ) - 1 ]['comment'] = $comments[ $c ]['text'];
					$used[ $c ]                              = true;
					break;
				}
			}
		}
		$previous = $token;
	}

	$orphans = array();
	foreach ( $comments as $c => $comment ) {
		if ( ! isset( $used[ $c ] ) ) {
			$orphans[] = array(
				'file'    => $file,
				'line'    => $comment['line'],
				'comment' => $comment['text'],
			);
		}
	}
	return array(
		'calls'          => $calls,
		'orphanComments' => $orphans,
	);
}

/**
 * An argument's string value when it is made only of string literals joined by `.`, else null.
 *
 * @param list<mixed> $tokens The argument's tokens, whitespace and comments left out.
 */
function interlinker_literal( array $tokens ): ?string {
	if ( array() === $tokens || 0 === count( $tokens ) % 2 ) {
		return null;
	}
	$value = '';
	foreach ( $tokens as $k => $t ) {
		if ( 0 === $k % 2 ) {
			if ( ! is_array( $t ) || T_CONSTANT_ENCAPSED_STRING !== $t[0] ) {
				return null;
			}
			$value .= interlinker_string_value( $t[1] );
		} elseif ( '.' !== $t ) {
			return null;
		}
	}
	return $value;
}

$interlinker_root   = rtrim( (string) ( $argv[1] ?? '' ), '/' ) . '/';
$interlinker_result = array(
	'calls'          => array(),
	'orphanComments' => array(),
);
foreach ( array_slice( $argv, 2 ) as $interlinker_file ) {
	$interlinker_relative = str_starts_with( $interlinker_file, $interlinker_root ) ? substr( $interlinker_file, strlen( $interlinker_root ) ) : $interlinker_file;
	$interlinker_found    = interlinker_gettext_calls( (string) file_get_contents( $interlinker_file ), $interlinker_relative );
	array_push( $interlinker_result['calls'], ...$interlinker_found['calls'] );
	array_push( $interlinker_result['orphanComments'], ...$interlinker_found['orphanComments'] );
}
echo json_encode( $interlinker_result, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR ), "\n";
