import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

describe("grants on the auth schema and default function privileges match hosted Supabase", () => {
  it("the API roles may use the schema but touch none of its tables", async () => {
    const { rows } = await t.backend.db.query<{ role: string; relname: string; privilege: string }>(
      `select r.role, c.relname, p.privilege
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       cross join unnest(array['anon', 'authenticated', 'service_role']) as r(role)
       cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(privilege)
       where n.nspname = 'auth' and c.relkind in ('r', 'v', 'p')
         and has_table_privilege(r.role, c.oid, p.privilege)`,
    );
    expect(rows).toEqual([]);
    const usage = await t.backend.db.query<{ ok: boolean }>(
      "select bool_and(has_schema_privilege(r, 'auth', 'USAGE')) as ok from unnest(array['anon', 'authenticated', 'service_role']) r",
    );
    expect(usage.rows[0].ok).toBe(true);
  });

  it("the API roles may call auth.uid(), auth.role(), auth.email() and auth.jwt()", async () => {
    const { rows } = await t.backend.db.query<{ ok: boolean }>(
      `select bool_and(has_function_privilege(r, f, 'EXECUTE')) as ok
       from unnest(array['anon', 'authenticated', 'service_role']) r,
            unnest(array['auth.uid()', 'auth.role()', 'auth.email()', 'auth.jwt()']) f`,
    );
    expect(rows[0].ok).toBe(true);
  });

  it("functions a migration creates in public are granted to every API role by default", async () => {
    const { rows } = await t.backend.db.query<{ grantee: string }>(
      `select distinct a.grantee::regrole::text as grantee
       from pg_default_acl d cross join aclexplode(d.defaclacl) a
       where d.defaclobjtype = 'f' and d.defaclnamespace = 'public'::regnamespace
         and d.defaclrole = 'postgres'::regrole and a.privilege_type = 'EXECUTE'
       order by 1`,
    );
    expect(rows.map((r) => r.grantee)).toEqual([
      "anon",
      "authenticated",
      "postgres",
      "service_role",
    ]);
  });
});
