import { parseError, type RestError } from "../errors";

/**
 * Raised inside the parsers; turned into PGRST100 with the position and what was expected. Not an
 * Error: the parsers backtrack by catching it (`attempt`), several times for an ordinary query
 * string, and an Error would record a stack trace each time that nothing ever reads.
 */
export class ParseFailure {
  constructor(
    readonly position: number,
    readonly unexpected: string,
    readonly expecting: string,
  ) {}
}

/** A position in one query-string value, read left to right with backtracking by saving `i`. */
export class Cursor {
  i = 0;
  constructor(readonly s: string) {}

  get eof(): boolean {
    return this.i >= this.s.length;
  }

  peek(offset = 0): string {
    return this.s[this.i + offset] ?? "";
  }

  startsWith(text: string): boolean {
    return this.s.startsWith(text, this.i);
  }

  /** Consumes `text` when it comes next. */
  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.i += text.length;
    return true;
  }

  expect(text: string, expecting = `"${text}"`): void {
    if (!this.eat(text)) this.fail(expecting);
  }

  skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.i++;
  }

  fail(expecting: string): never {
    throw new ParseFailure(
      this.i,
      this.eof ? "end of input" : JSON.stringify(this.peek()),
      expecting,
    );
  }

  /** Runs `fn`; on failure puts the cursor back and returns undefined. */
  attempt<T>(fn: () => T): T | undefined {
    const start = this.i;
    try {
      return fn();
    } catch (err) {
      if (!(err instanceof ParseFailure)) throw err;
      this.i = start;
      return undefined;
    }
  }
}

/** Runs a parser over a whole parameter value and reports failures as PostgREST does. */
export function runParser<T>(what: string, input: string, fn: (c: Cursor) => T): T {
  const c = new Cursor(input);
  try {
    return fn(c);
  } catch (err) {
    if (err instanceof ParseFailure) throw toParseError(what, input, err);
    throw err;
  }
}

function toParseError(what: string, input: string, err: ParseFailure): RestError {
  return parseError(
    what,
    input,
    err.position + 1,
    `unexpected ${err.unexpected} expecting ${err.expecting}`,
  );
}
