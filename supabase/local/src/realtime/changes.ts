import type { Database, Transaction } from "../database/db";
import { passes, type Filter } from "./filters";
import { push, roomOf, type Hub } from "./hub";
import type { Vsn } from "./protocol";
import type { Claims } from "./tokens";
import { keyOf, tableView, visibleKeys, type Queryable, type TableView } from "./visibility";

export type ChangeEvent = "*" | "INSERT" | "UPDATE" | "DELETE";

export interface PgSubscription {
  id: number;
  event: ChangeEvent;
  schema: string;
  table: string;
  filters: Filter[];
  select: string[] | null;
}

/** A channel with Postgres changes subscriptions; role and claims change with its token. */
export interface PgListener {
  topic: string;
  vsn: Vsn;
  role: string;
  claims: Claims;
  subscriptions: PgSubscription[];
  send(data: string): void;
}

interface Change {
  id: number;
  commit_seq: number;
  kind: "INSERT" | "UPDATE" | "DELETE" | "MESSAGE";
  schema_name: string;
  table_name: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  committed_at: Date | string;
}

const BATCH = 500;

/**
 * Delivers committed changes from realtime.local_changes: broadcasts from realtime.messages to
 * their room, row changes to each channel whose subscriptions match and whose role and claims
 * may SELECT the row. Batches are drained one at a time, so delivery follows commit order.
 */
