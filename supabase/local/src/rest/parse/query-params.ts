import type { Filter, LogicTree, OrderTerm, QueryParams, Range } from "../ast";
import { runParser } from "./cursor";
import { columnList, fieldName, treePath } from "./fields";
import { logicTree, opExpr, restOfValue } from "./filter";
import { orderTerms } from "./order";
import { parseSelect } from "./select";

const RESERVED = new Set(["select", "columns", "on_conflict"]);
const EMBEDDABLE = new Set(["order", "limit", "offset", "and", "or"]);

const lastWord = (key: string) => key.slice(key.lastIndexOf(".") + 1);

function embedPath(key: string): string[] {
  return runParser("tree path", key, (c) => {
    const names = [fieldName(c)];
    while (c.eat(".")) names.push(fieldName(c));
    if (!c.eof) c.fail('"." or end of input');
    return names.slice(0, -1);
  });
}

/** Haskell's `readMaybe` on an integer: anything else is ignored, as PostgREST ignores it. */
function readInteger(value: string): number | undefined {
  return /^-?[0-9]+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/**
 * Reads PostgREST's query string. `isRpcRead` is set for GET/HEAD on /rpc, where a parameter
 * without an operator is a function argument instead of a parse error.
 */
const selectParts = ({ items, aggregates }: ReturnType<typeof parseSelect>) => ({
  select: items,
  aggregates,
});

export function parseQueryParams(search: URLSearchParams, isRpcRead: boolean): QueryParams {
  const entries = [...search.entries()].filter(([k]) => k !== "apikey");
  const first = (name: string) => entries.find(([k]) => k === name)?.[1];
  const nonEmpty = entries.filter(([, v]) => v !== "");

  const order: { path: string[]; terms: OrderTerm[] }[] = [];
  const logic: { path: string[]; tree: LogicTree }[] = [];
  const filters: { path: string[]; filter: Filter }[] = [];
  const rpcArgs: [string, string][] = [];
  const limits = new Map<string, number | undefined>();
  const offsets = new Map<string, number | undefined>();

  for (const [key, value] of nonEmpty) {
    if (RESERVED.has(key)) continue;
    const word = lastWord(key);
    if (word === "order") {
      order.push({ path: embedPath(key), terms: runParser("order", value, orderTerms) });
    } else if (word === "and" || word === "or") {
      const names = runParser("logic path", key, (c) => {
        const out = [fieldName(c)];
        while (c.eat(".")) out.push(fieldName(c));
        return out;
      });
      const negate = names.includes("not");
      const path = names.slice(0, -1).filter((n) => n !== "not");
      const text = (negate ? "not." : "") + word + value;
      const tree = runParser("logic tree", text, (c) => {
        const t = logicTree(c);
        if (!c.eof) c.fail('"," or end of input');
        return t;
      });
      logic.push({ path, tree });
    } else if (word === "limit") {
      limits.set(embedPath(key).join("."), readInteger(value));
    } else if (word === "offset") {
      offsets.set(embedPath(key).join("."), readInteger(value));
    } else if (!EMBEDDABLE.has(word)) {
      const { path, field } = runParser("tree path", key, treePath);
      if (isRpcRead) {
        const expr = runParserOrUndefined(value);
        if (!expr) {
          rpcArgs.push([key, value]);
          continue;
        }
        filters.push({ path, filter: { field, expr } });
      } else {
        filters.push({
          path,
          filter: { field, expr: runParser("filter", value, (c) => opExpr(c, restOfValue)) },
        });
      }
    }
  }

  const ranges = new Map<string, Range>();
  let negativeLimit = false;
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    const limit = limits.get(key);
    const offset = Math.max(0, offsets.get(key) ?? 0);
    if (limit !== undefined && limit < 0) negativeLimit = negativeLimit || key === "";
    ranges.set(key, { offset, limit: limit === undefined || limit < 0 ? undefined : limit });
  }

  const select = first("select");
  const columns = first("columns");
  const onConflict = first("on_conflict");
  return {
    ...selectParts(parseSelect(select ?? "*")),
    filters,
    logic,
    order,
    ranges,
    columns: columns ? runParser("columns parameter", columns, columnList) : undefined,
    onConflict: onConflict ? runParser("on_conflict parameter", onConflict, columnList) : undefined,
    rpcArgs,
    negativeLimit,
  };
}

function runParserOrUndefined(value: string) {
  try {
    return runParser("filter", value, (c) => opExpr(c, restOfValue));
  } catch {
    return undefined;
  }
}
