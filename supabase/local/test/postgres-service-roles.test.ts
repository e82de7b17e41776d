import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import { LOCAL_SECRET_KEY, startTestBackend, type TestBackend } from "./support/local-backend";
import { stopTestCluster, testDatabaseUrl, withoutPostgres } from "./support/postgres";

// Each service reaches a PostgreSQL server as the role hosted Supabase gives it: Auth as
// supabase_auth_admin, Storage as supabase_storage_admin, REST as authenticator
// (supabase/postgres, migrations/db/init-scripts/00000000000001-auth-schema.sql and
// 00000000000002-storage-schema.sql). A trigger records who the database saw for each write.
const FIXTURE = path.join(import.meta.dirname, "fixtures", "postgres-server");
const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-pgroles-"));

let t: TestBackend;
beforeAll(async () => {
  if (withoutPostgres) return;
  t = await startTestBackend({
    supabaseDir: FIXTURE,
    keepDataDir: dataDir,
    dbUrl: await testDatabaseUrl(dataDir),
  });
  await sql(`
    create table public.seen_as (what text, session_user_name text, current_user_name text);
    alter table public.seen_as enable row level security;
    grant insert on public.seen_as to public;
    create policy "every writer is recorded" on public.seen_as for insert with check (true);
    create function public.record_seen_as() returns trigger language plpgsql as $$
    begin
      insert into public.seen_as values (tg_table_schema || '.' || tg_table_name, session_user, current_user);
      return new;
    end $$;
    create trigger record_seen_as after insert on auth.users
      for each row execute function public.record_seen_as();
    create trigger record_seen_as after insert on storage.objects
      for each row execute function public.record_seen_as();
    create trigger record_seen_as after insert on storage.buckets
      for each row execute function public.record_seen_as();
    create policy "signed-in people upload to inbox" on storage.objects
      for insert to authenticated with check (bucket_id = 'inbox');`);
});
afterAll(async () => {
  await t?.stop();
  await stopTestCluster();
  rmSync(dataDir, { recursive: true, force: true });
});

async function sql(query: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${t.url}/pg/query`, {
    method: "POST",
    headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as Record<string, unknown>[];
  if (res.status !== 200) throw new Error(JSON.stringify(body));
  return body;
}

function tokenWithRole(role: string): Promise<string> {
  return new SignJWT({ role, sub: "11111111-1111-1111-1111-111111111111" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
}

describe.skipIf(withoutPostgres)("each service as its hosted role", () => {
  it("the auth and storage schemas belong to their services' roles, as on hosted Supabase", async () => {
    const owners = await sql(`
      select n.nspname as schema, array_agg(distinct pg_get_userbyid(c.relowner)) as owners
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('auth', 'storage') and c.relkind = 'r'
      group by 1 order by 1`);
    expect(owners).toEqual([
      { schema: "auth", owners: ["supabase_auth_admin"] },
      { schema: "storage", owners: ["supabase_storage_admin"] },
    ]);
  });

  it("Auth signs people up and in as supabase_auth_admin", async () => {
    const client = t.anonClient();
    const email = `roles-${Date.now()}@example.com`;
    const { error } = await client.auth.signUp({ email, password: "a long passphrase 1" });
    expect(error).toBeNull();
    const signIn = await t
      .anonClient()
      .auth.signInWithPassword({ email, password: "a long passphrase 1" });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email).toBe(email);
    expect(await sql("select * from public.seen_as where what = 'auth.users'")).toEqual([
      {
        what: "auth.users",
        session_user_name: "supabase_auth_admin",
        current_user_name: "supabase_auth_admin",
      },
    ]);
  });

  it("Storage stores files as supabase_storage_admin, switched to the caller's role", async () => {
    const admin = t.serviceClient();
    expect((await admin.storage.createBucket("inbox")).error).toBeNull();
    const client = t.anonClient();
    const email = `storage-${Date.now()}@example.com`;
    expect((await client.auth.signUp({ email, password: "a long passphrase 1" })).error).toBeNull();
    const up = await client.storage.from("inbox").upload("hello.txt", "hello", {
      contentType: "text/plain",
    });
    expect(up.error).toBeNull();
    const down = await admin.storage.from("inbox").download("hello.txt");
    expect(await down.data?.text()).toBe("hello");
    expect(
      await sql("select * from public.seen_as where what like 'storage.%' order by what"),
    ).toEqual([
      {
        what: "storage.buckets",
        session_user_name: "supabase_storage_admin",
        current_user_name: "service_role",
      },
      {
        what: "storage.objects",
        session_user_name: "supabase_storage_admin",
        current_user_name: "authenticated",
      },
    ]);
  });

  it("a token naming an admin role is refused by Postgres itself, in REST and in Storage", async () => {
    for (const role of ["supabase_admin", "supabase_auth_admin", "postgres"]) {
      const token = await tokenWithRole(role);
      const rest = await fetch(`${t.url}/rest/v1/rpc/whoami`, {
        method: "POST",
        headers: {
          apikey: LOCAL_SECRET_KEY,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: "{}",
      });
      expect(rest.status).toBe(403);
      expect(await rest.json()).toEqual({
        code: "42501",
        details: null,
        hint: null,
        message: `permission denied to set role "${role}"`,
      });
      const storage = await fetch(`${t.url}/storage/v1/object/list/inbox`, {
        method: "POST",
        headers: {
          apikey: LOCAL_SECRET_KEY,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ prefix: "" }),
      });
      expect(storage.status).not.toBe(200);
      expect(JSON.stringify(await storage.json())).toContain(
        `permission denied to set role \\"${role}\\"`,
      );
    }
  });
});

describe.skipIf(withoutPostgres)("[db] major_version on a server", () => {
  it("is compared with the version the server runs, not the embedded database's 17", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "groundwork-pgversion-"));
    const logs: string[] = [];
    const b = await startTestBackend({
      supabaseDir: path.join(import.meta.dirname, "fixtures", "postgres-version"),
      keepDataDir: dir,
      dbUrl: await testDatabaseUrl(dir),
      log: (m) => logs.push(m),
    });
    try {
      const res = await fetch(`${b.url}/pg/query`, {
        method: "POST",
        headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
        body: JSON.stringify({ query: "select current_setting('server_version_num') as v" }),
      });
      const [{ v }] = (await res.json()) as { v: string }[];
      const runs = Math.floor(Number(v) / 10000);
      const said = logs.filter((m) => m.includes("major_version"));
      // The fixture asks for 15, as hosted projects on Postgres 15 do.
      expect(said).toEqual(
        runs === 15
          ? []
          : [`config.toml: [db] major_version = 15, but the PostgreSQL server runs ${runs}`],
      );
    } finally {
      await b.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
