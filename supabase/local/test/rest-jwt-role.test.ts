import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import { LOCAL_PUBLISHABLE_KEY, startTestBackend, type TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({ supabaseDir: path.join(import.meta.dirname, "fixtures", "grants") });
});
afterAll(() => t?.stop());

/** A token signed with the project's own secret, so only its role claim can be wrong. */
function tokenWithRole(role: string): Promise<string> {
  return new SignJWT({ role, sub: "11111111-1111-1111-1111-111111111111" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
}

async function readAs(role: string) {
  const res = await fetch(`${t.url}/rest/v1/open_board?select=message`, {
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      authorization: `Bearer ${await tokenWithRole(role)}`,
    },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe("the JWT role claim only selects roles the authenticator may switch to", () => {
  it.each(["postgres", "supabase_admin", "supabase_auth_admin", "authenticator"])(
    "%s is refused as PostgREST refuses it",
    async (role) => {
      const { status, body } = await readAs(role);
      if (role === "authenticator") {
        // Switching to itself is no privilege gain; PostgREST allows it, and the role has no grants.
        expect(status).toBe(403);
        expect(body).toMatchObject({ code: "42501" });
        return;
      }
      expect(status).toBe(403);
      expect(body).toEqual({
        code: "42501",
        details: null,
        hint: null,
        message: `permission denied to set role "${role}"`,
      });
    },
  );

  it("a role that does not exist is a 401, as PostgREST answers it", async () => {
    const { status, body } = await readAs("nobody_at_all");
    expect(status).toBe(401);
    expect(body).toEqual({
      code: "22023",
      details: null,
      hint: null,
      message: 'role "nobody_at_all" does not exist',
    });
  });

  it("the roles granted to the authenticator still work", async () => {
    for (const role of ["anon", "authenticated", "service_role"]) {
      const { status, body } = await readAs(role);
      expect(status, role).toBe(200);
      expect(body).toEqual([{ message: "visible to everyone" }]);
    }
  });

  it("a role granted or taken away later is honoured on the next request", async () => {
    // Which roles the authenticator may switch to is remembered between requests; a change to the
    // roles must not be answered from that memory.
    await t.backend.db.script("create role reporting nologin");
    expect((await readAs("reporting")).status).toBe(403);
    await t.backend.db.script(
      "grant reporting to authenticator; grant select on public.open_board to reporting",
    );
    expect((await readAs("reporting")).status).toBe(200);
    await t.backend.db.script("revoke reporting from authenticator");
    const { status, body } = await readAs("reporting");
    expect(status).toBe(403);
    expect(body).toMatchObject({ message: 'permission denied to set role "reporting"' });
  });
});
