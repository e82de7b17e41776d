/** A Postgres changes filter as realtime-js sends it: `column=op.value`, e.g. `id=in.(1,2)`. */
export interface Filter {
  column: string;
  op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "in";
  values: string[];
}

const OPS = new Set(["eq", "neq", "lt", "lte", "gt", "gte", "in"]);
const MAX_IN_VALUES = 100;

export class FilterError extends Error {}

function unquote(v: string): string {
  const t = v.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

export function parseFilter(text: string): Filter {
  const m = /^(\w+)=(\w+)\.([\s\S]*)$/.exec(text);
  if (!m) throw new FilterError(`${text} is not a filter like column=eq.value`);
  const [, column, op, raw] = m;
  if (!OPS.has(op)) throw new FilterError(`${op} is not a supported filter operator`);
  if (op !== "in") return { column, op: op as Filter["op"], values: [raw] };
  const list = /^\(([\s\S]*)\)$/.exec(raw);
  if (!list) throw new FilterError("an in filter takes a list like in.(1,2,3)");
  const values = list[1].split(",").map(unquote);
  if (values.length > MAX_IN_VALUES)
    throw new FilterError(`an in filter takes at most ${MAX_IN_VALUES} values`);
  return { column, op: "in", values };
}

const NUMERIC = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"]);
const TIMES = new Set(["timestamp", "timestamptz", "date"]);

function compare(type: string, value: unknown, target: string): number | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(type)) {
    const a = Number(value);
    const b = Number(target);
    return Number.isNaN(a) || Number.isNaN(b) ? null : a - b;
  }
  if (TIMES.has(type)) {
    const a = Date.parse(String(value));
    const b = Date.parse(
      target.includes("T") || type === "date" ? target : target.replace(" ", "T"),
    );
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a - b;
  }
  const a = typeof value === "object" ? JSON.stringify(value) : String(value);
  return a < target ? -1 : a > target ? 1 : 0;
}

/** Whether a row passes the filter, comparing as the column's type does (SQL: null never passes). */
export function passes(f: Filter, row: Record<string, unknown> | null, type: string): boolean {
  if (!row || !(f.column in row)) return false;
  const value = row[f.column];
  if (f.op === "in") return f.values.some((v) => compare(type, value, v) === 0);
  const c = compare(type, value, f.values[0]);
  if (c === null) return false;
  switch (f.op) {
    case "eq":
      return c === 0;
    case "neq":
      return c !== 0;
    case "lt":
      return c < 0;
    case "lte":
      return c <= 0;
    case "gt":
      return c > 0;
    case "gte":
      return c >= 0;
  }
}
