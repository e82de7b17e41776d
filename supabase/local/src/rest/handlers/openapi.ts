import type { Column, Routine, Table } from "../schema-types";
import { qualifiedIdent } from "../sql/fragment";
import { inTransaction, profileHeader, type RestContext } from "./context";

function jsonType(type: string): { type: string; format: string; items?: { type: string } } {
  const base = type.replace(/\(.*\)$/, "");
  if (base.endsWith("[]"))
    return { type: "array", format: base, items: { type: jsonType(base.slice(0, -2)).type } };
  if (/^(smallint|integer|bigint)$/.test(base)) return { type: "integer", format: base };
  if (/^(real|double precision|numeric)$/.test(base)) return { type: "number", format: base };
  if (base === "boolean") return { type: "boolean", format: base };
  if (/^jsonb?$/.test(base)) return { type: "object", format: base };
  return { type: "string", format: base };
}

function columnSchema(table: Table, c: Column): Record<string, unknown> {
  const notes = [
    c.description,
    table.primaryKey.includes(c.name) ? "Note:\nThis is a Primary Key.<pk/>" : null,
  ].filter(Boolean);
  return {
    ...(c.default !== null ? { default: c.default } : {}),
    ...(notes.length ? { description: notes.join("\n\n") } : {}),
    ...(c.enumValues.length ? { enum: c.enumValues } : {}),
    ...(c.maxLength !== null ? { maxLength: c.maxLength } : {}),
    ...jsonType(c.type),
  };
}

function tablePaths(table: Table): Record<string, unknown> {
  const ref = { $ref: `#/definitions/${table.name}` };
  const ok = { description: "OK", schema: { items: ref, type: "array" } };
  const rowFilters = table.columns.map((c) => ({
    $ref: `#/parameters/rowFilter.${table.name}.${c.name}`,
  }));
  const get = {
    tags: [table.name],
    ...(table.description ? { summary: table.description } : {}),
    parameters: [
      ...rowFilters,
      { $ref: "#/parameters/select" },
      { $ref: "#/parameters/order" },
      { $ref: "#/parameters/range" },
      { $ref: "#/parameters/rangeUnit" },
      { $ref: "#/parameters/offset" },
      { $ref: "#/parameters/limit" },
      { $ref: "#/parameters/preferCount" },
    ],
    responses: { "200": ok, "206": { description: "Partial Content" } },
  };
  const body = { $ref: `#/parameters/body.${table.name}` };
  return {
    get,
    ...(table.insertable
      ? {
          post: {
            tags: [table.name],
            parameters: [
              body,
              { $ref: "#/parameters/select" },
              { $ref: "#/parameters/preferPost" },
            ],
            responses: { "201": { description: "Created" } },
          },
        }
      : {}),
    ...(table.updatable
      ? {
          patch: {
            tags: [table.name],
            parameters: [...rowFilters, body, { $ref: "#/parameters/preferReturn" }],
            responses: { "204": { description: "No Content" } },
          },
        }
      : {}),
    ...(table.deletable
      ? {
          delete: {
            tags: [table.name],
            parameters: [...rowFilters, { $ref: "#/parameters/preferReturn" }],
            responses: { "204": { description: "No Content" } },
          },
        }
      : {}),
  };
}

function routinePath(r: Routine): Record<string, unknown> {
  const properties = Object.fromEntries(
    r.params.filter((p) => p.name).map((p) => [p.name, { ...jsonType(p.type), format: p.type }]),
  );
  const required = r.params.filter((p) => p.name && !p.hasDefault).map((p) => p.name);
  const post = {
    tags: ["(rpc) " + r.name],
    ...(r.description ? { summary: r.description } : {}),
    parameters: [
      {
        in: "body",
        name: "args",
        required: true,
        schema: { properties, required, type: "object" },
      },
      { $ref: "#/parameters/preferParams" },
    ],
    responses: { "200": { description: "OK" } },
  };
  return r.volatility === "volatile" ? { post } : { get: { ...post, parameters: [] }, post };
}

