/**
 * Reads a CSV file as RFC 4180 defines it (quoted fields may hold commas, quotes doubled, CR and LF), for the tests of
 * the plugin's CSV exports. Written here, independent of the PHP that writes the files.
 */

const BOM = '\uFEFF';

/** The rows of a CSV text, each a list of cells; a leading byte order mark is dropped. */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < source.length; at++) {
    const char = source[at]!;
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && source[at + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      at++;
    } else if (char === '"' || char === '\r' || char === '\n') {
      throw new Error(`not RFC 4180 at character ${at}: a bare ${JSON.stringify(char)} outside quotes`);
    } else {
      cell += char;
    }
  }
  if (quoted) throw new Error('not RFC 4180: a quoted field never ends');
  if (cell !== '' || row.length > 0) throw new Error('not RFC 4180: the last line has no CRLF');
  return rows;
}

/** A cell as a spreadsheet must read it: text a spreadsheet would run as a formula gets a single quote in front. */
export function defused(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
