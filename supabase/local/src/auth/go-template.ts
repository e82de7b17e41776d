/**
 * The part of Go's html/template that Supabase's mail templates use: `{{ .Name }}` and
 * `{{ .Data.key }}` substitutions, `{{ if … }}` / `{{ else if … }}` / `{{ else }}` / `{{ end }}`
 * with `not`, `eq`, `ne`, `and`, `or`, comments and `{{-`/`-}}` trimming. Values are escaped for
 * where they land, as html/template does: HTML text and attributes get entities, URL attributes get
 * their value percent-encoded (fully after a `?` or `#`, normalised before) and an unsafe scheme at
 * the start of a URL becomes `#ZgotmplZ`. Anything else is a TemplateError, raised when parsing.
 */

export class TemplateError extends Error {}

type Expr =
  | { kind: "path"; parts: string[] }
  | { kind: "literal"; value: unknown }
  | { kind: "call"; fn: "not" | "eq" | "ne" | "and" | "or"; args: Expr[] };

type Node =
  | { kind: "text"; text: string }
  | { kind: "output"; expr: Expr }
  | { kind: "if"; branches: { cond: Expr; body: Node[] }[]; otherwise: Node[] };

export interface Template {
  render(data: Record<string, unknown>): string;
}

const FUNCS = new Set(["not", "eq", "ne", "and", "or"]);

function lineAt(src: string, index: number): number {
  return src.slice(0, index).split("\n").length;
}

/** Splits `{{ … }}` actions from text, applying the trim markers. */
function lex(
  src: string,
): ({ kind: "text"; text: string } | { kind: "action"; body: string; line: number })[] {
  const out: ({ kind: "text"; text: string } | { kind: "action"; body: string; line: number })[] =
    [];
  let i = 0;
  let trimNext = false;
  while (i < src.length) {
    const open = src.indexOf("{{", i);
    let text = open === -1 ? src.slice(i) : src.slice(i, open);
    if (trimNext) text = text.replace(/^\s+/, "");
    trimNext = false;
    if (open === -1) {
      if (text) out.push({ kind: "text", text });
      break;
    }
    let start = open + 2;
    if (src[start] === "-" && /\s/.test(src[start + 1] ?? "")) {
      text = text.replace(/\s+$/, "");
      start += 1;
    }
    if (text) out.push({ kind: "text", text });
    const line = lineAt(src, open);
    let close: number;
    if (src.slice(start).trimStart().startsWith("/*")) {
      const end = src.indexOf("*/", start);
      close = end === -1 ? -1 : src.indexOf("}}", end + 2);
    } else {
      close = findClose(src, start);
    }
    if (close === -1) throw new TemplateError(`line ${line}: unclosed action`);
    let body = src.slice(start, close);
    if (/\s-$/.test(body)) {
      body = body.slice(0, -1);
      trimNext = true;
    }
    i = close + 2;
    body = body.trim();
    if (body.startsWith("/*")) continue;
    out.push({ kind: "action", body, line });
  }
  return out;
}

/** The `}}` closing an action, skipping quoted strings inside it. */
function findClose(src: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < src.length; i++) {
    const ch = src[i];
    if (quote) {
      if (ch === "\\" && quote === '"') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "`") quote = ch;
    else if (ch === "}" && src[i + 1] === "}") return i;
  }
  return -1;
}

function tokenize(body: string, line: number): string[] {
  const tokens: string[] = [];
  const re = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|[^\s()]+)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while ((m = re.exec(body))) {
    tokens.push(m[1]);
    pos = re.lastIndex;
  }
  if (body.slice(pos).trim()) throw new TemplateError(`line ${line}: cannot read "${body}"`);
  return tokens;
}

function parseExpr(tokens: string[], line: number): Expr {
  let i = 0;
  const operand = (): Expr => {
    const t = tokens[i++];
    if (t === undefined) throw new TemplateError(`line ${line}: missing value`);
    if (t === "(") {
      const inner = command(")");
      if (tokens[i++] !== ")") throw new TemplateError(`line ${line}: unclosed parenthesis`);
      return inner;
    }
    if (t === ".") return { kind: "path", parts: [] };
    if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(t))
      return { kind: "path", parts: t.slice(1).split(".") };
    if (t.startsWith('"')) return { kind: "literal", value: JSON.parse(t) as string };
    if (t.startsWith("`")) return { kind: "literal", value: t.slice(1, -1) };
    if (t === "true" || t === "false") return { kind: "literal", value: t === "true" };
    if (t === "nil") return { kind: "literal", value: null };
    if (/^-?\d+(\.\d+)?$/.test(t)) return { kind: "literal", value: Number(t) };
    throw new TemplateError(`line ${line}: "${t}" is not supported in mail templates`);
  };
  const command = (stop?: string): Expr => {
    const head = tokens[i];
    if (head !== undefined && FUNCS.has(head)) {
      i++;
      const args: Expr[] = [];
      while (i < tokens.length && tokens[i] !== stop) args.push(operand());
      const fn = head as "not" | "eq" | "ne" | "and" | "or";
      const arity =
        fn === "not"
          ? args.length === 1
          : fn === "ne"
            ? args.length === 2
            : args.length >= 2 || (fn !== "eq" && args.length >= 1);
      if (!arity) throw new TemplateError(`line ${line}: wrong number of arguments for ${fn}`);
      return { kind: "call", fn, args };
    }
    const value = operand();
    if (i < tokens.length && tokens[i] !== stop)
      throw new TemplateError(`line ${line}: unexpected "${tokens[i]}"`);
    return value;
  };
  const expr = command();
  if (i !== tokens.length) throw new TemplateError(`line ${line}: unexpected "${tokens[i]}"`);
  return expr;
}

