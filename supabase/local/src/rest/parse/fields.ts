import type { Field, JsonStep } from "../ast";
import type { Cursor } from "./cursor";

const IDENTIFIER_CHAR = /[\p{L}0-9_ $]/u;
const FIELD_EXPECTED = "field name (* or [a..z0..9_$])";

/** `"quoted \" value"`: double quotes with backslash escapes. */
export function quotedValue(c: Cursor): string {
  c.expect('"');
  let out = "";
  while (!c.eof && c.peek() !== '"') {
    if (c.peek() === "\\") c.i++;
    if (c.eof) break;
    out += c.peek();
    c.i++;
  }
  c.expect('"');
  return out;
}

function run(c: Cursor, allowed: (ch: string) => boolean, expecting: string): string {
  const start = c.i;
  while (!c.eof && allowed(c.peek())) c.i++;
  if (c.i === start) c.fail(expecting);
  return c.s.slice(start, c.i).trim();
}

/** Words joined by dashes that do not start an arrow (`a-b` but not `a->b`). */
function dashed(c: Cursor, word: () => string): string {
  const parts = [word()];
  while (c.peek() === "-" && c.peek(1) !== ">") {
    c.i++;
    parts.push(word());
  }
  return parts.join("-");
}

export function identifier(c: Cursor): string {
  return run(c, (ch) => IDENTIFIER_CHAR.test(ch), "letter or digit");
}

export function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quotedValue(c);
  return dashed(c, () => run(c, (ch) => IDENTIFIER_CHAR.test(ch), FIELD_EXPECTED));
}

function atJsonIndexEnd(c: Cursor): boolean {
  return (
    c.eof ||
    c.startsWith("->") ||
    c.startsWith("::") ||
    c.startsWith(".") ||
    c.startsWith(",") ||
    c.startsWith(")")
  );
}

export function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith("->")) {
    const arrow = c.startsWith("->>") ? "->>" : "->";
    c.i += arrow.length;
    const index = /^-?[0-9]+/.exec(c.s.slice(c.i));
    if (index) {
      const start = c.i;
      c.i += index[0].length;
      if (atJsonIndexEnd(c)) {
        steps.push({ arrow, key: index[0], index: true });
        continue;
      }
      c.i = start;
    }
    const key =
      c.peek() === '"'
        ? quotedValue(c)
        : dashed(c, () =>
            run(
              c,
              (ch) => !"(-:.,>)".includes(ch),
              "any non reserved character different from: .,>()",
            ),
          );
    steps.push({ arrow, key, index: false });
  }
  return steps;
}

export function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const json = jsonPath(c);
  c.skipSpaces();
  return { name, json };
}

/** `a.b.column->key`: the embed path and the field at its end (filter keys). */
export function treePath(c: Cursor): { path: string[]; field: Field } {
  const names = [fieldName(c)];
  while (c.eat(".")) names.push(fieldName(c));
  const json = jsonPath(c);
  if (!c.eof) c.fail('"->", "." or end of input');
  const name = names.pop() as string;
  return { path: names, field: { name, json } };
}

/** `a, "b c", d`: the columns and on_conflict parameters. */
export function columnList(c: Cursor): string[] {
  const out: string[] = [];
  do {
    c.skipSpaces();
    out.push(fieldName(c));
    c.skipSpaces();
  } while (c.eat(","));
  if (!c.eof) c.fail('"," or end of input');
  return out;
}
