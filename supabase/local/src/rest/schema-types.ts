/** What the schema cache knows about the exposed schemas, as PostgREST's SchemaCache does. */

export interface Column {
  name: string;
  /** format_type() of the column, e.g. "timestamp with time zone". */
  type: string;
  nullable: boolean;
  default: string | null;
  /** Identity or generated columns take no value from a missing key. */
  generated: boolean;
  description: string | null;
  enumValues: string[];
  maxLength: number | null;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: Column[];
  columnMap: Map<string, Column>;
  primaryKey: string[];
  description: string | null;
}

export interface QualifiedName {
  schema: string;
  name: string;
}

export type Cardinality = "m2o" | "o2m" | "o2o" | "m2m";

export interface Junction {
  table: QualifiedName;
  constraint1: string;
  constraint2: string;
  /** [junction column, origin column] pairs. */
  sourceColumns: [string, string][];
  /** [junction column, target column] pairs. */
  targetColumns: [string, string][];
}

export interface Relationship {
  table: QualifiedName;
  foreignTable: QualifiedName;
  isSelf: boolean;
  cardinality: Cardinality;
  /** The foreign key's name (for m2m, the junction's name is in `junction`). */
  constraint: string;
  /** [origin column, target column] pairs. */
  columns: [string, string][];
  junction?: Junction;
  foreignIsView: boolean;
  /**
   * A computed relationship: a function taking a row of `table` and returning rows of
   * `foreignTable`, embedded by the function's name.
   */
  computed?: QualifiedName;
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnType: string;
  returnsSet: boolean;
  returnKind: "void" | "scalar" | "composite";
  /** The table or view whose rows a composite function returns, when there is one. */
  returnRelation: QualifiedName | null;
  volatility: "immutable" | "stable" | "volatile";
  description: string | null;
}

/** PostgREST's in-database configuration: `alter role authenticator set pgrst.… = …`. */
export interface DbSettings {
  aggregatesEnabled: boolean;
  planEnabled: boolean;
}

export interface SchemaCache {
  schemas: string[];
  settings: DbSettings;
  tables: Map<string, Table>;
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
}

export const qualified = (schema: string, name: string) => `${schema}.${name}`;