function parse(src: string): Node[] {
  const items = lex(src);
  let pos = 0;
  const block = (
    inIf: boolean,
  ): { nodes: Node[]; ended: "end" | "else" | "elseif" | null; cond?: Expr } => {
    const nodes: Node[] = [];
    while (pos < items.length) {
      const item = items[pos++];
      if (item.kind === "text") {
        nodes.push({ kind: "text", text: item.text });
        continue;
      }
      const tokens = tokenize(item.body, item.line);
      const word = tokens[0];
      if (word === "if") {
        const branches = [{ cond: parseExpr(tokens.slice(1), item.line), body: [] as Node[] }];
        let otherwise: Node[] = [];
        for (;;) {
          const inner = block(true);
          if (inner.ended === null)
            throw new TemplateError(`line ${item.line}: "if" without "end"`);
          if (inner.ended === "end") {
            branches[branches.length - 1].body = inner.nodes;
            break;
          }
          branches[branches.length - 1].body = inner.nodes;
          if (inner.ended === "elseif") {
            branches.push({ cond: inner.cond!, body: [] });
            continue;
          }
          const last = block(true);
          if (last.ended !== "end")
            throw new TemplateError(`line ${item.line}: "else" must be followed by "end"`);
          otherwise = last.nodes;
          break;
        }
        nodes.push({ kind: "if", branches, otherwise });
      } else if (word === "else") {
        if (!inIf) throw new TemplateError(`line ${item.line}: "else" outside "if"`);
        if (tokens[1] === "if")
          return { nodes, ended: "elseif", cond: parseExpr(tokens.slice(2), item.line) };
        if (tokens.length > 1)
          throw new TemplateError(`line ${item.line}: unexpected "${tokens[1]}" after else`);
        return { nodes, ended: "else" };
      } else if (word === "end") {
        if (!inIf) throw new TemplateError(`line ${item.line}: "end" without "if"`);
        return { nodes, ended: "end" };
      } else if (
        ["range", "with", "define", "template", "block", "break", "continue"].includes(word)
      ) {
        throw new TemplateError(`line ${item.line}: "${word}" is not supported in mail templates`);
      } else {
        nodes.push({ kind: "output", expr: parseExpr(tokens, item.line) });
      }
    }
    return { nodes, ended: null };
  };
  const top = block(false);
  return top.nodes;
}

// ---- evaluation ----

function lookup(data: unknown, parts: string[]): unknown {
  let node = data;
  for (const part of parts) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return true;
}

