/** Go text/template syntax, as far as Supabase's mail templates use it, read into a tree. */
/** A template that does not parse, or uses an action mail templates do not support. */
export class TemplateError extends Error {}

export type Expr =
  | { kind: "path"; parts: string[] }
  | { kind: "literal"; value: unknown }
  | { kind: "call"; fn: "not" | "eq" | "ne" | "and" | "or"; args: Expr[] };

export type Node =
  | { kind: "text"; text: string }
  | { kind: "output"; expr: Expr }
  | { kind: "if"; branches: { cond: Expr; body: Node[] }[]; otherwise: Node[] };

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

/** The syntax tree of a template: text, substitutions and `if` blocks. */
export function parse(src: string): Node[] {
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
