/**
 * Build step: the app's entry script goes first among the files index.html downloads, right after
 * `<meta charset>`, and the other module scripts the build lists beside it (the bundler's runtime,
 * which the entry imports anyway) become module preloads after it. The entry is the biggest file on
 * the first screen's path: asked for first, it gets the connection the page itself came on, while
 * the smaller files open new ones (a round trip each on a phone). The build fails when the home
 * screen's route (`homeRoute`) is not in that entry: a chunk of its own would wait for the entry
 * to run before it even started downloading. It fails too when a package of `keepOut` lands in any
 * of the app's scripts (zod: ~45 KB minified, and it probes for eval, which the page's CSP refuses
 * with a console error; the app's route params use valibot, and its contract imports are types).
 */
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;

export function firstScript(entryName: string, homeRoute: string, keepOut: string[] = []): Plugin {
  return {
    name: 'first-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const scripts = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
        const entry = scripts.find((src) => src.startsWith(`/assets/${entryName}-`));
        if (!entry) throw new Error(`first-script: no /assets/${entryName}-*.js script in index.html`);
        const chunk = ctx.bundle?.[entry.slice(1)] as OutputChunk | undefined;
        if (chunk && !chunk.moduleIds.some((id) => id.includes(homeRoute))) {
          throw new Error(`first-script: ${homeRoute} is not in ${entry}`);
        }
        for (const out of Object.values(ctx.bundle ?? {})) {
          if (out.type !== 'chunk') continue;
          const unwanted = out.moduleIds.find((id) => keepOut.some((pkg) => id.includes(`/node_modules/${pkg}/`)));
          if (unwanted) throw new Error(`first-script: ${unwanted} is in ${out.fileName}`);
        }
        const others = scripts.filter((src) => src !== entry);
        const tags = [
          `<script type="module" crossorigin src="${entry}"></script>`,
          ...others.map((src) => `<link rel="modulepreload" crossorigin href="${src}">`),
        ];
        return html.replace(MODULE_SCRIPT, '').replace(/(<meta charset="UTF-8" \/>)/, `$1\n    ${tags.join('\n    ')}`);
      },
    },
  };
}
