import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import {
  BOB,
  client,
  clients,
  rest,
  startRestBackend,
  userToken,
  type Clients,
} from "./support/rest-support";
import { LOCAL_PUBLISHABLE_KEY, type TestBackend } from "./support/local-backend";

let t: TestBackend;
let c: Clients;
beforeAll(async () => {
  t = await startRestBackend();
  c = await clients(t);
});
afterAll(() => t?.stop());

async function body(res: Response): Promise<Record<string, unknown>> {
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Record<string, unknown>;
}

describe("PGRST100: what the parser cannot read is a 400, never a 500", () => {
  it.each([
    ["/notes?select=id,comments(", "select parameter"],
    ["/notes?select=id!inner", "select parameter"],
    ["/notes?select=data->>", "select parameter"],
    ["/notes?select=id::", "select parameter"],
    ["/notes?id=equals.1", "filter"],
    ["/notes?id=1", "filter"],
    ["/notes?id=is.maybe", "filter"],
    ["/notes?id=in.1,2", "filter"],
    ["/notes?order=id.up", "order"],
    ["/notes?order=id.asc.nullsmiddle", "order"],
    ["/notes?or=(id.eq.1", "logic tree"],
    ["/notes?or=(id.eq.1,)", "logic tree"],
    ["/notes?and=(id.xx.1)", "logic tree"],
    ["/notes?columns=a,,b", "columns parameter"],
  ])("%s", async (path, what) => {
    const res = await rest(t, path);
    expect(res.status).toBe(400);
    const b = await body(res);
    expect(b.code).toBe("PGRST100");
    expect(String(b.message)).toContain(`failed to parse ${what}`);
    expect(typeof b.details).toBe("string");
  });

  it("reports it through supabase-js unchanged", async () => {
    const { error, status } = await c.anon.from("notes").select("id,(");
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST100");
  });
});

describe("schema cache errors", () => {
  it("PGRST205 for an unknown table, with a suggestion", async () => {
    const { error, status } = await c.anon.from("note").select();
    expect(status).toBe(404);
    expect(error).toEqual({
      code: "PGRST205",
      details: null,
      hint: "Perhaps you meant the table 'public.notes'",
      message: "Could not find the table 'public.note' in the schema cache",
    });
  });

  it("42703 for an unknown column in select, filter or order", async () => {
    for (const q of [
      c.anon.from("notes").select("nope"),
      c.anon.from("notes").select().eq("nope", 1),
      c.anon.from("notes").select().order("nope"),
    ]) {
      const { error, status } = await q;
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: "42703", message: "column notes.nope does not exist" });
    }
  });

  it("PGRST200 for an unknown relationship and PGRST201 for an ambiguous one", async () => {
    const none = await c.anon.from("notes").select("id, secretz(*)");
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({
      code: "PGRST200",
      message: "Could not find a relationship between 'notes' and 'secretz' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'notes' and 'secretz' in the schema 'public', but no matches were found.",
    });
    const hinted = await c.anon.from("notes").select("id, profiles!nope(*)");
    expect(hinted.error?.details).toBe(
      "Searched for a foreign key relationship between 'notes' and 'profiles' using the hint 'nope' in the schema 'public', but no matches were found.",
    );
    const ambiguous = await c.anon.from("messages").select("id, profiles(username)");
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({
      code: "PGRST201",
      message:
        "Could not embed because more than one relationship was found for 'messages' and 'profiles'",
    });
    expect(ambiguous.error?.details).toHaveLength(2);
  });

  it("PGRST108 for a filter on a resource that is not embedded, PGRST118 and PGRST120 for misuse of embeds", async () => {
    const notEmbedded = await c.anon.from("notes").select("id").eq("comments.id", 1);
    expect(notEmbedded.error).toMatchObject({
      code: "PGRST108",
      message: "'comments' is not an embedded resource in this request",
    });
    const order = await c.anon.from("notes").select("id, comments(id)").order("comments(id)");
    expect(order.error).toMatchObject({
      code: "PGRST118",
      message: "A related order on 'comments' is not possible",
    });
    const filter = await c.anon.from("notes").select("id, comments(id)").eq("comments", 1);
    expect(filter.error).toMatchObject({ code: "PGRST120" });
  });

  it("PGRST123 for aggregates, PGRST125 for a bad path", async () => {
    expect((await c.anon.from("notes").select("rating.sum()")).error).toMatchObject({
      code: "PGRST123",
      message: "Use of aggregate functions is not allowed",
    });
    const res = await rest(t, "/notes/1");
    expect(res.status).toBe(404);
    expect(await body(res)).toMatchObject({
      code: "PGRST125",
      message: "Invalid path specified in request URL",
    });
  });
});

