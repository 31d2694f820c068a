/**
 * One export path: each column's type decides its cell, the same in CSV and Excel. Numbers are
 * number cells, accuracy a percent with two decimals, flags Yes / No. The Excel file is read back
 * from its sheet XML, so a number stored as text would show.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cellUnder, headerRow, sheetCells } from '../../../tests/browser/xlsx-cells';
import { typedCell } from './cells';
import { accuracyColumn, botColumn, numberColumn, textColumn, yesNoColumn } from './columns';
import { toCsv } from './csv';
import type { ExportSheet } from './types';
import { xlsxBlob } from './xlsx';

describe('typed cells', () => {
  it('writes an accuracy fraction as a percent with two decimals', () => {
    expect(typedCell('accuracy', 0.9725)).toBe(97.25);
    expect(typedCell('accuracy', 1)).toBe(100);
    expect(typedCell('accuracy', 0)).toBe(0);
    expect(typedCell('accuracy', 0.123456)).toBe(12.35);
    expect(typedCell('accuracy', null)).toBeNull();
  });

  it('rounds numbers as the screen does, half away from zero on the number as written', () => {
    expect(typedCell('number', 89.85, 1)).toBe(89.9);
    expect(typedCell('number', 1.005, 2)).toBe(1.01);
    expect(typedCell('number', -2.5, 0)).toBe(-3);
    expect(typedCell('number', 1234.4, 0)).toBe(1234);
  });

  it('turns numbers given as text into numbers, and anything else into an empty cell', () => {
    expect(typedCell('number', '1,234')).toBe(1234);
    expect(typedCell('number', ' 12.5 ')).toBe(12.5);
    expect(typedCell('number', '-')).toBeNull();
    expect(typedCell('number', '12 races')).toBeNull();
    expect(typedCell('number', Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('writes flags as Yes or No', () => {
    expect(typedCell('yesNo', 1)).toBe('Yes');
    expect(typedCell('yesNo', 0)).toBe('No');
    expect(typedCell('yesNo', true)).toBe('Yes');
    expect(typedCell('yesNo', false)).toBe('No');
    expect(typedCell('yesNo', null)).toBeNull();
  });
});

interface Racer {
  name: string;
  races: number | string;
  wpm: number;
  acc: number | null;
  bot: 0 | 1;
  met: boolean | null;
}

const sheet: ExportSheet<Racer> = {
  name: 'Racers',
  rows: [
    { name: 'Ann', races: '1,234', wpm: 89.85, acc: 0.9725, bot: 0, met: true },
    { name: '007', races: 12, wpm: 101.04, acc: null, bot: 1, met: null },
  ],
  columns: [
    textColumn('Name', (r) => r.name),
    numberColumn('Races', (r) => r.races),
    numberColumn('WPM', (r) => r.wpm, 1),
    accuracyColumn((r) => r.acc),
    yesNoColumn('Met', (r) => r.met),
    botColumn((r) => r.bot),
  ],
};

describe('one sheet, both formats', () => {
  it('CSV: numbers unquoted, accuracy 97.25, Bot Yes / No, digits-only text still text', () => {
    const text = toCsv(sheet);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('"Name","Races","WPM","Accuracy (%)","Met","Bot"');
    expect(lines[1]).toBe('"Ann",1234,89.9,97.25,"Yes","No"');
    expect(lines[2]).toBe('"007",12,101,,,"Yes"');
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true, dynamicTyping: true });
    expect(parsed.data[1]).toEqual(['Ann', 1234, 89.9, 97.25, 'Yes', 'No']);
  });

  it('Excel: number cells for numbers and accuracy, text cells for names and flags', async () => {
    const xlsx = Buffer.from(await (await xlsxBlob([sheet as ExportSheet])).arrayBuffer());
    const cells = sheetCells(xlsx);
    expect(headerRow(cells)).toEqual(['Name', 'Races', 'WPM', 'Accuracy (%)', 'Met', 'Bot']);
    expect(cellUnder(cells, 'Races', 1)).toEqual({ kind: 'number', value: 1234 });
    expect(cellUnder(cells, 'WPM', 1)).toEqual({ kind: 'number', value: 89.9 });
    expect(cellUnder(cells, 'Accuracy (%)', 1)).toEqual({ kind: 'number', value: 97.25 });
    expect(cellUnder(cells, 'Bot', 1)).toEqual({ kind: 'text', value: 'No' });
    expect(cellUnder(cells, 'Bot', 2)).toEqual({ kind: 'text', value: 'Yes' });
    expect(cellUnder(cells, 'Name', 2)).toEqual({ kind: 'text', value: '007' });
    expect(cellUnder(cells, 'Accuracy (%)', 2)).toBeUndefined();
  });
});
