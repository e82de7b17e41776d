import type { OrderTerm } from "../ast";
import type { Cursor } from "./cursor";
import { field, fieldName } from "./fields";

function atTermEnd(c: Cursor): boolean {
  return c.eof || c.peek() === ",";
}

function modifiers(c: Cursor, term: OrderTerm): OrderTerm {
  if (c.startsWith(".asc") || c.startsWith(".desc")) {
    term.direction = c.eat(".asc") ? "asc" : (c.eat(".desc"), "desc");
  }
  if (c.startsWith(".nullsfirst") || c.startsWith(".nullslast")) {
    term.nulls = c.eat(".nullsfirst") ? "first" : (c.eat(".nullslast"), "last");
  }
  c.skipSpaces();
  if (!atTermEnd(c)) {
    if (c.peek() === ".") {
      c.i++;
      c.fail(
        term.direction || term.nulls
          ? '"nullsfirst" or "nullslast"'
          : '"asc", "desc", "nullsfirst" or "nullslast"',
      );
    }
    c.fail('"," or end of input');
  }
  return term;
}

/** `order=a.desc.nullslast,b,author(name).asc` */
export function orderTerms(c: Cursor): OrderTerm[] {
  const terms: OrderTerm[] = [];
  do {
    c.skipSpaces();
    const related = c.attempt(() => {
      const relation = fieldName(c);
      c.expect("(");
      const f = field(c);
      c.expect(")");
      return { relation, field: f };
    });
    terms.push(modifiers(c, related ?? { field: field(c) }));
  } while (c.eat(","));
  return terms;
}
