import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY, startTestBackend, type TestBackend } from "./support/local-backend";

const FIRST = "11111111-1111-1111-1111-111111111111";
let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend({ supabaseDir: path.join(import.meta.dirname, "fixtures", "grants") });
});
afterAll(() => t?.stop());

/** A client signed in as `sub`, with an access token as the auth server would sign it. */
async function userClient(sub: string): Promise<SupabaseClient> {
  const now = Math.floor(Date.now() / 1000);
  const token = await t.backend.keys.sign({
    sub,
    role: "authenticated",
    aud: "authenticated",
    iat: now,
    exp: now + 600,
  });
  return createClient(t.url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

const sql = async <T = Record<string, unknown>>(query: string) =>
  (await t.backend.db.query<T>(query)).rows;

describe("the base a Supabase database has before any migration", () => {
  it("has Supabase's roles with their attributes", async () => {
    const roles = await sql<{
      rolname: string;
      rolcanlogin: boolean;
      rolbypassrls: boolean;
      rolinherit: boolean;
    }>(
      `select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
       where rolname in ('anon','authenticated','service_role','authenticator','supabase_admin','postgres') order by rolname`,
    );
    expect(roles).toEqual([
      { rolname: "anon", rolcanlogin: false, rolbypassrls: false, rolinherit: true },
      { rolname: "authenticated", rolcanlogin: false, rolbypassrls: false, rolinherit: true },
      { rolname: "authenticator", rolcanlogin: true, rolbypassrls: false, rolinherit: false },
      { rolname: "postgres", rolcanlogin: true, rolbypassrls: true, rolinherit: true },
      { rolname: "service_role", rolcanlogin: false, rolbypassrls: true, rolinherit: true },
      { rolname: "supabase_admin", rolcanlogin: true, rolbypassrls: true, rolinherit: true },
    ]);
    const members = await sql<{ role: string }>(
      `select r.rolname as role from pg_auth_members m join pg_roles r on r.oid = m.roleid
       join pg_roles u on u.oid = m.member where u.rolname = 'authenticator' order by 1`,
    );
    expect(members.map((m) => m.role)).toEqual(["anon", "authenticated", "service_role"]);
  });

  it("has the schemas, the extensions in `extensions`, and the realtime publication", async () => {
    const schemas = await sql<{ nspname: string }>(
      "select nspname from pg_namespace where nspname in ('auth','storage','realtime','extensions','graphql_public','public') order by 1",
    );
    expect(schemas.map((s) => s.nspname)).toEqual([
      "auth",
      "extensions",
      "graphql_public",
      "public",
      "realtime",
      "storage",
    ]);
    const extensions = await sql<{ extname: string; schema: string }>(
      "select extname, extnamespace::regnamespace::text as schema from pg_extension where extname in ('pgcrypto','uuid-ossp') order by 1",
    );
    expect(extensions).toEqual([
      { extname: "pgcrypto", schema: "extensions" },
      { extname: "uuid-ossp", schema: "extensions" },
    ]);
    expect(
      await sql("select pubname from pg_publication where pubname = 'supabase_realtime'"),
    ).toHaveLength(1);
    expect(
      await sql("select tablename from pg_publication_tables where pubname = 'supabase_realtime'"),
    ).toEqual([{ tablename: "notes" }]);
  });

  it("lets migrations call extension functions unqualified, as on hosted Supabase", async () => {
    const [{ id }] = await sql<{ id: string }>("select id from public.open_board");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await t.anonClient().rpc("hashed", { secret: "pw" });
    expect(error).toBeNull();
    expect(data).toBe(true);
  });
});

describe("tables made by migrations, seen through the Data API", () => {
  it("a table without RLS is readable with the publishable key through Supabase's default privileges", async () => {
    const { data, error } = await t.anonClient().from("open_board").select("message");
    expect(error).toBeNull();
    expect(data).toEqual([{ message: "visible to everyone" }]);
  });

  it("row level security decides what anon and each user see", async () => {
    const anon = await t.anonClient().from("notes").select("body");
    expect(anon.error).toBeNull();
    expect(anon.data).toEqual([]);

    const first = await userClient(FIRST);
    expect((await first.from("notes").select("body")).data).toEqual([
      { body: "first user's note" },
    ]);

    const forged = await first
      .from("notes")
      .insert({ owner: "22222222-2222-2222-2222-222222222222", body: "not mine" });
    expect(forged.error?.code).toBe("42501");
    const own = await first.from("notes").insert({ owner: FIRST, body: "mine" });
    expect(own.error).toBeNull();
  });

  it("the secret key bypasses row level security", async () => {
    const { data } = await t.serviceClient().from("notes").select("body").order("id");
    expect(data?.map((r) => r.body)).toEqual(["first user's note", "second user's note", "mine"]);
  });

  it("revoked grants hold for anon and authenticated, not for service_role", async () => {
    const anon = await t.anonClient().from("staff_only").select("id");
    expect(anon.error?.code).toBe("42501");
    const user = await (await userClient(FIRST)).from("staff_only").select("id");
    expect(user.error?.code).toBe("42501");
    const service = await t.serviceClient().from("staff_only").select("id");
    expect(service.error).toBeNull();
  });

  it("the migration history is not reachable by the API roles", async () => {
    for (const role of ["anon", "authenticated"]) {
      const read = t.backend.db.asRole(
        { role, claims: { role }, method: "GET", path: "/", headers: {} },
        (tx) => tx.query("select * from supabase_migrations.schema_migrations"),
      );
      await expect(read).rejects.toThrow(/permission denied/);
    }
  });
});
