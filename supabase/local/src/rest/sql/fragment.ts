import type { Field } from "../ast";

/** Bound parameters of one statement; every value from the request goes through here. */
export class Params {
  readonly values: (string | null)[] = [];

  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A double-quoted identifier; quotes inside are doubled, so any name is safe. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export const qualifiedIdent = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** A Postgres array literal holding `values` as text elements, for `= any($n)`. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

const TYPE_ALIASES: Record<string, string> = {
  int: "int4",
  integer: "int4",
  smallint: "int2",
  bigint: "int8",
  real: "float4",
  float: "float8",
  "double precision": "float8",
  boolean: "bool",
  decimal: "numeric",
  "character varying": "varchar",
  character: "bpchar",
  char: "bpchar",
  "timestamp with time zone": "timestamptz",
  "timestamp without time zone": "timestamp",
  "time with time zone": "timetz",
  "time without time zone": "time",
};

/** `::type` from the URL as a quoted type name, mapping SQL's spelled-out names to catalog names. */
export function castType(type: string): string {
  const t = type.trim().toLowerCase().replace(/\s+/g, " ");
  return ident(TYPE_ALIASES[t] ?? t);
}

/** `"alias"."column"->$1::text->>$2::int`: a column reference with its JSON path as bound keys. */
export function fieldExpr(params: Params, alias: string, f: Field): string {
  let out = `${ident(alias)}.${ident(f.name)}`;
  for (const step of f.json)
    out += `${step.arrow}${params.add(step.key)}::${step.index ? "int" : "text"}`;
  return out;
}

/** The JSON key PostgREST gives a selected field without an alias. */
export function fieldOutputName(f: Field): string {
  return [...f.json].reverse().find((s) => !s.index)?.key ?? f.name;
}
