import { randomUUID } from "node:crypto";
import type { Database, Transaction } from "../db";
import type { Claims } from "./tokens";

export type Extension = "broadcast" | "presence";

export interface AuthContext {
  topic: string;
  role: string;
  claims: Claims;
}

async function asCaller(tx: Transaction, ctx: AuthContext): Promise<void> {
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
  return result;
}

/** Write access: an INSERT into realtime.messages as the caller, which its policies accept or not. */
export async function writePolicy(
  db: Database,
  ctx: AuthContext,
  extension: Extension,
): Promise<boolean> {
  let allowed = false;
  await db.transaction(async (tx) => {
    await asCaller(tx, ctx);
    try {
      await tx.query("insert into realtime.messages (topic, extension) values ($1, $2)", [
        ctx.topic,
        extension,
      ]);
      allowed = true;
    } catch (err) {
      if ((err as { code?: string }).code !== "42501") throw err;
    }
    await tx.rollback();
  });
  return allowed;
}
