import type { Expr } from "./parse";

function lookup(data: unknown, parts: string[]): unknown {
  let node = data;
  for (const part of parts) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return true;
}

export function evaluate(e: Expr, data: unknown): unknown {
  if (e.kind === "path") return lookup(data, e.parts);
  if (e.kind === "literal") return e.value;
  const args = e.args;
  switch (e.fn) {
    case "not":
      return !truthy(evaluate(args[0], data));
    case "and": {
      let v: unknown = true;
      for (const a of args) if (!truthy((v = evaluate(a, data)))) return v;
      return v;
    }
    case "or": {
      let v: unknown = false;
      for (const a of args) if (truthy((v = evaluate(a, data)))) return v;
      return v;
    }
    case "eq": {
      const first = evaluate(args[0], data);
      return args.slice(1).some((a) => evaluate(a, data) === first);
    }
    case "ne":
      return evaluate(args[0], data) !== evaluate(args[1], data);
  }
}

/** How Go prints a value with fmt's %v: maps as map[k:v] with sorted keys, slices as [a b]. */
export function goString(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (Array.isArray(v)) return `[${v.map(goString).join(" ")}]`;
  if (typeof v === "object") {
    const entries = Object.keys(v as object)
      .sort()
      .map((k) => `${k}:${goString((v as Record<string, unknown>)[k])}`);
    return `map[${entries.join(" ")}]`;
  }
  return String(v);
}