export class ChangeFeed {
  readonly listeners = new Set<PgListener>();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly hub: Hub,
    private readonly log: (m: string) => void,
  ) {}

  /** Puts the capture trigger on the publication's tables (and takes it off the others). */
  async syncCapture(): Promise<void> {
    await this.db.query("select realtime.local_sync_capture()");
  }

  /** Drains now, or once more after the drain under way. */
  signal(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (await this.batch());
        } while (this.again);
      } catch (err) {
        // A batch whose checks failed was rolled back: it stays queued for the next signal (or poll).
        this.log(`realtime: delivering changes failed: ${(err as Error).stack ?? err}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Takes the next changes and checks who may see them in one transaction, so the checks read the
   * tables as they were when the changes were taken (hosted reads and checks them in one statement
   * of its poll), whatever other work the database has waiting; delivery follows the commit.
   */
  private async batch(): Promise<boolean> {
    const { rows, checks } = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<Change>(
        // commit_seq is commit order (bootstrap/31-realtime-commit-order.sql).
        `delete from realtime.local_changes where id in
           (select id from realtime.local_changes where commit_seq is not null
            order by commit_seq limit ${BATCH})
         returning id, commit_seq, kind, schema_name, table_name, record, old_record, committed_at`,
      );
      rows.sort((a, b) => Number(a.commit_seq) - Number(b.commit_seq));
      return { rows, checks: await this.checkRows(contained(tx), rows) };
    });
    if (rows.length === 0) return false;
    for (const c of rows) {
      if (c.kind === "MESSAGE") this.deliverMessage(c);
      else this.deliverChange(c, checks);
    }
    return rows.length === BATCH;
  }

  private deliverMessage(c: Change): void {
    const r = c.record as {
      id: string;
      topic: string;
      event: string | null;
      private: boolean;
      payload: unknown;
      binary_payload: string | null;
    };
    const binary = r.binary_payload !== null;
    const data = binary
      ? new Uint8Array(Buffer.from(r.binary_payload as string, "base64"))
      : new TextEncoder().encode(JSON.stringify(r.payload ?? {}));
    this.hub.broadcast(roomOf(r.topic, r.private), {
      user: {
        event: r.event ?? "",
        encoding: binary ? "binary" : "json",
        data,
        metadata: { id: r.id },
      },
    });
  }

  private matches(l: PgListener, c: Change, view: TableView): PgSubscription[] {
    const typeOf = (col: string) => view.columns.find((x) => x.name === col)?.type ?? "text";
    return l.subscriptions.filter((s) => {
      if (s.event !== "*" && s.event !== c.kind) return false;
      if (s.schema !== "*" && s.schema !== c.schema_name) return false;
      if (s.table !== "*" && s.table !== c.table_name) return false;
      return s.filters.every(
        (f) =>
          passes(f, c.record, typeOf(f.column)) ||
          (c.kind === "DELETE" && passes(f, c.old_record, typeOf(f.column))),
      );
    });
  }

  /** Per table and per distinct role + claims, one query finds the rows that caller may see. */
  private async checkRows(db: Queryable, rows: Change[]): Promise<Checks> {
    const checks: Checks = { views: new Map(), visible: new Map() };
    const wanted = new Map<string, { l: PgListener; rows: Record<string, unknown>[] }>();
    for (const c of rows) {
      if (c.kind === "MESSAGE") continue;
      for (const l of this.listeners) {
        const view = await this.view(db, checks, c, l.role);
        if (!view || this.matches(l, c, view).length === 0) continue;
        if (c.kind === "DELETE" || !view.rls || view.bypassRls) continue;
        const k = visibleKey(c, l);
        const entry = wanted.get(k) ?? { l, rows: [] as Row[] };
        entry.rows.push(c.record as Record<string, unknown>);
        wanted.set(k, entry);
      }
    }
    // Per table: every distinct caller in one statement.
    const byTable = new Map<string, { keys: string[]; callers: PgListener[]; rows: Row[] }>();
    for (const [k, { l, rows: rs }] of wanted) {
      const table = k.split("\u0000").slice(0, 2).join("\u0000");
      const entry = byTable.get(table) ?? { keys: [], callers: [], rows: [] };
      entry.keys.push(k);
      entry.callers.push(l);
      entry.rows.push(...rs);
      byTable.set(table, entry);
    }
    for (const [table, { keys, callers, rows: rs }] of byTable) {
      const [schema, name] = table.split("\u0000");
      const view = checks.views.get(`${table}\u0000${callers[0].role}`);
      const pkey = view?.columns.filter((c) => c.isPkey).map((c) => c.name) ?? [];
      if (pkey.length === 0) continue;
      const unique = [...new Map(rs.map((r) => [keyOf(pkey, r), r])).values()];
      const seen = await visibleKeys(db, schema, name, pkey, callers, unique);
      keys.forEach((k, i) => checks.visible.set(k, seen[i] ?? new Set()));
    }
    return checks;
  }

  private async view(
    db: Queryable,
    checks: Checks,
    c: Change,
    role: string,
  ): Promise<TableView | null> {
    const k = `${c.schema_name}\u0000${c.table_name}\u0000${role}`;
    if (!checks.views.has(k))
      checks.views.set(k, await tableView(db, c.schema_name, c.table_name, role));
    return checks.views.get(k) ?? null;
  }

  private deliverChange(c: Change, checks: Checks): void {
    for (const l of this.listeners) {
      const view = checks.views.get(`${c.schema_name}\u0000${c.table_name}\u0000${l.role}`);
      if (!view) continue;
      const subs = this.matches(l, c, view);
      if (subs.length === 0) continue;
      const pkey = view.columns.filter((x) => x.isPkey);
      let errors: string[] | null = null;
      if (c.kind !== "DELETE" && pkey.length === 0)
        errors = ["Error 400: Bad Request, no primary key"];
      else if (c.kind !== "DELETE" && pkey.some((x) => !x.selectable))
        errors = ["Error 401: Unauthorized"];
      else if (c.kind !== "DELETE" && view.rls && !view.bypassRls) {
        const seen = checks.visible.get(visibleKey(c, l));
        const key = keyOf(
          pkey.map((x) => x.name),
          c.record ?? {},
        );
        if (!seen?.has(key)) continue;
      }
      // One message per selection of columns, as hosted fans out per `select`.
      const bySelect = new Map<string, number[]>();
      for (const s of subs) {
        const k = JSON.stringify(s.select);
        bySelect.set(k, [...(bySelect.get(k) ?? []), s.id]);
      }
      for (const [sel, ids] of bySelect) {
        const data = payload(c, view, errors, JSON.parse(sel) as string[] | null);
        l.send(push(l.vsn, l.topic, "postgres_changes", { ids, data }));
      }
    }
  }
}

type Row = Record<string, unknown>;

/**
 * Statements of a transaction each behind a savepoint: one that fails (a policy that raises, a
 * role that does not exist) is undone alone and the transaction goes on, as each check did on its
 * own before.
 */
function contained(tx: Transaction): Queryable {
  return {
    async query(sql, params, options) {
      await tx.query("savepoint realtime_check");
      try {
        const result = await tx.query(sql, params, options);
        await tx.query("release savepoint realtime_check");
        return result;
      } catch (err) {
        await tx.query("rollback to savepoint realtime_check");
        throw err;
      }
    },
  } as Queryable;
}

interface Checks {
  views: Map<string, TableView | null>;
  visible: Map<string, Set<string>>;
}

function visibleKey(c: Change, l: PgListener): string {
  return `${c.schema_name}\u0000${c.table_name}\u0000${l.role}\u0000${JSON.stringify(l.claims)}`;
}

function payload(
  c: Change,
  view: TableView,
  errors: string[] | null,
  select: string[] | null,
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    schema: c.schema_name,
    table: c.table_name,
    type: c.kind,
  };
  if (errors) return { ...base, errors };
  const shown = view.columns.filter(
    (x) => x.selectable && (!select || select.includes(x.name) || x.isPkey),
  );
  const pick = (row: Record<string, unknown> | null, onlyKey = false) => {
    const out: Record<string, unknown> = {};
    for (const col of shown) {
      if (row && col.name in row && (!onlyKey || col.isPkey)) out[col.name] = row[col.name];
    }
    return out;
  };
  const out: Record<string, unknown> = {
    ...base,
    commit_timestamp: new Date(c.committed_at).toISOString(),
    columns: shown.map(({ name, type }) => ({ name, type })),
  };
  if (c.kind !== "DELETE") out.record = pick(c.record);
  // With RLS on, a delete cannot be checked against the policies: only its key goes out.
  if (c.kind !== "INSERT") out.old_record = pick(c.old_record, c.kind === "DELETE" && view.rls);
  out.errors = null;
  return out;
}
