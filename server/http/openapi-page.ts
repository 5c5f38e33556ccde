import type { JsonSchema, OpenApiDocument, Operation } from './openapi';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** A schema's type in a few words: `string`, `object {a, b}`, `"a" | "b"`, `array of …`. */
function typeOf(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options) return options.map(typeOf).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items as JsonSchema | undefined)}`;
  if (schema.type === 'object' && schema.properties) {
    return `object {${Object.keys(schema.properties).join(', ')}}`;
  }
  const type = [schema.type].flat().join(' | ') || 'any';
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${type}${format}`;
}

interface Row {
  name: string;
  type: string;
  required: boolean;
}

const table = (caption: string, rows: Row[]) =>
  rows.length === 0
    ? ''
    : `<table><caption>${caption}</caption><thead><tr><th>Name</th><th>Type</th><th>Required</th></tr></thead><tbody>${rows
        .map(
          (row) =>
            `<tr><td><code>${escapeHtml(row.name)}</code></td><td>${escapeHtml(row.type)}</td><td>${row.required ? 'yes' : 'no'}</td></tr>`,
        )
        .join('')}</tbody></table>`;

/** The top-level fields of an object schema. */
function fieldsOf(schema: JsonSchema | undefined): Row[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
  }));
}

function operationSection(method: string, path: string, operation: Operation): string {
  const parameters = (operation.parameters ?? []).map((p) => ({
    name: `${p.name} (${p.in})`,
    type: typeOf(p.schema),
    required: p.required,
  }));
  const body = operation.requestBody?.content['application/json']?.schema;
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const types = Object.entries(response.content ?? {}).map(
        ([contentType, media]) =>
          `${contentType === 'application/json' ? typeOf(media.schema) : contentType}`,
      );
      return `<li><strong>${status}</strong> ${escapeHtml(response.description)}${types.length ? `: ${escapeHtml(types.join(', '))}` : ''}</li>`;
    })
    .join('');
  return `<section id="${escapeHtml(operation.operationId)}">
<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${operation.security ? ' <span class="auth">bearer token</span>' : ''}</h3>
${operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : ''}
${table('Parameters', parameters)}
${body ? table('Body fields', fieldsOf(body)) : ''}
<p>Responses:</p><ul>${responses}</ul>
</section>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 2rem;color:#1f2328}
h2{border-bottom:1px solid #d0d7de;padding-bottom:.25rem;margin-top:2.5rem}
section{margin:1.5rem 0}h3{font-size:1rem;margin:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font-family:monospace}
.auth{font-size:.8rem;font-weight:normal;color:#57606a}
table{border-collapse:collapse;margin:.5rem 0}caption{text-align:left;font-weight:600}
th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left}`;

/**
 * The API's reference as one server-rendered page, operations grouped by their first path
 * segment. Plain HTML and an inline style: no script, so the strict Content-Security-Policy holds.
 */
export function docsPage(document: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const group = operation.tags[0] ?? '';
      groups.set(group, [...(groups.get(group) ?? []), operationSection(method, path, operation)]);
    }
  }
  const server = document.servers[0]?.url ?? '';
  const { title, version } = document.info;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)} <small>${escapeHtml(version)}</small></h1>
<p>Paths are relative to <code>${escapeHtml(server)}</code>. Send the token from <code>POST /auth/login</code> as <code>Authorization: Bearer &lt;token&gt;</code> where marked. The machine-readable document: <a href="${escapeHtml(server)}/openapi.json">OpenAPI 3.1 (openapi.json)</a>.</p>
<nav><ul>${[...groups.keys()].map((g) => `<li><a href="#${escapeHtml(g)}">${escapeHtml(g)}</a></li>`).join('')}</ul></nav>
${[...groups]
  .map(
    ([group, sections]) =>
      `<h2 id="${escapeHtml(group)}">${escapeHtml(group)}</h2>\n${sections.join('\n')}`,
  )
  .join('\n')}
</body></html>
`;
}
