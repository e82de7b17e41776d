import type {
  ColumnInfo,
  FunctionArg,
  FunctionInfo,
  RelationInfo,
  SchemaInfo,
} from "./read-schema";

/** Postgres type names to TypeScript, as postgres-meta's typegen maps them. */
function tsType(type: string, schema: SchemaInfo): string {
  if (type in schema.enums) return `Database["public"]["Enums"]["${type}"]`;
  switch (type) {
    case "bool":
      return "boolean";
    case "int2":
    case "int4":
    case "int8":
    case "float4":
    case "float8":
    case "numeric":
    case "oid":
      return "number";
    case "json":
    case "jsonb":
      return "Json";
    case "void":
      return "undefined";
    case "record":
      return "Record<string, unknown>";
    case "text":
    case "varchar":
    case "bpchar":
    case "char":
    case "citext":
    case "name":
    case "uuid":
    case "date":
    case "time":
    case "timetz":
    case "timestamp":
    case "timestamptz":
    case "interval":
    case "bytea":
    case "inet":
    case "cidr":
    case "macaddr":
      return "string";
    default:
      return "unknown";
  }
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

function valueType(c: { type: string; isArray: boolean }, schema: SchemaInfo): string {
  const base = tsType(c.type, schema);
  return c.isArray ? `${base}[]` : base;
}

function row(c: ColumnInfo, schema: SchemaInfo): string {
  return `${key(c.name)}: ${valueType(c, schema)}${c.nullable ? " | null" : ""}`;
}

function write(c: ColumnInfo, schema: SchemaInfo, update: boolean): string {
  if (c.generated) return `${key(c.name)}?: never`;
  const optional = update || c.nullable || c.hasDefault || c.identity;
  return `${key(c.name)}${optional ? "?" : ""}: ${valueType(c, schema)}${c.nullable ? " | null" : ""}`;
}

function relationships(r: RelationInfo): string {
  const items = r.relationships.map(
    (k) => `{
      foreignKeyName: ${JSON.stringify(k.name)}
      columns: ${JSON.stringify(k.columns)}
      isOneToOne: ${k.isOneToOne}
      referencedRelation: ${JSON.stringify(k.referencedRelation)}
      referencedColumns: ${JSON.stringify(k.referencedColumns)}
    }`,
  );
  return `[${items.join(",\n")}]`;
}

function relation(r: RelationInfo, schema: SchemaInfo): string {
  const parts = [`Row: {\n${r.columns.map((c) => row(c, schema)).join("\n")}\n}`];
  if (!r.isView) {
    parts.push(`Insert: {\n${r.columns.map((c) => write(c, schema, false)).join("\n")}\n}`);
    parts.push(`Update: {\n${r.columns.map((c) => write(c, schema, true)).join("\n")}\n}`);
  }
  parts.push(`Relationships: ${relationships(r)}`);
  return `${key(r.name)}: {\n${parts.join("\n")}\n}`;
}

function args(f: FunctionInfo, schema: SchemaInfo): string {
  if (f.args.length === 0) return "never";
  const fields = f.args.map(
    (a) => `${key(a.name)}${a.hasDefault ? "?" : ""}: ${valueType(a, schema)}`,
  );
  return `{\n${fields.join("\n")}\n}`;
}

function returns(f: FunctionInfo, schema: SchemaInfo): string {
  let type: string;
  if (f.returnColumns) {
    const fields = f.returnColumns.map(
      (c: FunctionArg) => `${key(c.name)}: ${valueType(c, schema)}${c.nullable ? " | null" : ""}`,
    );
    type = `{\n${fields.join("\n")}\n}`;
  } else {
    type = tsType(f.returnType, schema);
  }
  return f.returnsSet || f.returnsArray ? `${type}[]` : type;
}

function group(entries: string[]): string {
  return entries.length === 0 ? "{\n[_ in never]: never\n}" : `{\n${entries.join("\n")}\n}`;
}

const HELPERS = `
type PublicSchema = Database["public"]

export type Tables<T extends keyof (PublicSchema["Tables"] & PublicSchema["Views"])> =
  (PublicSchema["Tables"] & PublicSchema["Views"])[T] extends { Row: infer R } ? R : never

export type TablesInsert<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T] extends { Insert: infer I } ? I : never

export type TablesUpdate<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T] extends { Update: infer U } ? U : never

export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T]

export type CompositeTypes<T extends keyof PublicSchema["CompositeTypes"]> =
  PublicSchema["CompositeTypes"][T]
`;

/** The file `supabase gen types typescript` writes, for the public schema. Unformatted. */
export function renderTypes(schema: SchemaInfo): string {
  const tables = schema.relations.filter((r) => !r.isView).map((r) => relation(r, schema));
  const views = schema.relations.filter((r) => r.isView).map((r) => relation(r, schema));
  const byName = new Map<string, FunctionInfo[]>();
  for (const f of schema.functions) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  const functions = [...byName].map(([name, overloads]) => {
    const sigs = overloads.map(
      (f) => `{ Args: ${args(f, schema)}\nReturns: ${returns(f, schema)} }`,
    );
    return `${key(name)}: ${sigs.join(" | ")}`;
  });
  const enums = Object.entries(schema.enums).map(
    ([name, values]) => `${key(name)}: ${values.map((v) => JSON.stringify(v)).join(" | ")}`,
  );
  const constants = Object.entries(schema.enums).map(
    ([name, values]) => `${key(name)}: ${JSON.stringify(values)}`,
  );
  return `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: ${group(tables)}
    Views: ${group(views)}
    Functions: ${group(functions)}
    Enums: ${group(enums)}
    CompositeTypes: ${group([])}
  }
}
${HELPERS}
export const Constants = {
  public: {
    Enums: {${constants.join(",\n")}},
  },
} as const
`;
}