function evaluate(e: Expr, data: unknown): unknown {
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

// ---- escaping ----

const HTML_ENTITIES: Record<string, string> = {
  "\0": "\uFFFD",
  '"': "&#34;",
  "&": "&amp;",
  "'": "&#39;",
  "+": "&#43;",
  "<": "&lt;",
  ">": "&gt;",
};

/** Go's html/template text and attribute escaper. */
export function escapeHtml(s: string): string {
  return s.replace(/[\0"&'+<>]/g, (c) => HTML_ENTITIES[c]);
}

/** Go's URL escaper (`norm` = false: everything but unreserved) and normaliser (`norm` = true). */
function urlProcess(s: string, norm: boolean): string {
  const bytes = new TextEncoder().encode(s);
  const isHex = (b: number | undefined) =>
    b !== undefined && /[0-9a-fA-F]/.test(String.fromCharCode(b));
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-._~]/.test(c) || (norm && "!#$&*+,/:;=?@[]".includes(c))) out += c;
    // A valid escape is kept as it is when normalising.
    else if (norm && c === "%" && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) out += c;
    else out += `%${b.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** Go's urlFilter: only http, https and mailto schemes are let through at the start of a URL. */
function urlFilter(s: string): string {
  const colon = s.indexOf(":");
  if (colon >= 0 && !s.slice(0, colon).includes("/")) {
    const scheme = s.slice(0, colon).toLowerCase();
    if (scheme !== "http" && scheme !== "https" && scheme !== "mailto") return "#ZgotmplZ";
  }
  return s;
}

const URL_ATTRS = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "cite",
  "poster",
  "background",
  "longdesc",
  "usemap",
  "icon",
  "manifest",
  "codebase",
  "data",
  "profile",
  "classid",
  "archive",
]);

type Where = { in: "text" } | { in: "url"; part: "start" | "path" | "query" } | { in: "attr" };

/**
 * Follows the literal HTML of a template, character by character, to know where the next
 * substitution lands: in text, in an ordinary attribute, or in which part of a URL attribute.
 */
class HtmlContext {
  private state:
    | "text"
    | "tagName"
    | "tag"
    | "attrName"
    | "afterName"
    | "beforeValue"
    | "value"
    | "comment"
    | "raw" = "text";
  private tagName = "";
  private attrName = "";
  private quote = "";
  private valueSoFar = "";
  private pending = "";

  feed(text: string): void {
    for (const ch of text) this.step(ch);
  }

  where(): Where {
    if (this.state === "beforeValue")
      return this.isUrlAttr() ? { in: "url", part: "start" } : { in: "attr" };
    if (this.state !== "value")
      return this.state === "text" || this.state === "raw" || this.state === "comment"
        ? { in: "text" }
        : { in: "attr" };
    if (!this.isUrlAttr()) return { in: "attr" };
    if (/[?#]/.test(this.valueSoFar)) return { in: "url", part: "query" };
    return { in: "url", part: this.valueSoFar.trim() === "" ? "start" : "path" };
  }

  /** A substitution in an unquoted value starts one; later literal text continues it. */
  substituted(): void {
    if (this.state === "beforeValue") {
      this.state = "value";
      this.quote = "";
      this.valueSoFar = "";
    }
  }

  private isUrlAttr(): boolean {
    return (
      URL_ATTRS.has(this.attrName) || this.attrName.endsWith("url") || this.attrName.endsWith("uri")
    );
  }

  private step(ch: string): void {
    switch (this.state) {
      case "text":
        if (this.pending) {
          this.pending += ch;
          if ("<!--".startsWith(this.pending)) {
            if (this.pending === "<!--") {
              this.state = "comment";
              this.pending = "";
            }
            return;
          }
          const next = this.pending[1];
          this.pending = "";
          if (/[A-Za-z/]/.test(next)) {
            this.state = "tagName";
            this.tagName = next === "/" ? "/" : next.toLowerCase();
          }
          return;
        }
        if (ch === "<") this.pending = "<";
        return;
      case "comment":
        this.pending = (this.pending + ch).slice(-3);
        if (this.pending === "-->") {
          this.state = "text";
          this.pending = "";
        }
        return;
      case "raw":
        this.pending = (this.pending + ch).toLowerCase().slice(-(this.tagName.length + 2));
        if (this.pending === `</${this.tagName}`) {
          this.state = "tag";
          this.pending = "";
          this.tagName = "";
        }
        return;
      case "tagName":
        if (/[\s/>]/.test(ch)) {
          this.state = "tag";
          this.step(ch);
        } else this.tagName += ch.toLowerCase();
        return;
      case "tag":
        if (ch === ">") this.closeTag();
        else if (!/[\s/]/.test(ch)) {
          this.state = "attrName";
          this.attrName = ch.toLowerCase();
        }
        return;
      case "attrName":
        if (ch === "=") this.state = "beforeValue";
        else if (ch === ">") this.closeTag();
        else if (/\s|\//.test(ch)) this.state = "afterName";
        else this.attrName += ch.toLowerCase();
        return;
      case "afterName":
        if (ch === "=") this.state = "beforeValue";
        else if (ch === ">") this.closeTag();
        else if (!/\s/.test(ch)) {
          this.state = "attrName";
          this.attrName = ch.toLowerCase();
        }
        return;
      case "beforeValue":
        if (/\s/.test(ch)) return;
        if (ch === ">") return this.closeTag();
        this.state = "value";
        this.valueSoFar = "";
        if (ch === '"' || ch === "'") this.quote = ch;
        else {
          this.quote = "";
          this.valueSoFar = ch;
        }
        return;
      case "value":
        if (this.quote ? ch === this.quote : /\s/.test(ch)) this.state = "tag";
        else if (!this.quote && ch === ">") this.closeTag();
        else this.valueSoFar += ch;
        return;
    }
  }

  private closeTag(): void {
    this.state =
      this.tagName === "script" ||
      this.tagName === "style" ||
      this.tagName === "title" ||
      this.tagName === "textarea"
        ? "raw"
        : "text";
    if (this.state === "text") this.tagName = "";
    this.pending = "";
  }
}

function escapeFor(where: Where, value: string): string {
  if (where.in !== "url") return escapeHtml(value);
  if (where.part === "query") return escapeHtml(urlProcess(value, false));
  const checked = where.part === "start" ? urlFilter(value) : value;
  return escapeHtml(urlProcess(checked, true));
}

/** Parses a template; a syntax error or an unsupported action throws a TemplateError. */
export function compileTemplate(src: string): Template {
  const nodes = parse(src);
  return {
    render(data) {
      const ctx = new HtmlContext();
      let out = "";
      const run = (list: Node[]) => {
        for (const node of list) {
          if (node.kind === "text") {
            ctx.feed(node.text);
            out += node.text;
          } else if (node.kind === "output") {
            out += escapeFor(ctx.where(), goString(evaluate(node.expr, data)));
            ctx.substituted();
          } else {
            const taken = node.branches.find((b) => truthy(evaluate(b.cond, data)));
            run(taken ? taken.body : node.otherwise);
          }
        }
      };
      run(nodes);
      return out;
    },
  };
}
