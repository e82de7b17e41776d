import type { FtsOp, IsValue, LogicTree, OpExpr, Operation, QuantOp, SimpleOp } from "../ast";
import type { Cursor } from "./cursor";
import { field, identifier, quotedValue } from "./fields";

const SIMPLE: SimpleOp[] = ["neq", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj"];
const QUANT: QuantOp[] = ["eq", "gte", "gt", "lte", "lt", "like", "ilike", "match", "imatch"];
const FTS: FtsOp[] = ["fts", "plfts", "phfts", "wfts"];
const IS_VALUES: IsValue[] = ["null", "not_null", "true", "false", "unknown"];
const OPERATOR_EXPECTED = "operator (eq, gt, ...)";

type ValueParser = (c: Cursor) => string;

/** The rest of the value, as a top-level filter takes it. */
export const restOfValue: ValueParser = (c) => {
  const v = c.s.slice(c.i);
  c.i = c.s.length;
  return v;
};

/** Inside `or=(…)`: a quoted value, a `{…}` array literal, or everything up to `,` or `)`. */
export const logicValue: ValueParser = (c) => {
  if (c.peek() === '"') {
    const quoted = c.attempt(() => {
      const v = quotedValue(c);
      if (!c.eof && c.peek() !== "," && c.peek() !== ")") c.fail('"," or ")"');
      return v;
    });
    if (quoted !== undefined) return quoted;
  }
  if (c.peek() === "{") {
    const end = c.s.indexOf("}", c.i);
    const inner = end < 0 ? "" : c.s.slice(c.i + 1, end);
    if (end >= 0 && !inner.includes("{")) {
      const v = c.s.slice(c.i, end + 1);
      c.i = end + 1;
      return v;
    }
  }
  const start = c.i;
  while (!c.eof && c.peek() !== "," && c.peek() !== ")") c.i++;
  return c.s.slice(start, c.i);
};

function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect("(");
  c.skipSpaces();
  const values: string[] = [];
  do {
    const quoted =
      c.peek() === '"'
        ? c.attempt(() => {
            const v = quotedValue(c);
            if (c.peek() !== "," && c.peek() !== ")") c.fail('"," or ")"');
            return v;
          })
        : undefined;
    if (quoted !== undefined) values.push(quoted);
    else {
      const start = c.i;
      while (!c.eof && c.peek() !== "," && c.peek() !== ")") c.i++;
      values.push(c.s.slice(start, c.i));
    }
  } while (c.eat(","));
  c.skipSpaces();
  c.expect(")", '")"');
  c.skipSpaces();
  return values;
}

function operation(c: Cursor, value: ValueParser): Operation {
  if (c.eat("in.")) return { kind: "in", values: listValue(c) };
  if (c.eat("is.")) {
    const rest = c.s.slice(c.i).toLowerCase();
    // Like PostgREST's pIsVal: the first word that matches wins and whatever follows is left unread.
    const v = IS_VALUES.find((w) => rest.startsWith(w));
    if (!v) c.fail("isVal: (null, not_null, true, false, unknown)");
    c.i += v.length;
    return { kind: "is", value: v };
  }
  if (c.eat("isdistinct.")) return { kind: "isdistinct", value: value(c) };
  const fts = FTS.find((w) => c.startsWith(w + ".") || c.startsWith(w + "("));
  if (fts) {
    c.i += fts.length;
    let language: string | undefined;
    if (c.eat("(")) {
      language = identifier(c);
      c.expect(")");
    }
    c.expect(".", "delimiter (.)");
    return { kind: "fts", op: fts, language, value: value(c) };
  }
  const simple = SIMPLE.find((w) => c.startsWith(w + "."));
  if (simple) {
    c.i += simple.length + 1;
    return { kind: "simple", op: simple, value: value(c) };
  }
  const quant = QUANT.find((w) => c.startsWith(w + ".") || c.startsWith(w + "("));
  if (quant) {
    c.i += quant.length;
    let quantifier: "any" | "all" | undefined;
    if (c.eat("(any)")) quantifier = "any";
    else if (c.eat("(all)")) quantifier = "all";
    c.expect(".", "delimiter (.)");
    return { kind: "quant", op: quant, quantifier, value: value(c) };
  }
  return c.fail(OPERATOR_EXPECTED);
}

export function opExpr(c: Cursor, value: ValueParser): OpExpr {
  const negate = c.eat("not.");
  return { negate, operation: operation(c, value) };
}

/** `and(…)`/`or(…)` trees as the `and`/`or` parameters carry them, with `not.` anywhere. */
export function logicTree(c: Cursor): LogicTree {
  const asFilter = c.attempt(() => {
    const f = field(c);
    c.expect(".", "delimiter (.)");
    return { kind: "filter" as const, filter: { field: f, expr: opExpr(c, logicValue) } };
  });
  if (asFilter) return asFilter;
  const negate = c.eat("not.");
  const op = c.eat("and") ? "and" : c.eat("or") ? "or" : c.fail("logic operator (and, or)");
  c.skipSpaces();
  c.expect("(");
  const children: LogicTree[] = [];
  do {
    c.skipSpaces();
    children.push(logicTree(c));
    c.skipSpaces();
  } while (c.eat(","));
  c.expect(")", '")" or ","');
  return { kind: "expr", negate, op, children };
}
