// The codebase's layer rules as one ESLint rule (see CONTRIBUTING.md "Layers").
// Every relative import is resolved to a repository path and checked:
// - a feature (src/features/<name>) never imports another feature;
// - the app (src/, sw/) never imports server/;
// - the shared rules (rules/) and contract/ never import server/, a database or an HTTP library;
// - src/ui and src/lib never import a feature;
// - SQL lives under server/db only: the server's other modules (routes included) never import a
//   database driver and hold no SQL statement text;
// - uPlot, uplot-react and our wrapper (src/ui/uplot-chart.tsx) are imported statically only by chart
//   components (`*-chart.tsx`), which everything else loads lazily with `import()`.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverOnlyPackages = ['pg', '@electric-sql/pglite', 'fastify', 'node:http', 'node:https'];
const databaseDrivers = ['pg', '@electric-sql/pglite'];
/** The start of a SQL statement, as this codebase writes them (keywords in capitals). */
const sqlStatement =
  /^\s*(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|WITH \w+ AS|CREATE (TABLE|INDEX|UNIQUE)|ALTER TABLE|DROP (TABLE|INDEX)|TRUNCATE)\b/;
/** Server code that may hold SQL: the data layer, and tests beside the code. */
const mayHoldSql = (p) => p.startsWith('server/db/') || /\.test\.ts$/.test(p);

function repoPath(file, spec) {
  if (!spec.startsWith('.')) return null;
  return path.relative(root, path.resolve(path.dirname(file), spec)).replace(/\.js$/, '');
}

const isChartFile = (p) => /-chart(\.tsx)?$/.test(p);
const featureOf = (p) => /^src\/features\/([^/]+)\//.exec(p)?.[1];

function problem(from, spec, target) {
  const fromFeature = featureOf(from);
  const toFeature = target && featureOf(target + '/');
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return `A feature never imports another feature (${fromFeature} → ${toFeature}); move what both need to src/lib or src/ui.`;
  }
  if (/^src\/(ui|lib)\//.test(from) && target?.startsWith('src/features/')) {
    return `${from.split('/').slice(0, 2).join('/')} never imports a feature; pass what it needs in.`;
  }
  if (from.startsWith('server/') && !mayHoldSql(from) && databaseDrivers.includes(spec)) {
    return 'Only server/db talks to the database driver; call a function of server/db.';
  }
  if (/^(src|sw)\//.test(from) && target?.startsWith('server/')) {
    return 'The app never imports server/; shared code goes in rules/ or contract/.';
  }
  if (/^(rules|contract)\//.test(from)) {
    if (target?.startsWith('server/')) return `${from.split('/')[0]}/ never imports server/.`;
    if (serverOnlyPackages.includes(spec)) return `${from.split('/')[0]}/ stays pure: no database or HTTP library.`;
  }
  if (!/^src\//.test(from)) return null;
  const chartModule =
    spec === 'uplot' ||
    spec === 'uplot-react' ||
    target === 'src/ui/uplot-chart' ||
    (target !== null && isChartFile(target));
  if (chartModule && !isChartFile(from) && !from.endsWith('uplot-chart.tsx') && spec !== 'uplot/dist/uPlot.min.css') {
    return 'uPlot and chart components load lazily: use `lazy(() => import(...))` outside a `*-chart.tsx` file.';
  }
  return null;
}

export default {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = path.relative(root, context.filename);
        const check = (node, spec, typeOnly) => {
          if (typeOnly || typeof spec !== 'string') return;
          const message = problem(from, spec, repoPath(context.filename, spec));
          if (message) context.report({ node, message });
        };
        const checkSql = (node, text) => {
          if (from.startsWith('server/') && !mayHoldSql(from) && sqlStatement.test(text))
            context.report({ node, message: 'SQL lives under server/db: move this statement into a function there.' });
        };
        return {
          Literal: (node) => typeof node.value === 'string' && checkSql(node, node.value),
          TemplateLiteral: (node) => checkSql(node, node.quasis[0]?.value.cooked ?? ''),
          ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
          ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
        };
      },
    },
  },
};
