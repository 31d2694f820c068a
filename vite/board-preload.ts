/**
 * Build step: preloads of the leaderboard screen's own script chunks and styles in index.html,
 * between `<!--board-->` and `<!--/board-->`, so they download beside the entry script instead of
 * after it has run. The server keeps them for the board's address and drops them elsewhere
 * (server/http/app-shell.ts). Today the board is built into the entry chunk (vite.config.ts), so
 * there is nothing to mark; this stays the safety net should the board get its own chunk again.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const BOARD_ROUTE = '/src/routes/leaderboards.tsx';

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
}

/** A chunk and every chunk it imports statically. */
function staticGraph(bundle: OutputBundle, from: OutputChunk[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const c = bundle[file];
    if (c?.type === 'chunk') c.imports.forEach(visit);
  };
  from.forEach((c) => visit(c.fileName));
  return seen;
}

export function boardPreload(): Plugin {
  return {
    name: 'board-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const all = chunks(bundle);
        const board = all.filter((c) => c.isDynamicEntry && c.facadeModuleId?.includes(BOARD_ROUTE));
        const loadedFirst = staticGraph(
          bundle,
          all.filter((c) => c.isEntry),
        );
        if (board.length === 0) {
          const inFirst = [...loadedFirst].some((f) => {
            const c = bundle[f];
            return c?.type === 'chunk' && c.moduleIds.some((id) => id.includes(BOARD_ROUTE));
          });
          if (!inFirst) throw new Error(`board-preload: no chunk for ${BOARD_ROUTE}`);
          return html;
        }
        const scripts = [...staticGraph(bundle, board)].filter((f) => !loadedFirst.has(f));
        const styles = new Set<string>();
        for (const file of scripts) {
          const css = (bundle[file] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
          css?.importedCss.forEach((f) => styles.add(f));
        }
        const tags = [
          ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          ...[...styles].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ];
        return html.replace('</head>', `  <!--board-->${tags.join('')}<!--/board-->\n  </head>`);
      },
    },
  };
}
