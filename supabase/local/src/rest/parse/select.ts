import type { Aggregate, SelectItem } from "../ast";
import { runParser, type Cursor } from "./cursor";
import { field, fieldName, identifier } from "./fields";

const AGGREGATES: Aggregate[] = ["sum", "avg", "count", "max", "min"];

/** The `select` parameter: columns, renames, casts, JSON paths, aggregates and embedded resources. */
export function parseSelect(input: string): { items: SelectItem[]; aggregates: boolean } {
  let aggregates = false;
  const items = runParser("select parameter", input, (c) => {
    const forest = itemList(c, () => (aggregates = true));
    if (!c.eof) c.fail('"," or end of input');
    return forest;
  });
  return { items, aggregates };
}

function itemList(c: Cursor, onAggregate: () => void): SelectItem[] {
  const items: SelectItem[] = [];
  c.skipSpaces();
  if (c.eof || c.peek() === ")") return items;
  do {
    c.skipSpaces();
    items.push(item(c, onAggregate));
    c.skipSpaces();
  } while (c.eat(","));
  return items;
}

function item(c: Cursor, onAggregate: () => void): SelectItem {
  const embed = c.attempt(() => embedHead(c));
  if (embed) {
    c.expect("(");
    const children = itemList(c, onAggregate);
    c.skipSpaces();
    c.expect(")", '")" or ","');
    return { ...embed, children };
  }
  return fieldItem(c, onAggregate);
}

function aliasPrefix(c: Cursor): string | undefined {
  return c.attempt(() => {
    const alias = fieldName(c);
    if (c.peek() !== ":" || c.peek(1) === ":") c.fail('":"');
    c.i++;
    return alias;
  });
}

function embedHead(c: Cursor): Omit<Extract<SelectItem, { kind: "embed" }>, "children"> {
  const spread = c.eat("...");
  const alias = spread ? undefined : aliasPrefix(c);
  const name = fieldName(c);
  if (name === "count" && !spread) c.fail('"("');
  let hint: string | undefined;
  let joinType: "inner" | "left" | undefined;
  for (let n = 0; n < 2 && c.eat("!"); n++) {
    if (c.startsWith("inner")) {
      c.i += 5;
      joinType = "inner";
    } else if (c.startsWith("left")) {
      c.i += 4;
      joinType = "left";
    } else hint = fieldName(c);
  }
  if (c.peek() !== "(") c.fail('"("');
  return { kind: "embed", name, alias, hint, joinType, spread };
}

function atItemEnd(c: Cursor): boolean {
  return c.eof || c.peek() === ")" || c.peek() === ",";
}

function fieldItem(c: Cursor, onAggregate: () => void): SelectItem {
  c.skipSpaces();
  if (c.peek() === "*") {
    c.i++;
    c.skipSpaces();
    if (!atItemEnd(c)) c.fail('")", "," or end of input');
    return { kind: "star" };
  }
  const alias = aliasPrefix(c);
  if (c.startsWith("count()")) {
    onAggregate();
    c.i += 7;
    const aggregateCast = c.eat("::") ? identifier(c) : undefined;
    const star = { name: "*", json: [] };
    return { kind: "field", field: star, alias, aggregate: "count", aggregateCast };
  }
  const f = field(c);
  const cast = c.eat("::") ? identifier(c) : undefined;
  let aggregate: Aggregate | undefined;
  let aggregateCast: string | undefined;
  if (c.peek() === ".") {
    aggregate = AGGREGATES.find((a) => c.startsWith(`.${a}()`));
    if (!aggregate) c.fail('"sum()", "avg()", "count()", "max()" or "min()"');
    c.i += aggregate.length + 3;
    onAggregate();
    if (c.eat("::")) aggregateCast = identifier(c);
  }
  c.skipSpaces();
  if (!atItemEnd(c)) c.fail('letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input');
  return { kind: "field", field: f, alias, cast, aggregate, aggregateCast };
}
