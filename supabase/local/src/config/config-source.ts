import { parse, TomlError } from "smol-toml";

/** A config.toml or environment value that cannot be used; start-up stops with this message. */
export class ConfigError extends Error {}

type Table = Record<string, unknown>;
export type Env = Record<string, string | undefined>;

function isTable(value: unknown): value is Table {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

/**
 * Replaces `env(NAME)` and `env(NAME, default)` in string values as the Supabase CLI does: an unset
 * or empty variable falls back to the default, and without one the text is left as written.
 */
function substituteEnv(value: unknown, env: Env): unknown {
  if (typeof value === "string") {
    const m = /^env\(\s*([^,\s)]+)\s*(?:,\s*(.+?)\s*)?\)$/.exec(value.trim());
    if (!m) return value;
    const fromEnv = env[m[1]];
    if (fromEnv) return fromEnv;
    return m[2] ?? value;
  }
  if (Array.isArray(value)) return value.map((v) => substituteEnv(v, env));
  if (isTable(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v, env)]));
  }
  return value;
}

/** The 1-based line of `key = …` under the `[table]` header, found by reading the text. */
function lineOf(text: string, tablePath: string, key: string): number | null {
  let current = "";
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const header = /^\[\s*([^\]]+?)\s*\]/.exec(line);
    if (header && !line.startsWith("[[")) {
      current = header[1].replace(/\s+/g, "");
      continue;
    }
    if (current === tablePath && new RegExp(`^"?${key}"?\\s*=`).test(line)) return i + 1;
  }
  return null;
}

type Kind = "string" | "number" | "boolean";

/**
 * Typed reads of config.toml values by dotted path ("auth.email.enable_confirmations"). The CLI lets
 * `SUPABASE_<PATH>` environment variables (dots as underscores, upper case) override any value;
 * so does this. Errors name the file and line, or the variable, and what was expected.
 */
export class ConfigSource {
  /** Every path a typed read asked for, so what the file holds beyond them can be named. */
  private readonly asked = new Set<string>();

  private constructor(
    private readonly raw: Table,
    private readonly text: string,
    private readonly file: string,
    private readonly env: Env,
  ) {}

  /** Parses the file's text (null when there is no file); a syntax error carries its line and column. */
  static parse(text: string | null, file: string, env: Env): ConfigSource {
    if (text === null) return new ConfigSource({}, "", file, env);
    let parsed: unknown;
    try {
      parsed = parse(text);
    } catch (err) {
      if (err instanceof TomlError) {
        throw new ConfigError(`${file}:${err.line}:${err.column}: ${err.message.split("\n")[0]}`);
      }
      throw err;
    }
    return new ConfigSource(substituteEnv(parsed, env) as Table, text, file, env);
  }

  string<T extends string | null>(path: string, fallback: T): string | T {
    return this.read(path, "string", fallback) as string | T;
  }

  number(path: string, fallback: number, check?: (n: number) => string | null): number {
    const value = this.read(path, "number", fallback) as number;
    const problem = check?.(value);
    if (problem) throw this.error(path, problem, String(value));
    return value;
  }

  boolean(path: string, fallback: boolean): boolean {
    return this.read(path, "boolean", fallback) as boolean;
  }

  /** A string value turned into T by `convert`, which answers null when the text is not valid. */
  parsed<T>(
    path: string,
    fallback: string,
    convert: (text: string) => T | null,
    expected: string,
  ): T {
    const text = this.string(path, fallback);
    const value = convert(text);
    if (value === null) throw this.error(path, `must be ${expected}`, `"${text}"`);
    return value;
  }

