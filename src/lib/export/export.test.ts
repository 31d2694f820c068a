/** Writes both formats and reads them back with independent readers (papaparse, read-excel-file). */
import Papa from 'papaparse';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it, vi } from 'vitest';
import { MAX_CELL_TEXT, typedCell } from './cells';
import { numberColumn, textColumn } from './columns';
import { defuseFormula, toCsv } from './csv';
import { safeFileBase } from './export-table';
import type { ExportSheet } from './types';
import { withDeadline, xlsxBlob } from './xlsx';

interface Row {
  name: string;
  races: number;
  acc: number | null;
  note: string;
}
const rows: Row[] = [
  { name: 'Ann, "the fast"', races: 1234, acc: 97.45, note: 'x'.repeat(40_000) },
  { name: '=HYPERLINK("x")', races: 0, acc: null, note: 'line\nbreak' },
];
const sheet: ExportSheet<Row> = {
  name: 'Racers: Spring [A/B]',
  columns: [
    textColumn('Name', (r) => r.name),
    numberColumn('Races', (r) => r.races),
    numberColumn('Accuracy (%)', (r) => r.acc),
    textColumn('Note', (r) => r.note),
  ],
  rows,
};

describe('export cells', () => {
  it('keeps finite numbers, empties missing ones and cuts long text', () => {
    expect(typedCell('number', 12.5)).toBe(12.5);
    expect(typedCell('number', Number.NaN)).toBeNull();
    expect(typedCell('number', undefined)).toBeNull();
    expect(typedCell('text', undefined)).toBeNull();
    expect(typedCell('text', 'y'.repeat(40_000))).toHaveLength(MAX_CELL_TEXT);
  });

  it('keeps file names portable', () => {
    expect(safeFileBase('event_12_participants')).toBe('event_12_participants');
    expect(safeFileBase('a b/c')).toBe('a_b_c');
  });
});

describe('CSV export', () => {
  it('reads back with papaparse, quoting and defusing formulas', () => {
    const text = toCsv(sheet);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(['Name', 'Races', 'Accuracy (%)', 'Note']);
    expect(parsed.data[1].slice(0, 3)).toEqual(['Ann, "the fast"', '1234', '97.45']);
    expect(parsed.data[1][3]).toHaveLength(MAX_CELL_TEXT);
    expect(parsed.data[2]).toEqual(['\'=HYPERLINK("x")', '0', '', 'line\nbreak']);
  });

  it.each([
    ['=1+1'],
    ['+1+1'],
    ['-1+1'],
    ['@SUM(A1)'],
    ['\t=1'],
    ['\r=1'],
    ['\nx'],
    ['  =cmd|"/c calc"!A1'],
    ['\u3000=1'],
    ['\u00a0@x'],
    ['\uff1dHYPERLINK("x")'],
    ['\uff0b1'],
    ['\uff0d1'],
    ['\uff20SUM(A1)'],
    [' \uff1d1'],
  ])('defuses a formula start in %j', (text) => {
    expect(defuseFormula(text)).toBe(`'${text}`);
  });

  it.each([['Ann'], ['a=b'], ['1-2'], ['x@y.z'], [''], ['  spaced']])('leaves %j as it is', (text) => {
    expect(defuseFormula(text)).toBe(text);
  });

  it('quotes every text cell, so another separator cannot split a cell into a formula', () => {
    const risky: ExportSheet<{ t: string; n: number }> = {
      name: 'x',
      columns: [textColumn('Text', (r) => r.t), numberColumn('N', (r) => r.n)],
      rows: [
        { t: 'a;=1+1', n: -5 },
        { t: 'b\t=2+2', n: 3 },
        { t: 'c,@SUM(A1)', n: 0 },
      ],
    };
    const lines = toCsv(risky).slice(1).split('\r\n');
    expect(lines).toEqual(['"Text","N"', '"a;=1+1",-5', '"b\t=2+2",3', '"c,@SUM(A1)",0']);
    for (const delimiter of [';', '\t', ',']) {
      const cells = Papa.parse<string[]>(toCsv(risky).slice(1), { delimiter, skipEmptyLines: true }).data.flat();
      expect(cells.filter((c) => /^\s*[=+@]/.test(c))).toEqual([]);
    }
    // Numbers stay numbers, a negative one too.
    expect(lines[1].endsWith(',-5')).toBe(true);
  });
});

describe('Excel export', () => {
  it('reads back with read-excel-file: valid sheet names, numbers as numbers, cut text', async () => {
    const blob = await xlsxBlob([
      sheet,
      { ...sheet, name: 'racers: spring [a/b]', rows: rows.slice(0, 1) } as ExportSheet,
    ]);
    const sheets = await readExcelFile(Buffer.from(await blob.arrayBuffer()));
    expect(sheets.map((s) => s.sheet)).toEqual(['Racers Spring A B', 'racers spring a b (2)']);
    const data = sheets[0].data;
    expect(data[0]).toEqual(['Name', 'Races', 'Accuracy (%)', 'Note']);
    expect(data[1].slice(0, 3)).toEqual(['Ann, "the fast"', 1234, 97.45]);
    expect(typeof data[1][1]).toBe('number');
    expect(String(data[1][3])).toHaveLength(MAX_CELL_TEXT);
    expect(data[2].slice(0, 3)).toEqual(['=HYPERLINK("x")', 0, null]);
    expect(sheets[1].data).toHaveLength(2);
  });
});

describe("the Excel writer's deadline", () => {
  it('turns a writer that never finishes into a failure the buttons can report', async () => {
    vi.useFakeTimers();
    try {
      const never = withDeadline(new Promise<Blob>(() => undefined), 60_000);
      const settled = expect(never).rejects.toThrow('the spreadsheet could not be written');
      await vi.advanceTimersByTimeAsync(60_000);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });
});
