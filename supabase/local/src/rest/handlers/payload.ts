import { BodyError, readBody } from "../../http";
import { columnNotFound, invalidBody, RestError } from "../errors";
import type { Table } from "../schema-types";

const MAX_BODY = 10 * 1024 * 1024;

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);

/** The JSON body of a write: an object or an array of objects, else PGRST102. */
export async function readPayload(req: Request): Promise<{ rows: Row[]; isArray: boolean }> {
  const type = (req.headers.get("content-type") ?? "application/json")
    .split(";")[0]
    .trim()
    .toLowerCase();
  if (type !== "application/json" && type !== "" && !type.endsWith("+json")) {
    throw new RestError(415, "PGRST107", `None of these media types are available: ${type}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBody(req, MAX_BODY);
  } catch (err) {
    if (err instanceof BodyError) throw new RestError(413, "PGRST102", err.message);
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw invalidBody("Empty or invalid json");
  }
  if (isRow(value)) return { rows: [value], isArray: false };
  if (Array.isArray(value) && value.every(isRow)) return { rows: value, isArray: true };
  throw invalidBody("All object keys must match");
}

/**
 * The columns a write touches: `?columns=` when given, else the keys of the first object (every
 * object must then have the same keys). Each must exist in the table (PGRST204 otherwise).
 */
export function payloadColumns(
  table: Table,
  rows: Row[],
  fromQuery: string[] | undefined,
): string[] {
  let columns: string[];
  if (fromQuery) columns = fromQuery;
  else {
    columns = rows.length ? Object.keys(rows[0]) : [];
    const sorted = [...columns].sort().join("\u0000");
    if (rows.some((r) => Object.keys(r).sort().join("\u0000") !== sorted))
      throw invalidBody("All object keys must match");
  }
  for (const c of columns) if (!table.columnMap.has(c)) throw columnNotFound(table.name, c);
  return [...new Set(columns)];
}
