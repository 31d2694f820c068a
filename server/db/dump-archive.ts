/**
 * A backup archive as it should leave the server: PGlite's dump is a tar whose members are named
 * from the root ("/base/1/112") with the modes they have inside PGlite (0666). Each header is
 * rewritten to a relative name, 0600 for files and 0700 for folders, so whoever unpacks a backup
 * with tar gets neither files outside the target folder nor files other accounts may read.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const BLOCK = 512;
const NAME = { at: 0, size: 100 };
const MODE = { at: 100, size: 8 };
const SIZE = { at: 124, size: 12 };
const CHECKSUM = { at: 148, size: 8 };
const TYPE_AT = 156;
const PREFIX = { at: 345, size: 155 };
const DIRECTORY = '5'.charCodeAt(0);

const gzip = promisify(zlib.gzip);

function text(block: Uint8Array, field: { at: number; size: number }): string {
  const bytes = block.subarray(field.at, field.at + field.size);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
}

function write(block: Uint8Array, field: { at: number; size: number }, value: string): void {
  block.fill(0, field.at, field.at + field.size);
  block.set(Buffer.from(value, 'utf8'), field.at);
}

/** The member's name without leading slashes; refused when it would leave the folder or is empty. */
function relativeName(name: string): string {
  const relative = name.replace(/^\/+/, '');
  if (!relative || relative.split('/').includes('..')) throw new Error(`Unsafe name in the database dump: ${name}`);
  return relative;
}

/** Rewrites a tar's headers in place (relative names, owner-only modes) and returns it gzipped. */
export async function ownerOnlyArchive(tar: Uint8Array): Promise<Blob> {
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break; // the end-of-archive blocks
    const prefix = text(header, PREFIX);
    const name = relativeName(prefix ? `${prefix}/${text(header, NAME)}` : text(header, NAME));
    if (Buffer.byteLength(name) > NAME.size) throw new Error(`Name too long in the database dump: ${name}`);
    write(header, NAME, name);
    write(header, PREFIX, '');
    write(header, MODE, header[TYPE_AT] === DIRECTORY ? '0000700' : '0000600');
    header.fill(0x20, CHECKSUM.at, CHECKSUM.at + CHECKSUM.size);
    const sum = header.reduce((a, b) => a + b, 0);
    write(header, CHECKSUM, `${sum.toString(8).padStart(6, '0')}\0 `);
    const size = parseInt(text(header, SIZE).trim() || '0', 8);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return new Blob([new Uint8Array(await gzip(tar))]);
}
