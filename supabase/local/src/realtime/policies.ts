import { randomUUID } from "node:crypto";
import type { Database, Transaction } from "../database/db";
import type { Claims } from "./tokens";

export type Extension = "broadcast" | "presence";

export interface AuthContext {
  topic: string;
  role: string;
  claims: Claims;
}

/** A role switch Postgres refuses, with its SQLSTATE (42501 not granted, 22023 no such role). */
export class RoleError extends Error {
  constructor(
    readonly code: "42501" | "22023",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Realtime connects as supabase_realtime_admin, which may only `set role` to the roles granted to
 * it (anon, authenticated, service_role). The embedded database runs as a superuser, so the check
 * Postgres would make is made here, with its errors: a token claiming `postgres` is refused.
 */
export async function checkRole(db: Database | Transaction, role: string): Promise<void> {
  const { rows } = await db.query<{ found: boolean; granted: boolean }>(
    `select exists (select 1 from pg_roles where rolname = $1) as found,
            coalesce((select pg_has_role('supabase_realtime_admin', oid, 'MEMBER')
                        from pg_roles where rolname = $1), false) as granted`,
    [role],
  );
  if (!rows[0]?.found) throw new RoleError("22023", `role "${role}" does not exist`);
  if (!rows[0].granted) throw new RoleError("42501", `permission denied to set role "${role}"`);
}

async function asCaller(tx: Transaction, ctx: AuthContext): Promise<void> {
  await checkRole(tx, ctx.role);
  await tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true), set_config('request.headers', '{}', true)`,
    [ctx.role, ctx.topic, JSON.stringify(ctx.claims), String(ctx.claims.sub ?? "")],
  );
}

/**
 * Read access as Realtime decides it: one row per extension is written to realtime.messages, then
 * read back as the caller; the rows its SELECT policies let it see are the extensions it may
 * read. Everything is rolled back.
 */
export async function readPolicies(
  db: Database,
  ctx: AuthContext,
  extensions: Extension[],
): Promise<Record<Extension, boolean>> {
  const ids = extensions.map(() => randomUUID());
  const result: Record<Extension, boolean> = { broadcast: false, presence: false };
  try {
    await checkRole(db, ctx.role);
    await db.transaction(async (tx) => {
      for (const [i, ext] of extensions.entries()) {
        await tx.query(`insert into realtime.messages (id, topic, extension) values ($1, $2, $3)`, [
          ids[i],
          ctx.topic,
          ext,
        ]);
      }
      await asCaller(tx, ctx);
      const { rows } = await tx.query<{ id: string }>(
        "select id::text from realtime.messages where id = any($1::uuid[])",
        [ids],
      );
      const seen = new Set(rows.map((r) => r.id));
      extensions.forEach((ext, i) => (result[ext] = seen.has(ids[i])));
      await tx.rollback();
    });
  } catch (err) {
    // What the database refuses (a role Realtime may not switch to, a topic it cannot store, a
    // policy that raises) reads nothing: hosted answers its rls_policy_error as unauthorized.
    if (!isPgError(err)) throw err;
    return { broadcast: false, presence: false };
  }
  return result;
}

/** An error Postgres raised (or one this module raises in its place), with its SQLSTATE. */
export function isPgError(err: unknown): err is Error & { code: string } {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === "string" && code.length === 5;
}

/** Write access: an INSERT into realtime.messages as the caller, which its policies accept or not. */
export async function writePolicy(
  db: Database,
  ctx: AuthContext,
  extension: Extension,
): Promise<boolean> {
  let allowed = false;
  await db.transaction(async (tx) => {
    try {
      await asCaller(tx, ctx);
      await tx.query("insert into realtime.messages (topic, extension) values ($1, $2)", [
        ctx.topic,
        extension,
      ]);
      allowed = true;
    } catch (err) {
      // Refused by its policies, or by the database itself: not allowed, as on hosted.
      if (!isPgError(err)) throw err;
    }
    await tx.rollback();
  });
  return allowed;
}
