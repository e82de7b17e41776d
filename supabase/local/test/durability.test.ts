import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { spawnBackend, type BackendProcess } from "@groundwork/local-backend/process";
import { copyMigrated, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "./support/local-backend";

// These tests run the real CLI as a child process, so a kill -9 kills the database with it.
const dirs: string[] = [];
let running: BackendProcess | null = null;

afterEach(async () => {
  await running?.stop("SIGKILL");
  running = null;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A data folder for one test, holding a copy of a database the fixture project's migrations were
 * applied to: what is tested is what survives a stop, not how a first start migrates (the
 * --reset test below still makes one from nothing).
 */
async function dataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "durability-"));
  dirs.push(dir);
  await copyMigrated(path.resolve("supabase"), dir);
  return dir;
}

async function start(dir: string): Promise<BackendProcess> {
  running = await spawnBackend({ dataDir: dir, env: { SUPABASE_LOCAL_RATE_LIMITS: "off" } });
  return running;
}

async function sql<T = Record<string, unknown>>(
  backend: BackendProcess,
  query: string,
): Promise<T[]> {
  const res = await fetch(`${backend.url}/pg/query`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      apikey: LOCAL_SECRET_KEY,
      authorization: `Bearer ${LOCAL_SECRET_KEY}`,
    },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as T[] | { error: string };
  if (!res.ok) throw new Error(`${query}: ${JSON.stringify(body)}`);
  return body as T[];
}

// Each test starts the CLI two or three times; on a busy machine a start takes seconds.
const PASSWORD = "durable-password-1";

function auth(
  backend: BackendProcess,
  pathname: string,
  body: unknown,
  key = LOCAL_PUBLISHABLE_KEY,
): Promise<Response> {
  return fetch(`${backend.url}/auth/v1${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: key, authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
}

async function inbox(backend: BackendProcess, to: string): Promise<unknown[]> {
  return (await (
    await fetch(`${backend.inboxUrl}/api/messages?to=${encodeURIComponent(to)}`)
  ).json()) as unknown[];
}

describe("durability", { timeout: 180_000 }, () => {
  it("keeps every acknowledged write when the process is killed with SIGKILL", async () => {
    const dir = await dataDir();
    let backend = await start(dir);
    await sql(backend, "create table public.kept (n int primary key, note text)");
    for (let n = 1; n <= 25; n++)
      await sql(backend, `insert into public.kept values (${n}, 'row ${n}')`);
    await sql(backend, "update public.kept set note = 'changed' where n = 25");
    await sql(backend, "delete from public.kept where n = 24");

    const killed = await backend.stop("SIGKILL");
    expect(killed.signal).toBe("SIGKILL");

    backend = await start(dir);
    const rows = await sql<{ count: number; max: number; last: string }>(
      backend,
      "select count(*)::int as count, max(n) as max, (select note from public.kept where n = 25) as last from public.kept",
    );
    expect(rows).toEqual([{ count: 24, max: 25, last: "changed" }]);
  });

  it("keeps users, sessions and sent mail written through the auth API when killed with SIGKILL", async () => {
    const dir = await dataDir();
    let backend = await start(dir);
    const signUp = await auth(backend, "/signup", {
      email: "pending@example.com",
      password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    const created = await auth(
      backend,
      "/admin/users",
      { email: "kept@example.com", password: PASSWORD, email_confirm: true },
      LOCAL_SECRET_KEY,
    );
    expect(created.status).toBe(200);
    const session = (await (
      await auth(backend, "/token?grant_type=password", {
        email: "kept@example.com",
        password: PASSWORD,
      })
    ).json()) as {
      refresh_token: string;
    };
    const mailBefore = await inbox(backend, "pending@example.com");
    expect(mailBefore).toHaveLength(1);

    await backend.stop("SIGKILL");
    backend = await start(dir);

    expect(await inbox(backend, "pending@example.com")).toEqual(mailBefore);
    const signIn = await auth(backend, "/token?grant_type=password", {
      email: "kept@example.com",
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const refreshed = await auth(backend, "/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });

  it("keeps data across a clean stop with SIGTERM and SIGINT, exiting 0", async () => {
    const dir = await dataDir();
    let backend = await start(dir);
    await sql(backend, "create table public.clean (n int)");
    await sql(backend, "insert into public.clean values (1)");
    expect(await backend.stop("SIGTERM")).toEqual({ code: 0, signal: null });

    backend = await start(dir);
    await sql(backend, "insert into public.clean values (2)");
    expect(await backend.stop("SIGINT")).toEqual({ code: 0, signal: null });

    backend = await start(dir);
    expect(await sql(backend, "select n from public.clean order by n")).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
  });

  it("stops cleanly when the program that started it goes away", async () => {
    const dir = await dataDir();
    const backend = await start(dir);
    await sql(backend, "create table public.orphan (n int)");
    backend.child.disconnect();
    expect(await backend.exited).toEqual({ code: 0, signal: null });
    expect(backend.output()).toContain("Stopped.");
  });

  it("starts from an empty database with --reset", async () => {
    const dir = await dataDir();
    let backend = await start(dir);
    await sql(backend, "create table public.gone (n int)");
    await backend.stop("SIGTERM");

    running = backend = await spawnBackend({ dataDir: dir, reset: true });
    expect(await sql(backend, "select to_regclass('public.gone') as t")).toEqual([{ t: null }]);
  });
});
