import path from "node:path";
import { PostgrestClient } from "@supabase/postgrest-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/keys";
import { loadConfig } from "@groundwork/local-backend";
import { startTestBackend, type TestBackend } from "./support/local-backend";

const supabaseDir = path.join(import.meta.dirname, "fixtures", "grants");

const noKey = {
  message: "No API key found in request",
  hint: "No `apikey` request header or url param was found.",
};

describe("requests with no API key, as the CLI's stack answers them (the default)", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({
      supabaseDir,
      env: { ...process.env, SUPABASE_LOCAL_REQUIRE_API_KEY: "off" },
    });
  });
  afterAll(() => t?.stop());

  // supabase/cli internal/start/templates/kong.yml: the gateway copies a key into Authorization
  // only when there is one, so PostgREST sees no token and runs the request as its anon role.
  it("the database API runs them as anon, as postgrest-js's own test suite relies on", async () => {
    const postgrest = new PostgrestClient(`${t.url}/rest/v1`);
    const open = await postgrest.from("open_board").select("message");
    expect(open.error).toBeNull();
    expect(open.data).toEqual([{ message: "visible to everyone" }]);

    const staff = await postgrest.from("staff_only").select("id");
    expect(staff.status).toBe(401);
    expect(staff.error).toMatchObject({
      code: "42501",
      message: "permission denied for table staff_only",
    });

    const description = await fetch(`${t.url}/rest/v1/`);
    expect(description.status).toBe(200);
  });

  // supabase/storage src/http/plugins/jwt.ts: with no Authorization, storage-api verifies an empty
  // token and answers jose's refusal, except on the routes that allow an invalid JWT.
  it("storage answers as storage-api does when no token reaches it", async () => {
    const res = await fetch(`${t.url}/storage/v1/bucket`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: "403",
      code: "AccessDenied",
      error: "Unauthorized",
      message: "Invalid Compact JWS",
    });
    const publicObject = await fetch(`${t.url}/storage/v1/object/public/nowhere/file.txt`);
    expect(await publicObject.json()).toMatchObject({ statusCode: "404" });
  });

  it("a key given still decides the role", async () => {
    const res = await fetch(`${t.url}/rest/v1/staff_only`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY },
    });
    expect(res.status).toBe(401);
  });
});

describe("SUPABASE_LOCAL_REQUIRE_API_KEY=on: hosted's gateway", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({
      supabaseDir,
      env: { ...process.env, SUPABASE_LOCAL_REQUIRE_API_KEY: "on" },
    });
  });
  afterAll(() => t?.stop());

  it("refuses a keyless postgrest-js request with the gateway's 401", async () => {
    const postgrest = new PostgrestClient(`${t.url}/rest/v1`);
    const open = await postgrest.from("open_board").select("message");
    expect(open.status).toBe(401);
    expect(open.data).toBeNull();
    expect(open.error).toMatchObject(noKey);
  });

  it.each([
    ["database API", "/rest/v1/open_board?select=message"],
    ["storage API", "/storage/v1/bucket"],
    ["resumable uploads", "/storage/v1/upload/resumable"],
  ])("refuses the %s", async (_n, p) => {
    const res = await fetch(`${t.url}${p}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(noKey);
  });
});

describe("the setting", () => {
  it("is off unless set, and takes on/off", () => {
    const env = (v?: string) => ({ SUPABASE_LOCAL_REQUIRE_API_KEY: v });
    expect(loadConfig({ supabaseDir, env: {} }).api.requireApiKey).toBe(false);
    expect(loadConfig({ supabaseDir, env: env("on") }).api.requireApiKey).toBe(true);
    expect(loadConfig({ supabaseDir, env: env("off") }).api.requireApiKey).toBe(false);
    expect(() => loadConfig({ supabaseDir, env: env("maybe") })).toThrow(
      'SUPABASE_LOCAL_REQUIRE_API_KEY: must be on or off, got "maybe"',
    );
  });
});
