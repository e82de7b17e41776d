import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalBackend } from "@groundwork/local-backend";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./support/local-backend";
import {
  stopTestCluster,
  testClusterUrl,
  testDatabaseUrl,
  withoutPostgres,
} from "./support/postgres";

// The backend on a PostgreSQL server (a private cluster), whichever engine the other tests use.
const FIXTURE = path.join(import.meta.dirname, "fixtures", "postgres-server");
const dirs: string[] = [];
const newDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "groundwork-pgserver-"));
  dirs.push(d);
  return d;
};

let t: TestBackend;
beforeAll(async () => {
  if (withoutPostgres) return;
  const dataDir = newDir();
  t = await startTestBackend({
    supabaseDir: FIXTURE,
    dataDir,
    dbUrl: await testDatabaseUrl(dataDir),
  });
});
afterAll(async () => {
  await t?.stop();
  await stopTestCluster();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tokenWithRole(role: string): Promise<string> {
  return new SignJWT({ role, sub: "11111111-1111-1111-1111-111111111111" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
}

async function rpc(name: string, args: object, token?: string) {
  const res = await fetch(`${t.url}/rest/v1/rpc/${name}`, {
    method: "POST",
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(args),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(withoutPostgres)("roles on a PostgreSQL server", () => {
  it("the database has hosted Supabase's locale: code point order, and every letter's case", async () => {
    const admin = new pg.Client({ connectionString: await testClusterUrl() });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        "select current_setting('lc_ctype') as ctype, current_setting('lc_collate') as collate, lower('CAFÉ ÆØÅ') as lower, array(select w from unnest(array['b', 'É', 'a', 'B']) w order by w) as sorted",
      );
      expect(rows[0]).toEqual({
        ctype: "C.UTF-8",
        collate: "C.UTF-8",
        lower: "café æøå",
        sorted: ["B", "a", "b", "É"],
      });
    } finally {
      await admin.end();
    }
  });

  it("a request runs on a connection of authenticator, switched to the token's role", async () => {
    const anon = await rpc("whoami", {});
    expect(anon.body).toMatchObject({ session_user: "authenticator", current_user: "anon" });
    const user = await rpc("whoami", {}, await tokenWithRole("authenticated"));
    expect(user.body).toMatchObject({
      session_user: "authenticator",
      current_user: "authenticated",
    });
  });

  it("a token naming a role authenticator was not granted is refused by Postgres itself", async () => {
    for (const role of ["postgres", "supabase_auth_admin"]) {
      const { status, body } = await rpc("whoami", {}, await tokenWithRole(role));
      expect(status).toBe(403);
      expect(body).toEqual({
        code: "42501",
        details: null,
        hint: null,
        message: `permission denied to set role "${role}"`,
      });
    }
  });

  // Hosted sets statement_timeout on anon (3s) and authenticated (8s); PostgREST applies a role's
  // settings on the switch and answers 57014 with 500 (docs.postgrest.org, references/errors).
  it("applies each role's statement timeout and answers a timeout as PostgREST does", async () => {
    expect((await rpc("whoami", {})).body.statement_timeout).toBe("3s");
    expect(
      (await rpc("whoami", {}, await tokenWithRole("authenticated"))).body.statement_timeout,
    ).toBe("8s");
    const { status, body } = await rpc("slow", { seconds: 4 });
    expect(status).toBe(500);
    expect(body).toEqual({
      code: "57014",
      details: null,
      hint: null,
      message: "canceling statement due to statement timeout",
    });
  });
});

describe.skipIf(withoutPostgres)("requests in parallel", () => {
  it("a slow query delays only itself", async () => {
    let slowDone = false;
    const slow = rpc("slow", { seconds: 2 }, await tokenWithRole("authenticated")).then((r) => {
      slowDone = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    const health = await fetch(`${t.url}/auth/v1/health`);
    const who = await rpc("whoami", {});
    expect(health.status).toBe(200);
    expect(who.status).toBe(200);
    expect(slowDone).toBe(false);
    expect((await slow).body).toBe("done");
  });
});

describe.skipIf(withoutPostgres)("bootstrap on a server", () => {
  it("a restart finds its data and applies nothing again", async () => {
    const dataDir = newDir();
    const dbUrl = await testDatabaseUrl(dataDir);
    const first: string[] = [];
    const a = await startLocalBackend({
      port: 0,
      dataDir,
      dbUrl,
      supabaseDir: FIXTURE,
      log: (m) => first.push(m),
    });
    expect(first).toContain("Applied migration 20240101000000_postgres_server.sql");
    const put = await fetch(`${a.url}/pg/query`, {
      method: "POST",
      headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        query: "create table public.kept (v text); insert into public.kept values ('here')",
      }),
    });
    expect(put.status).toBe(200);
    await a.stop();

    const second: string[] = [];
    const b = await startLocalBackend({
      port: 0,
      dataDir,
      dbUrl,
      supabaseDir: FIXTURE,
      log: (m) => second.push(m),
    });
    try {
      expect(second.filter((m) => m.startsWith("Applied migration"))).toEqual([]);
      const res = await fetch(`${b.url}/pg/query`, {
        method: "POST",
        headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
        body: JSON.stringify({ query: "select v from public.kept" }),
      });
      expect(await res.json()).toEqual([{ v: "here" }]);
    } finally {
      await b.stop();
    }
  });

  it("refuses a database that already holds something else, unless told to adopt it", async () => {
    const admin = new pg.Client({ connectionString: await testClusterUrl() });
    await admin.connect();
    await admin.query("drop database if exists someone_elses with (force)");
    await admin.query("create database someone_elses");
    await admin.end();
    const url = new URL(await testClusterUrl());
    url.pathname = "/someone_elses";
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    await other.query("create table public.invoices (id int primary key)");
    await other.end();

    const dataDir = newDir();
    await expect(
      startLocalBackend({ port: 0, dataDir, dbUrl: url.toString(), supabaseDir: FIXTURE }),
    ).rejects.toThrow(
      /already holds table public\.invoices, and the local backend did not create it\. Point SUPABASE_DB_URL at an empty database, or pass --adopt-database/,
    );
    const adopted = await startLocalBackend({
      port: 0,
      dataDir,
      dbUrl: url.toString(),
      supabaseDir: FIXTURE,
      adoptDatabase: true,
    });
    try {
      expect((await fetch(`${adopted.url}/auth/v1/health`)).status).toBe(200);
    } finally {
      await adopted.stop();
    }
  });
});
