/**
 * Build step: brotli (best quality) and gzip copies beside every hashed script and style under
 * assets/ (x.js.br, x.js.gz), which the server sends as they are (@fastify/static `preCompressed`)
 * instead of compressing on each request at a lower level. Only hashed files: their content never
 * changes under the same name, so a copy cannot go stale (sw.js, index.html are compressed per
 * request).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg)$/;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const assets = path.join(outDir, 'assets');
        // A failed build wrote nothing: leave its own error as the one reported.
        if (!fs.existsSync(assets)) return;
        for (const file of filesUnder(assets)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const data = fs.readFileSync(file);
          if (data.length < 1024) continue;
          const br = zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}
