import { RestError } from "./errors";
import { closest } from "./fuzzy";
import { qualified, type Relationship, type SchemaCache } from "./schema-types";

const singleColumn = (r: Relationship, side: 0 | 1): string | null =>
  r.cardinality !== "m2m" && r.columns.length === 1 ? r.columns[0][side] : null;

function matches(r: Relationship, target: string, hint: string | undefined): boolean {
  if (r.computed) return r.computed.name === target;
  const isM2O = r.cardinality === "m2o";
  const isO2M = r.cardinality === "o2m";
  if (r.isSelf && r.cardinality !== "m2m") {
    if (hint === undefined)
      return (target === r.foreignTable.name && isO2M) || (singleColumn(r, 0) === target && isM2O);
    return target === r.foreignTable.name && isO2M && singleColumn(r, 1) === hint;
  }
  if (hint === undefined) {
    return (
      target === r.foreignTable.name ||
      (r.cardinality !== "m2m" && r.constraint === target && !r.foreignIsView) ||
      (singleColumn(r, 0) === target && !r.foreignIsView)
    );
  }
  return (
    target === r.foreignTable.name &&
    ((r.cardinality !== "m2m" && r.constraint === hint) ||
      singleColumn(r, 0) === hint ||
      singleColumn(r, 1) === hint ||
      (r.cardinality === "m2m" && r.junction?.table.name === hint))
  );
}

const list = (cols: string[]) => `(${cols.join(", ")})`;

function describe(r: Relationship): Record<string, string> {
  const cardinality = {
    m2o: "many-to-one",
    o2m: "one-to-many",
    o2o: "one-to-one",
    m2m: "many-to-many",
  }[r.cardinality];
  const relationship = r.junction
    ? `${r.junction.table.name} using ${r.junction.constraint1}${list(r.junction.sourceColumns.map(([j]) => j))} and ${r.junction.constraint2}${list(r.junction.targetColumns.map(([j]) => j))}`
    : `${r.constraint} using ${r.table.name}${list(r.columns.map(([a]) => a))} and ${r.foreignTable.name}${list(r.columns.map(([, b]) => b))}`;
  return { cardinality, embedding: `${r.table.name} with ${r.foreignTable.name}`, relationship };
}

/** PostgREST's findRel: the one relationship `origin` → `target` (with an optional `!hint`), or PGRST200/201. */
export function findRelationship(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const rels = cache.relationships.get(qualified(schema, origin)) ?? [];
  let found = rels.filter((r) => matches(r, target, hint));
  // A function named like a related table takes precedence over the foreign key, as in PostgREST.
  if (found.some((r) => r.computed)) found = found.filter((r) => r.computed);
  if (found.length === 1) return found[0];
  if (found.length > 1) {
    const hints = found
      .map((r) => `'${r.foreignTable.name}!${r.junction ? r.junction.table.name : r.constraint}'`)
      .join(", ");
    throw new RestError(
      300,
      "PGRST201",
      `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      found.map(describe),
      `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
    );
  }
  let suggestion: string | null;
  if (cache.relationships.has(qualified(schema, origin))) {
    const child = closest(
      target,
      rels.map((r) => r.foreignTable.name),
    );
    suggestion =
      child && child !== target ? `Perhaps you meant '${child}' instead of '${target}'.` : null;
  } else {
    const origins = [...cache.relationships.keys()]
      .filter((k) => k.startsWith(`${schema}.`))
      .map((k) => k.slice(schema.length + 1));
    const parent = closest(origin, origins);
    suggestion = parent ? `Perhaps you meant '${parent}' instead of '${origin}'.` : null;
  }
  throw new RestError(
    400,
    "PGRST200",
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}${hint ? `' using the hint '${hint}` : ""}' in the schema '${schema}', but no matches were found.`,
    suggestion,
  );
}
