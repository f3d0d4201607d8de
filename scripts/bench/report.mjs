/** The figures of a benchmark as an aligned table, each beside its target and PASS or MISS. */

/**
 * rows: { figure, value, target?, met? } — `met` undefined means the figure has no target.
 * Written to stdout, which carries nothing else.
 */
export function printTable(title, rows) {
  const cells = rows.map((row) => [
    row.figure,
    String(row.value),
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'PASS' : 'MISS',
  ]);
  const header = ['figure', 'value', 'target', ''];
  const widths = header.map((name, column) =>
    Math.max(name.length, ...cells.map((cell) => cell[column].length)),
  );
  const line = (cell) =>
    cell
      .map((text, column) =>
        column === 1 ? text.padStart(widths[column]) : text.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  process.stdout.write(`\n${title}\n${line(header)}\n${rule}\n`);
  for (const cell of cells) process.stdout.write(`${line(cell)}\n`);
}

export function printLine(text = '') {
  process.stdout.write(`${text}\n`);
}

/** Fixed decimals with thousands separators: 1234.5 → "1,234.5". */
export function formatNumber(value, decimals = 0) {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}