describe("negotiation errors", () => {
  it("PGRST106 for a schema that is not exposed", async () => {
    const { error, status } = await c.anon.schema("auth").from("users").select();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: "PGRST106",
      details: null,
      hint: "Only the following schemas are exposed: public, extra",
      message: "Invalid schema: auth",
    });
  });

  it("PGRST122 for preferences it does not know, with handling=strict", async () => {
    const res = await rest(t, "/labels", { headers: { prefer: "handling=strict, colour=blue" } });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({
      code: "PGRST122",
      details: "Invalid preferences: colour=blue",
      hint: null,
      message: "Invalid preferences given with handling=strict",
    });
    expect((await rest(t, "/labels", { headers: { prefer: "colour=blue" } })).status).toBe(200);
  });

  it("PGRST107 for a media type it cannot produce", async () => {
    const res = await rest(t, "/notes", { headers: { accept: "application/xml" } });
    expect(res.status).toBe(406);
    expect(await body(res)).toMatchObject({
      code: "PGRST107",
      message: "None of these media types are available: application/xml",
    });
  });
});

describe("privileges and tokens", () => {
  it("42501 is 401 for anon and 403 for a signed-in user", async () => {
    const anon = await c.anon.from("secrets").select();
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({
      code: "42501",
      message: "permission denied for table secrets",
    });
    const user = await c.alice.from("secrets").select();
    expect(user.status).toBe(403);
    expect(user.error?.code).toBe("42501");
    const service = await c.service.from("secrets").select("value");
    expect(service.data).toEqual([{ value: "top secret" }]);
  });

  it("42501 for a row that fails a policy's WITH CHECK", async () => {
    const { error, status } = await c.alice
      .from("notes")
      .insert({ title: "as bob", owner_id: BOB });
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: "42501",
      message: 'new row violates row-level security policy for table "notes"',
    });
  });

  it("PGRST303 for an expired token, with WWW-Authenticate", async () => {
    const expired = await userToken(t, BOB, { exp: Math.floor(Date.now() / 1000) - 60 });
    const res = await rest(t, "/notes", {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(await body(res)).toEqual({
      code: "PGRST303",
      details: null,
      hint: null,
      message: "JWT expired",
    });
    const { error } = await client(t, LOCAL_PUBLISHABLE_KEY, expired).from("notes").select();
    expect(error?.code).toBe("PGRST303");
  });

  it("a token accepted before is refused as expired once its time is up", async () => {
    // Requests that follow one another with the same token are answered from what was verified
    // the first time; that must end at the token's `exp` to the second.
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await userToken(t, BOB, { exp });
    const headers = { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${token}` };
    expect((await rest(t, "/notes", { headers })).status).toBe(200);
    expect((await rest(t, "/notes", { headers })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    const late = await rest(t, "/notes", { headers });
    expect(late.status).toBe(401);
    expect(await body(late)).toMatchObject({ code: "PGRST303", message: "JWT expired" });
  });

  it("PGRST301 for a token that is malformed or signed with another key", async () => {
    const malformed = await rest(t, "/notes", {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, authorization: "Bearer not.a-token" },
    });
    expect(malformed.status).toBe(401);
    expect(await body(malformed)).toMatchObject({
      code: "PGRST301",
      message: "Expected 3 parts in JWT; got 2",
    });
    const forged = await new SignJWT({ sub: BOB, role: "service_role" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET.replace("super", "other")));
    const res = await rest(t, "/secrets", {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    expect((await body(res)).code).toBe("PGRST301");
  });

  it("401 for an API key it does not know", async () => {
    const res = await rest(t, "/notes", { headers: { apikey: "sb_publishable_wrong" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "Invalid API key" });
  });
});
