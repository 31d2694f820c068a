/**
 * Reads the cells of an .xlsx file as they are stored, to check their types: a small unzip (the
 * workbook's central directory, deflate through node:zlib) and the sheet XML. A number cell has no
 * `t` attribute (or `t="n"`) and its value in `<v>`; text is `t="s"` (shared string) or `t="inlineStr"`.
 */
import { inflateRawSync } from 'node:zlib';

/** One file of a zip archive, or null when absent. */
export function zipEntry(zip: Buffer, name: string): Buffer | null {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const skip = nameLen + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLen) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return method === 8 ? inflateRawSync(data) : Buffer.from(data);
    }
    at += 46 + skip;
  }
  return null;
}

export interface StoredCell {
  /** "number" for a number cell, "text" for a string. */
  kind: 'number' | 'text';
  /** The number, or the text itself. */
  value: number | string;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The cells of the nth sheet (1-based) as rows of stored cells, by their A1 references. */
export function sheetCells(xlsx: Buffer, sheet = 1): Map<string, StoredCell> {
  const xml = zipEntry(xlsx, `xl/worksheets/sheet${sheet}.xml`)?.toString('utf8');
  if (!xml) throw new Error(`no sheet ${sheet}`);
  const shared = [
    ...(zipEntry(xlsx, 'xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g),
  ].map((m) => unescape([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const cells = new Map<string, StoredCell>();
  for (const m of xml.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const type = /\bt="([^"]+)"/.exec(m[2])?.[1] ?? 'n';
    const body = m[3] ?? '';
    if (type === 's') cells.set(m[1], { kind: 'text', value: shared[Number(/<v>([^<]*)<\/v>/.exec(body)?.[1])] });
    else if (type === 'inlineStr' || type === 'str')
      cells.set(m[1], { kind: 'text', value: unescape(/<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? '') });
    else if (type === 'n') {
      const v = /<v>([^<]*)<\/v>/.exec(body)?.[1];
      if (v !== undefined) cells.set(m[1], { kind: 'number', value: Number(v) });
    }
  }
  return cells;
}

/** The header row of a sheet: column letter → header text. */
export function headerRow(cells: Map<string, StoredCell>): string[] {
  const out: string[] = [];
  for (const [ref, c] of cells) if (/^[A-Z]+1$/.test(ref)) out.push(String(c.value));
  return out;
}

/** The stored cell under `header` in data row `row` (1 = the first row after the header). */
export function cellUnder(cells: Map<string, StoredCell>, header: string, row: number): StoredCell | undefined {
  for (const [ref, c] of cells) {
    const col = /^([A-Z]+)1$/.exec(ref)?.[1];
    if (col && c.value === header) return cells.get(`${col}${row + 1}`);
  }
  throw new Error(`no column ${header}`);
}
