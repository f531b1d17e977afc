/**
 * The API reference as a page: every operation of the OpenAPI document with its access, parameters,
 * body and answers. Plain HTML and an inline style sheet, so it works under the portal's content
 * security policy and loads nothing from anywhere. It fits a phone's width: long paths and schema
 * lines wrap rather than scroll, so that there is no scrolling box a keyboard could not reach.
 */
import { escapeHtml } from "./escape-html";

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  "x-access"?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

export interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * A description's text as HTML: its markdown code spans (`like this`) as <code>, everything else
 * escaped. A backtick without a partner is kept as it is.
 */
export function renderDescription(text: string): string {
  const parts = text.split("`");
  // An even count of parts means an odd count of backticks: the last one opens nothing.
  const unpaired = parts.length % 2 === 0 ? parts.splice(-2, 2).join("`") : undefined;
  const html = parts.map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)));
  return html.join("") + (unpaired === undefined ? "" : escapeHtml(unpaired));
}

/** A body's schema without its own description, which the answer's line above already shows as text. */
function withoutDescription(schema: unknown): unknown {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const { description: _shown, ...shape } = schema as Record<string, unknown>;
  return shape;
}

function bodyDescription(schema: unknown): string {
  const description = (schema as { description?: unknown }).description;
  return typeof description === "string" ? `<p>${renderDescription(description)}</p>` : "";
}

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function renderOperation(method: string, path: string, op: Operation): string {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-");
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td>${json(p.schema ?? {})}</td></tr>`,
    )
    .join("");
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(op.responses ?? {})
    .map(([status, answer]) => {
      const schema = answer.content?.["application/json"]?.schema;
      return `<li><strong>${escapeHtml(status)}</strong> ${renderDescription(answer.description ?? "")}${schema ? json(withoutDescription(schema)) : ""}</li>`;
    })
    .join("");
  return `<section id="${escapeHtml(id)}" aria-labelledby="${escapeHtml(id)}-title">
  <h3 id="${escapeHtml(id)}-title"><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
  ${op.summary ? `<p><strong>${escapeHtml(op.summary)}</strong></p>` : ""}
  <p>${renderDescription(op.description ?? "")}</p>
  ${params ? `<h4>Parameters</h4><table><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">schema</th></tr></thead><tbody>${params}</tbody></table>` : ""}
  ${body ? `<h4>Body</h4>${bodyDescription(body)}${json(withoutDescription(body))}` : ""}
  ${responses ? `<h4>Answers</h4><ul>${responses}</ul>` : ""}
</section>`;
}

export function renderApiDocs(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const index: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "api";
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-");
      index.push(
        `<li><a href="#${escapeHtml(id)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
      );
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>\n${ops.join("\n")}`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.5;overflow-wrap:anywhere}
section{border:1px solid #ccc;border-radius:.5rem;padding:0 .75rem .75rem;margin:1rem 0;min-width:0}
ul{padding-left:1.25rem}
code{font-size:.875em}p code,li>code{background:#f4f4f5;padding:0 .25rem;border-radius:.25rem}
pre{background:#f4f4f5;padding:.5rem;font-size:.8125rem;border-radius:.25rem;white-space:pre-wrap;margin:.5rem 0}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.method{display:inline-block;min-width:4rem;padding:0 .5rem;border-radius:.25rem;color:#fff;background:#1e3a8a;text-align:center}
.method.post{background:#166534}.method.put{background:#854d0e}.method.delete{background:#991b1b}
a{color:#1d4ed8}
</style></head>
<body><main>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${renderDescription(doc.info.description ?? "")} The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav aria-label="Operations"><ul>${index.join("")}</ul></nav>
${sections}
</main></body></html>`;
}
