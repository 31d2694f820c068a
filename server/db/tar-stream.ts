/**
 * The pieces of a ustar archive, written as they go (no file is held whole in memory): a header
 * per entry, the data padded to 512-byte blocks, and the two empty blocks that end the archive.
 * Readable by `tar` and by PGlite's own loader (tinytar), which takes names from the 100-byte
 * name field only.
 */
const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'latin1');
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

export function tarHeader(entry: { name: string; type: 'file' | 'dir'; size: number; mtime: Date }): Buffer {
  const name = entry.type === 'dir' ? `${entry.name}/` : entry.name;
  if (Buffer.byteLength(name) >= 100) throw new Error(`Name too long for the archive: ${name}`);
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, name);
  field(header, 100, 8, octal(entry.type === 'dir' ? 0o700 : 0o600, 8));
  field(header, 108, 8, octal(0, 8));
  field(header, 116, 8, octal(0, 8));
  field(header, 124, 12, octal(entry.type === 'dir' ? 0 : entry.size, 12));
  field(header, 136, 12, octal(Math.floor(entry.mtime.getTime() / 1000), 12));
  field(header, 148, 8, '        ');
  field(header, 156, 1, entry.type === 'dir' ? '5' : '0');
  field(header, 257, 8, 'ustar\u000000');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return header;
}

/** Zeros that round a file's `size` bytes up to whole blocks. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

export const TAR_END = Buffer.alloc(2 * BLOCK);
