/**
 * The /api/docs page: the OpenAPI document as plain HTML (operations by tag, with their
 * parameters, body and answers). No script and no external asset, so it reads on a phone and
 * under a strict Content-Security-Policy.
 */

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
}
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The page's only styles, inline: the page's Content-Security-Policy allows exactly this text by
 * its hash (api-docs.ts), as the site-wide policy allows no inline style.
 */
export const API_DOCS_CSS = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1f24}
code{font:13px ui-monospace,monospace}h2{margin-top:2rem;border-bottom:1px solid #ccd;text-transform:capitalize}
.op{border:1px solid #dde;border-radius:6px;padding:.5rem .75rem;margin:.75rem 0}.op h3{margin:.25rem 0;font-size:1rem;overflow-wrap:anywhere}
.method{display:inline-block;min-width:3.5rem;font:600 12px ui-monospace,monospace;padding:2px 6px;border-radius:4px;background:#e8eef8;color:#1d4f91}
.method.post,.method.put,.method.patch{background:#e6f4ea;color:#1e6b34}.method.delete{background:#fbe9e9;color:#9b1c1c}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:13px}td,th{text-align:left;padding:2px 8px 2px 0;vertical-align:top}
.answers{color:#555;font-size:13px}nav{display:flex;flex-wrap:wrap;gap:.25rem .75rem}nav a{text-transform:capitalize}
`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function typeOf(s: Schema | undefined): string {
  if (!s) return '';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf ?? s.oneOf) return (s.anyOf ?? s.oneOf)!.map(typeOf).join(' | ');
  if (s.type === 'array') return `${typeOf(s.items)}[]`;
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return s.format ? `${t} (${s.format})` : t;
}

function parameterRows(op: Operation): string[] {
  const rows = (op.parameters ?? []).map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(typeOf(p.schema))}</td><td>${p.required ? 'required' : ''}</td><td>${esc(p.description ?? '')}</td></tr>`,
  );
  const body = op.requestBody?.content?.['application/json']?.schema;
  for (const [name, s] of Object.entries(body?.properties ?? {})) {
    rows.push(
      `<tr><td><code>${esc(name)}</code></td><td>body</td><td>${esc(typeOf(s))}</td><td>${body?.required?.includes(name) ? 'required' : ''}</td><td>${esc(s.description ?? '')}</td></tr>`,
    );
  }
  return rows;
}

function operationHtml(method: string, path: string, op: Operation): string {
  const rows = parameterRows(op);
  const answers = Object.keys(op.responses ?? {}).join(', ');
  return `<section class="op">
<h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
${op.summary ? `<p>${esc(op.summary)}</p>` : ''}${op.description ? `<p>${esc(op.description)}</p>` : ''}
${rows.length ? `<div class="scroll"><table><thead><tr><th>name</th><th>in</th><th>type</th><th></th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table></div>` : ''}
${answers ? `<p class="answers">Answers: ${esc(answers)}</p>` : ''}
</section>`;
}

export function renderApiDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)}</title>
<style>${API_DOCS_CSS}</style></head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
${doc.info.description ? `<p>${esc(doc.info.description)}</p>` : ''}
<p>Machine-readable: <a href="/api/docs/json">OpenAPI 3 JSON</a>.</p>
<nav>${tags.map((t) => `<a href="#${esc(t)}">${esc(t)}</a>`).join(' ')}</nav>
${tags.map((t) => `<h2 id="${esc(t)}">${esc(t)}</h2>\n${byTag.get(t)!.join('\n')}`).join('\n')}
</body></html>`;
}
