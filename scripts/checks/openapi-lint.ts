/**
 * The checks of Redocly's recommended ruleset that matter for a generated document, until
 * `@redocly/cli lint` runs in their place: every operation has a summary, a unique URL-safe
 * operationId, a declared tag, a security requirement naming a declared scheme, a success answer
 * and (unless it is a redirect) an error answer; every answer a description; every path parameter
 * declared once and found in the path. Each problem is one line naming where it is.
 */

interface Parameter {
  name: string;
  in: string;
}
interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  responses?: Record<string, { description?: string }>;
}
export interface LintableDocument {
  security?: Array<Record<string, unknown>>;
  tags?: Array<{ name: string; description?: string }>;
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

export function lintOpenApi(doc: LintableDocument): string[] {
  const problems: string[] = [];
  const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
  for (const tag of doc.tags ?? []) {
    if (!tag.description) problems.push(`tags.${tag.name}: the tag has no description`);
  }
  const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}));
  const operationIds = new Map<string, string>();

  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.length > 1 && path.endsWith("/")) problems.push(`${path}: the path ends with a slash`);
    if (path.includes("?")) problems.push(`${path}: the path holds a query string`);
    const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.summary?.trim()) problems.push(`${where}: no summary`);

      if (!op.operationId) problems.push(`${where}: no operationId`);
      else if (!/^[A-Za-z0-9_.-]+$/.test(op.operationId))
        problems.push(`${where}: operationId "${op.operationId}" is not URL-safe`);
      else if (operationIds.has(op.operationId))
        problems.push(
          `${where}: operationId "${op.operationId}" is also ${operationIds.get(op.operationId)}'s`,
        );
      else operationIds.set(op.operationId, where);

      if (!op.tags?.length) problems.push(`${where}: no tag`);
      for (const tag of op.tags ?? []) {
        if (!tags.has(tag)) problems.push(`${where}: tag "${tag}" is not declared in the document's tags`);
      }

      const security = op.security ?? doc.security;
      if (!security) problems.push(`${where}: no security requirement (use [] for a public operation)`);
      for (const requirement of security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          if (!schemes.has(scheme)) problems.push(`${where}: security scheme "${scheme}" is not declared`);
        }
      }

      const pathParams = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      for (const name of inPath) {
        if (!pathParams.includes(name)) problems.push(`${where}: path parameter "${name}" is not declared`);
      }
      for (const name of pathParams) {
        if (!inPath.includes(name)) problems.push(`${where}: parameter "${name}" is not in the path`);
      }
      const seen = new Set<string>();
      for (const p of op.parameters ?? []) {
        const key = `${p.in}:${p.name}`;
        if (seen.has(key)) problems.push(`${where}: parameter "${p.name}" (${p.in}) is declared twice`);
        seen.add(key);
      }

      const statuses = Object.keys(op.responses ?? {});
      const success = statuses.filter((s) => /^[23]/.test(s));
      if (success.length === 0) problems.push(`${where}: no success (2xx or 3xx) answer`);
      const redirectsOnly = success.length > 0 && success.every((s) => s.startsWith("3"));
      if (!redirectsOnly && !statuses.some((s) => s.startsWith("4")))
        problems.push(`${where}: no 4xx answer`);
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        const description = answer.description?.trim();
        if (!description || description === "Default Response")
          problems.push(`${where}: answer ${status} has no description`);
      }
    }
  }
  return problems;
}