  strings(path: string, fallback: string[]): string[] {
    const fromEnv = this.fromEnv(path);
    if (fromEnv !== undefined) return fromEnv.split(/[\s,]+/).filter(Boolean);
    const v = this.lookup(path);
    if (v === undefined) return fallback;
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
      throw this.error(path, "must be an array of strings", JSON.stringify(v));
    }
    return v as string[];
  }

  /** A table of strings, such as `[auth.sms.test_otp]`; absent means empty. */
  stringMap(path: string): Record<string, string> {
    const v = this.lookup(path);
    if (v === undefined) return {};
    if (!isTable(v) || Object.values(v).some((x) => typeof x !== "string"))
      throw this.problem(path, "must be a table of strings");
    for (const key of Object.keys(v)) this.asked.add(`${path}.${key}`);
    return v as Record<string, string>;
  }

  /** The names of the tables under `path` (e.g. each `[storage.buckets.<name>]`), in file order. */
  tableNames(path: string): string[] {
    const node = this.lookup(path);
    return isTable(node) ? Object.keys(node).filter((k) => isTable(node[k])) : [];
  }

  /** A ConfigError about the value at `path`, naming the file and line (or the variable). */
  problem(path: string, message: string): ConfigError {
    const fromEnv = this.fromEnv(path) !== undefined;
    if (fromEnv) return new ConfigError(`${this.envName(path)}: ${message}`);
    const dot = path.lastIndexOf(".");
    const line = lineOf(this.text, path.slice(0, Math.max(dot, 0)), path.slice(dot + 1));
    return new ConfigError(`${this.file}${line ? `:${line}` : ""}: ${path}: ${message}`);
  }

  private envName(path: string): string {
    return `SUPABASE_${path.replace(/\./g, "_").toUpperCase()}`;
  }

  /** An empty variable counts as unset, as in the CLI. */
  private fromEnv(path: string): string | undefined {
    const value = this.env[this.envName(path)];
    return value ? value : undefined;
  }

  /**
   * The file's values no read asked for, grouped by table: `[auth.sms]` when nothing in a table
   * was read, `[api] port` for single keys. A table with `enabled = false` is left out.
   */
  unread(): string[] {
    const out: string[] = [];
    const asked = [...this.asked];
    // A table switched off, or holding only tables switched off, asks for nothing.
    const live = (node: Table): boolean =>
      node.enabled !== false && Object.values(node).some((v) => !isTable(v) || live(v));
    const walk = (node: Table, at: string) => {
      if (at && !live(node)) return;
      if (at && !asked.some((p) => p === at || p.startsWith(`${at}.`))) {
        out.push(`[${at}]`);
        return;
      }
      const missed = Object.keys(node).filter(
        (k) => !isTable(node[k]) && !this.asked.has(at ? `${at}.${k}` : k),
      );
      if (missed.length) out.push(at ? `[${at}] ${missed.join(", ")}` : missed.join(", "));
      for (const k of Object.keys(node))
        if (isTable(node[k])) walk(node[k] as Table, at ? `${at}.${k}` : k);
    };
    walk(this.raw, "");
    return out;
  }

  private lookup(path: string): unknown {
    this.asked.add(path);
    let node: unknown = this.raw;
    for (const part of path.split(".")) {
      if (!isTable(node)) return undefined;
      node = node[part];
    }
    return node;
  }

  private read(path: string, kind: Kind, fallback: unknown): unknown {
    const fromEnv = this.fromEnv(path);
    const value = fromEnv ?? this.lookup(path);
    if (value === undefined) return fallback;
    const coerced = coerce(value, kind);
    if (coerced === undefined) {
      const shown =
        typeof value === "string" ? `"${value}"` : (JSON.stringify(value) ?? String(value));
      throw this.error(path, `must be a ${kind}`, shown, fromEnv !== undefined);
    }
    return coerced;
  }

  private error(
    path: string,
    problem: string,
    shown: string,
    fromEnv = this.fromEnv(path) !== undefined,
  ): ConfigError {
    if (fromEnv) return new ConfigError(`${this.envName(path)} ${problem}, got ${shown}`);
    const dot = path.lastIndexOf(".");
    const line = lineOf(this.text, path.slice(0, Math.max(dot, 0)), path.slice(dot + 1));
    return new ConfigError(
      `${this.file}${line ? `:${line}` : ""}: ${path} ${problem}, got ${shown}`,
    );
  }
}

/** Strings (from env() or the environment) become numbers and booleans as the CLI's decoder allows. */
function coerce(value: unknown, kind: Kind): unknown {
  if (typeof value === kind) return value;
  if (kind === "number" && typeof value === "bigint") return Number(value);
  if (typeof value !== "string") return undefined;
  if (kind === "number") {
    const n = Number(value.trim());
    return value.trim() !== "" && Number.isFinite(n) ? n : undefined;
  }
  if (kind === "boolean") {
    const v = value.trim().toLowerCase();
    if (v === "true" || v === "1") return true;
    if (v === "false" || v === "0") return false;
  }
  return undefined;
}
