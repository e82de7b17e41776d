import type { Filter, LogicTree, OrderTerm, QueryParams, Range, SelectItem } from "./ast";
import {
  aggregatesNotAllowed,
  notEmbedded,
  relatedOrderNotToOne,
  RestError,
  unacceptableFilter,
} from "./errors";
import { findRelationship } from "./find-relationship";
import { qualified, type Relationship, type SchemaCache, type Table } from "./schema-types";

export type FieldItem = Extract<SelectItem, { kind: "field" | "star" }>;

/** One relation in the read: the top level or an embedded resource, with what applies to it. */
export interface ReadNode {
  schema: string;
  name: string;
  table: Table | undefined;
  alias: string;
  /** List the table's columns instead of `alias.*` (the source may carry extra columns). */
  expandStar?: boolean;
  fields: FieldItem[];
  embeds: Embed[];
  filters: Filter[];
  logic: LogicTree[];
  order: OrderTerm[];
  range: Range | undefined;
  /** `embed=is.null` / `embed=not.is.null` filters on embedded resources. */
  existence: { embed: Embed; present: boolean }[];
}

export interface Embed {
  rel: Relationship;
  /** The JSON key in the output (alias or name). */
  key: string;
  inner: boolean;
  spread: boolean;
  /** `rel()` with nothing selected: used only for filtering. */
  hidden: boolean;
  toOne: boolean;
  node: ReadNode;
  junctionAlias: string;
}

interface Builder {
  cache: SchemaCache;
  schema: string;
  counter: number;
}

/**
 * Postgres answers a deep enough embedding with 54001; PGlite's WebAssembly stack gives out well
 * before its max_stack_depth would, and may not recover, so the answer comes before the query.
 */
const MAX_EMBED_DEPTH = 100;

const tooDeep = () =>
  new RestError(
    500,
    "54001",
    "stack depth limit exceeded",
    null,
    'Increase the configuration parameter "max_stack_depth" (currently 2048kB), after ensuring the platform\'s stack depth limit is adequate.',
  );

function buildNode(
  b: Builder,
  name: string,
  table: Table | undefined,
  alias: string,
  items: SelectItem[],
  depth = 0,
): ReadNode {
  if (depth > MAX_EMBED_DEPTH) throw tooDeep();
  const seen = new Set<string>();
  const node: ReadNode = {
    schema: b.schema,
    name,
    table,
    alias,
    fields: [],
    embeds: [],
    filters: [],
    logic: [],
    order: [],
    range: undefined,
    existence: [],
  };
  for (const item of items) {
    if (item.kind !== "embed") {
      node.fields.push(item);
      continue;
    }
    const rel = findRelationship(b.cache, b.schema, name, item.name, item.hint);
    // PostgREST names each embedding's subquery this way; a repeat is Postgres' duplicate alias.
    const subquery = `${rel.table.name}_${item.alias ?? item.name}_${depth + 1}`;
    if (seen.has(subquery))
      throw new RestError(400, "42712", `table name "${subquery}" specified more than once`);
    seen.add(subquery);
    const childTable = b.cache.tables.get(
      qualified(rel.foreignTable.schema, rel.foreignTable.name),
    );
    const n = ++b.counter;
    const child = buildNode(
      b,
      rel.foreignTable.name,
      childTable,
      `${rel.foreignTable.name}_${n}`,
      item.children,
      depth + 1,
    );
    const toOne = rel.cardinality === "m2o" || rel.cardinality === "o2o";
    node.embeds.push({
      rel,
      key: item.alias ?? item.name,
      inner: item.joinType === "inner",
      spread: item.spread,
      hidden: item.children.length === 0,
      toOne,
      node: child,
      junctionAlias: `${rel.junction?.table.name ?? "junction"}_${n}`,
    });
  }
  return node;
}

function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const segment of path) {
    const embed = node.embeds.find((e) => e.key === segment);
    if (!embed) throw notEmbedded(segment);
    node = embed.node;
  }
  return node;
}

/** Resolves the select tree through the relationships and hangs every filter, order and range on its node. */
export function buildReadPlan(
  cache: SchemaCache,
  schema: string,
  name: string,
  table: Table | undefined,
  qp: QueryParams,
): ReadNode {
  if (qp.aggregates && !cache.settings.aggregatesEnabled) throw aggregatesNotAllowed();
  const b: Builder = { cache, schema, counter: 0 };
  const root = buildNode(b, name, table, name, qp.select);
  for (const { path, filter } of qp.filters) {
    const node = nodeAt(root, path);
    const embed =
      filter.field.json.length === 0
        ? node.embeds.find((e) => e.key === filter.field.name)
        : undefined;
    if (!embed) {
      node.filters.push(filter);
      continue;
    }
    const op = filter.expr.operation;
    if (op.kind !== "is" || op.value !== "null") throw unacceptableFilter(filter.field.name);
    node.existence.push({ embed, present: filter.expr.negate });
  }
  for (const { path, tree } of qp.logic) nodeAt(root, path).logic.push(tree);
  for (const { path, terms } of qp.order) {
    const node = nodeAt(root, path);
    for (const term of terms) {
      if (term.relation !== undefined) {
        const embed = node.embeds.find((e) => e.key === term.relation);
        if (!embed) throw notEmbedded(term.relation);
        if (!embed.toOne) throw relatedOrderNotToOne(node.name, term.relation);
      }
      node.order.push(term);
    }
  }
  for (const [key, range] of qp.ranges) {
    if (key === "") continue;
    nodeAt(root, key.split(".")).range = range;
  }
  return root;
}
