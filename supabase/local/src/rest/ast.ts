/** The parsed form of PostgREST's query-string grammar. */

export interface JsonStep {
  arrow: "->" | "->>";
  /** A key, or an array index when `index` is set (kept as text, e.g. "-1"). */
  key: string;
  index: boolean;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type Aggregate = "sum" | "avg" | "count" | "max" | "min";

export type SelectItem =
  | {
      kind: "field";
      field: Field;
      alias?: string;
      cast?: string;
      /** `col.sum()`, or `count()` on the field named "*". */
      aggregate?: Aggregate;
      aggregateCast?: string;
    }
  | { kind: "star" }
  | {
      kind: "embed";
      name: string;
      alias?: string;
      hint?: string;
      joinType?: "inner" | "left";
      spread: boolean;
      children: SelectItem[];
    };

export type SimpleOp = "neq" | "cs" | "cd" | "ov" | "sl" | "sr" | "nxr" | "nxl" | "adj";
export type QuantOp = "eq" | "gt" | "gte" | "lt" | "lte" | "like" | "ilike" | "match" | "imatch";
export type FtsOp = "fts" | "plfts" | "phfts" | "wfts";
export type IsValue = "null" | "not_null" | "true" | "false" | "unknown";

export type Operation =
  | { kind: "in"; values: string[] }
  | { kind: "is"; value: IsValue }
  | { kind: "isdistinct"; value: string }
  | { kind: "fts"; op: FtsOp; language?: string; value: string }
  | { kind: "simple"; op: SimpleOp; value: string }
  | { kind: "quant"; op: QuantOp; quantifier?: "any" | "all"; value: string };

export interface OpExpr {
  negate: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: "filter"; filter: Filter }
  | { kind: "expr"; negate: boolean; op: "and" | "or"; children: LogicTree[] };

export interface OrderTerm {
  /** Set for `relation(column)` terms that order by a to-one embedded resource. */
  relation?: string;
  field: Field;
  direction?: "asc" | "desc";
  nulls?: "first" | "last";
}

export interface Range {
  offset: number;
  /** Undefined means no upper bound. */
  limit?: number;
}

/** Everything the query string says, grouped by the embed path it applies to ("" is the top level). */
export interface QueryParams {
  select: SelectItem[];
  /** Some select item applies an aggregate function (allowed only when the database enables them). */
  aggregates: boolean;
  filters: { path: string[]; filter: Filter }[];
  logic: { path: string[]; tree: LogicTree }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** For GET/HEAD on /rpc: parameters without an operator are function arguments. */
  rpcArgs: [string, string][];
  /** A negative `limit` was asked for (answered with 416 by the handlers). */
  negativeLimit: boolean;
}