/** GET /rest/v1/: the OpenAPI 2.0 description of what the caller's role may use in the schema. */
export async function handleOpenApi(ctx: RestContext): Promise<Response> {
  const tables = [...ctx.cache.tables.values()].filter((t) => t.schema === ctx.schema);
  const routines = [...ctx.cache.routines.values()].flat().filter((r) => r.schema === ctx.schema);
  const visible = await inTransaction(ctx, true, async (tx) => {
    const names = tables.map((t) => qualifiedIdent(t.schema, t.name));
    const r = await tx.query<{ ok: boolean[] }>(
      "select array(select has_table_privilege(n, 'SELECT') or has_table_privilege(n, 'INSERT') or has_table_privilege(n, 'UPDATE') or has_table_privilege(n, 'DELETE') from unnest($1::text[]) with ordinality u(n, o) order by o) as ok",
      [names],
    );
    return r.rows[0]?.ok ?? [];
  });
  const shown = tables.filter((_, i) => visible[i]).sort((a, b) => a.name.localeCompare(b.name));
  const paths: Record<string, unknown> = {
    "/": {
      get: {
        tags: ["Introspection"],
        summary: "OpenAPI description (this document)",
        produces: ["application/openapi+json", "application/json"],
        responses: { "200": { description: "OK" } },
      },
    },
  };
  for (const t of shown) paths[`/${t.name}`] = tablePaths(t);
  for (const r of routines.sort((a, b) => a.name.localeCompare(b.name)))
    paths[`/rpc/${r.name}`] = routinePath(r);
  const definitions = Object.fromEntries(
    shown.map((t) => [
      t.name,
      {
        ...(t.description ? { description: t.description } : {}),
        required: t.columns
          .filter((c) => !c.nullable && c.default === null && !c.generated)
          .map((c) => c.name),
        properties: Object.fromEntries(t.columns.map((c) => [c.name, columnSchema(t, c)])),
        type: "object",
      },
    ]),
  );
  const parameters: Record<string, unknown> = {
    preferParams: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: ["params=single-object"],
      in: "header",
      type: "string",
    },
    preferReturn: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: ["return=representation", "return=minimal", "return=none"],
      in: "header",
      type: "string",
    },
    preferCount: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: ["count=none"],
      in: "header",
      type: "string",
    },
    preferPost: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: [
        "return=representation",
        "return=minimal",
        "return=none",
        "resolution=ignore-duplicates",
        "resolution=merge-duplicates",
      ],
      in: "header",
      type: "string",
    },
    select: {
      name: "select",
      description: "Filtering Columns",
      required: false,
      in: "query",
      type: "string",
    },
    on_conflict: {
      name: "on_conflict",
      description: "On Conflict",
      required: false,
      in: "query",
      type: "string",
    },
    order: { name: "order", description: "Ordering", required: false, in: "query", type: "string" },
    range: {
      name: "Range",
      description: "Limiting and Pagination",
      required: false,
      in: "header",
      type: "string",
    },
    rangeUnit: {
      name: "Range-Unit",
      description: "Limiting and Pagination",
      required: false,
      default: "items",
      in: "header",
      type: "string",
    },
    offset: {
      name: "offset",
      description: "Limiting and Pagination",
      required: false,
      in: "query",
      type: "string",
    },
    limit: {
      name: "limit",
      description: "Limiting and Pagination",
      required: false,
      in: "query",
      type: "string",
    },
  };
  for (const t of shown) {
    parameters[`body.${t.name}`] = {
      name: t.name,
      description: t.name,
      required: false,
      in: "body",
      schema: { $ref: `#/definitions/${t.name}` },
    };
    for (const c of t.columns) {
      parameters[`rowFilter.${t.name}.${c.name}`] = {
        name: c.name,
        required: false,
        format: c.type,
        in: "query",
        type: "string",
      };
    }
  }
  const doc = {
    swagger: "2.0",
    info: { description: "", title: "standard public schema", version: "13.0.5" },
    host: ctx.url.host,
    basePath: "/",
    schemes: [ctx.url.protocol.replace(":", "")],
    consumes: [
      "application/json",
      "application/vnd.pgrst.object+json;nulls=stripped",
      "application/vnd.pgrst.object+json",
      "text/csv",
    ],
    produces: [
      "application/json",
      "application/vnd.pgrst.object+json;nulls=stripped",
      "application/vnd.pgrst.object+json",
      "text/csv",
    ],
    paths,
    definitions,
    parameters,
    externalDocs: {
      description: "PostgREST Documentation",
      url: "https://postgrest.org/en/v13/references/api.html",
    },
  };
  const headers = new Headers({ "content-type": "application/openapi+json; charset=utf-8" });
  profileHeader(ctx, headers);
  return new Response(ctx.req.method === "HEAD" ? null : JSON.stringify(doc), {
    status: 200,
    headers,
  });
}
