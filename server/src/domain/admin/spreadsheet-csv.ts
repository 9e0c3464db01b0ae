import { stringify } from 'csv-stringify/sync';

/**
 * CSV that spreadsheets open as intended: a byte-order mark so Excel reads UTF-8 (Chinese titles,
 * batch names), CRLF line ends, and csv-stringify's `escape_formulas`, so a cell someone typed
 * that starts with =, +, -, @ (or their full-width forms), a tab or a carriage return is shown as
 * text instead of running as a formula.
 */
export function spreadsheetCsv(rows: string[][]): string {
  return stringify(rows, { record_delimiter: 'windows', bom: true, escape_formulas: true });
}
