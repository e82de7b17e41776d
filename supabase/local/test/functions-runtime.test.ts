import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient, FunctionsHttpError } from "@supabase/supabase-js";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "@groundwork/local-backend/keys";
import { copyFixture, startFunctionsBackend, writeFile } from "./support/functions-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
let fixture: ReturnType<typeof copyFixture>;
const log: string[] = [];

beforeAll(async () => {
  fixture = copyFixture("runtime");
  writeFile(
    path.join(fixture.dir, "functions/.env"),
    "GREETING_SECRET=s3cret-from-dotenv\nSUPABASE_URL=http://not-this\n",
  );
  t = await startFunctionsBackend(fixture.dir, (line) => log.push(line));
});
afterAll(async () => {
  await t?.stop();
  fixture?.remove();
});

const fnUrl = (name: string) => `${t.url}/functions/v1/${name}`;

/** The Deno processes running this fixture's functions, or only those running `file`. */
const functionProcesses = (file = fixture.dir) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(file) && l.includes("runner.ts"));

async function failure(result: { error: unknown }) {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const res = (result.error as FunctionsHttpError).context as Response;
  return { status: res.status, body: await res.text(), type: res.headers.get("content-type") };
}

describe("invoking a function through supabase-js", () => {
  it("passes JSON bodies, subpaths, query strings, methods and headers through", async () => {
    const { data, error, response } = await t
      .anonClient()
      .functions.invoke("hello/notes/42?view=full", {
        body: { name: "Ada" },
        headers: { "x-custom": "kept" },
        method: "PUT",
      });
    expect(error).toBeNull();
    expect(response?.headers.get("x-answered-by")).toBe("hello");
    expect(data).toEqual({
      method: "PUT",
      path: "/hello/notes/42",
      search: "?view=full",
      custom: "kept",
      contentType: "application/json",
      body: JSON.stringify({ name: "Ada" }),
    });
    for (const method of ["GET", "DELETE", "PATCH"] as const) {
      const res = await t.anonClient().functions.invoke("hello", { method });
      expect(res.data.method).toBe(method);
    }
  });

  it("passes text and binary bodies through unchanged", async () => {
    const text = await t.anonClient().functions.invoke("hello", { body: "plain words" });
    expect(text.data).toMatchObject({ contentType: "text/plain", body: "plain words" });

    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const { data, error } = await t
      .anonClient()
      .functions.invoke("hello/binary", { body: bytes.buffer });
    expect(error).toBeNull();
    expect(data).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (data as Blob).arrayBuffer())]).toEqual([...bytes].reverse());
  });

  it("streams a request body through to the function", async () => {
    const size = 16 * 1024 * 1024;
    const piece = new Uint8Array(64 * 1024).fill(7);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close();
        sent += piece.byteLength;
        controller.enqueue(piece);
      },
    });
    const res = await fetch(fnUrl("hello/count"), {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${LOCAL_ANON_KEY}` },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(200);
    const { bytes, chunks } = await res.json();
    expect(bytes).toBe(size);
    // Arrived in pieces, not as one buffered body.
    expect(chunks).toBeGreaterThan(10);
  });

  it("streams a response: the first chunk arrives while the function is still writing", async () => {
    const { data, error } = await t.anonClient().functions.invoke("hello/stream");
    expect(error).toBeNull();
    const reader = (data as Response).body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    const firstAt = performance.now();
    let text = decoder.decode(first.value);
    for (let r = await reader.read(); !r.done; r = await reader.read())
      text += decoder.decode(r.value);
    expect(text).toBe("chunk 0\nchunk 1\nchunk 2\nchunk 3\nchunk 4\n");
    // Four more chunks at 150 ms each were still to come when the first one was read.
    expect(performance.now() - firstAt).toBeGreaterThan(400);
  });

  it("lets the function answer CORS preflight itself, without a JWT", async () => {
    const res = await fetch(fnUrl("hello"), {
      method: "OPTIONS",
      headers: { origin: "http://localhost:3000", "access-control-request-method": "POST" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(res.headers.get("access-control-allow-headers")).toBe(
      "authorization, x-client-info, apikey, content-type",
    );
    // The function's own headers only: nothing added on its behalf.
    expect(res.headers.get("access-control-max-age")).toBeNull();
  });

  it("sends the function's output to the backend log under its name, not to the client", async () => {
    const { data } = await t.anonClient().functions.invoke("hello/logged", { body: "x" });
    expect(JSON.stringify(data)).not.toContain("hello got");
    expect(log).toContain("[hello] hello got POST /hello/logged");
  });
});

describe("verify_jwt", () => {
  const call = (name: string, headers: Record<string, string> = {}) =>
    fetch(fnUrl(name), { method: "POST", headers });

  it("accepts a signed-in user's token and the API keys in either style", async () => {
    const email = `fn-${Date.now()}@example.com`;
    const client = t.anonClient();
    await client.auth.signUp({ email, password: "correct horse battery" });
    const signedIn = await client.functions.invoke("hello");
    expect(signedIn.error).toBeNull();
    expect((await t.serviceClient().functions.invoke("hello")).error).toBeNull();
    const legacy = createClient(t.url, LOCAL_ANON_KEY);
    expect((await legacy.functions.invoke("hello")).error).toBeNull();
  });

  it("refuses missing, malformed, expired and forged tokens with the runtime's 401", async () => {
    expect(await (await call("hello")).json()).toEqual({
      msg: "Error: Missing authorization header",
    });
    const basic = await call("hello", { authorization: "Basic abc" });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });

    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: crypto.randomUUID(), role: "authenticated", aud: "authenticated" };
    const expired = await t.backend.keys.sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: t.backend.keys.jwks().keys[0].kid })
      .setExpirationTime("1h")
      .sign(privateKey);
    for (const token of [expired, forged]) {
      const res = await call("hello", { authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ msg: "Invalid JWT" });
    }
    const unknownKey = await call("hello", { authorization: "Bearer sb_publishable_nope" });
    expect(unknownKey.status).toBe(401);
  });

  it("lets anyone in when verify_jwt = false", async () => {
    const res = await call("open");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("open to anyone");
  });
});

describe("failures answer as the edge runtime does, and harm nothing else", () => {
  async function othersStillWork() {
    expect((await t.anonClient().functions.invoke("hello")).error).toBeNull();
    const health = await fetch(`${t.url}/auth/v1/health`);
    expect(health.status).toBe(200);
  }

  it("an exception in the handler is a 500 WORKER_ERROR, logged, and the next request works", async () => {
    expect(await failure(await t.anonClient().functions.invoke("throws"))).toEqual({
      status: 500,
      type: "application/json",
      body: JSON.stringify({
        code: "WORKER_ERROR",
        message: "Function exited due to an error (please check logs)",
      }),
    });
    expect(log.some((l) => l.includes("[throws] Error: something went wrong inside"))).toBe(true);
    await othersStillWork();
  });

  /** Runs `body` with a 2-second wall-clock limit (read per request), then puts 400 s back. */
  async function withShortLimit(body: () => Promise<void>) {
    t.backend.config.functions.wallClockLimit = 2;
    try {
      await body();
    } finally {
      t.backend.config.functions.wallClockLimit = 400;
    }
  }

  it("a function that never answers gets 546 WORKER_LIMIT at the wall-clock limit", () =>
    withShortLimit(async () => {
      const started = performance.now();
      const res = await failure(await t.anonClient().functions.invoke("hangs"));
      expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
      expect(res).toEqual({
        status: 546,
        type: "application/json",
        body: JSON.stringify({
          code: "WORKER_LIMIT",
          message: "Worker failed to respond due to a resource limit (please check logs)",
        }),
      });
      await othersStillWork();
    }));

  it("a response still streaming at the wall-clock limit is cut there", () =>
    withShortLimit(async () => {
      const started = performance.now();
      const { data } = await t.anonClient().functions.invoke("hello/forever");
      const reader = (data as Response).body!.getReader();
      let ticks = 0;
      await expect(
        (async () => {
          for (let r = await reader.read(); !r.done; r = await reader.read()) ticks++;
        })(),
      ).rejects.toThrow();
      expect(ticks).toBeGreaterThan(3);
      expect(performance.now() - started).toBeLessThan(6000);
    }).then(othersStillWork));

  it("a function that ends its own process mid-request is a 500 WORKER_ERROR, then boots again", async () => {
    const first = await t.anonClient().functions.invoke("exits");
    expect(first.data).toBe("request 1 of this process");
    expect(await failure(await t.anonClient().functions.invoke("exits"))).toMatchObject({
      status: 500,
      body: JSON.stringify({
        code: "WORKER_ERROR",
        message: "Function exited due to an error (please check logs)",
      }),
    });
    expect((await t.anonClient().functions.invoke("exits")).data).toBe("request 1 of this process");
  });

  it("a function that fails to boot is a 503 BOOT_ERROR", async () => {
    expect(await failure(await t.anonClient().functions.invoke("broken"))).toEqual({
      status: 503,
      type: "application/json",
      body: JSON.stringify({
        code: "BOOT_ERROR",
        message: "Worker failed to boot (please check logs)",
      }),
    });
    expect(log.some((l) => l.includes("[broken] Error: cannot start: a setting is missing"))).toBe(
      true,
    );
    await othersStillWork();
  });

  it("unknown and disabled functions answer the hosted edge runtime's JSON 404 NOT_FOUND", async () => {
    for (const name of ["no-such-function", "disabled", "_shared"]) {
      const { error } = await t.anonClient().functions.invoke(name);
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const res = (error as FunctionsHttpError).context as Response;
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("sb-error-code")).toBe("NOT_FOUND");
      expect(await res.json()).toEqual({
        code: "NOT_FOUND",
        message: "Requested function was not found",
      });
    }
  });
});

describe("configuration and development", () => {
  it("gives the function the project's URL and keys and the secrets from functions/.env", async () => {
    const { data } = await t.anonClient().functions.invoke("env");
    expect(data).toMatchObject({
      SUPABASE_URL: t.url,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      GREETING_SECRET: "s3cret-from-dotenv",
      HOME: null,
      SUPABASE_LOCAL_FUNCTION_NONCE: null,
    });
    expect(data.SUPABASE_SECRET_KEY).toMatch(/^sb_secret_/);
    expect(JSON.parse(data.SUPABASE_PUBLISHABLE_KEYS).default).toMatch(/^sb_publishable_/);
    expect(JSON.parse(data.SUPABASE_SECRET_KEYS).default).toBe(data.SUPABASE_SECRET_KEY);
    expect(log.join("\n")).not.toContain("s3cret-from-dotenv");
    expect(log.join("\n")).not.toContain(data.SUPABASE_SECRET_KEY);
  });

  it("serves a function under the name config.toml gives its entrypoint", async () => {
    expect((await t.anonClient().functions.invoke("renamed")).data).toBe("open to anyone");
  });

  it("resolves imports through the function's deno.json and config.toml's import_map", async () => {
    expect((await t.anonClient().functions.invoke("imports")).data).toBe("hello, deno.json");
    expect((await t.anonClient().functions.invoke("mapped")).data).toBe("FROM THE IMPORT MAP");
  });

  it("a request under way when its function's files change still gets its whole answer", async () => {
    const file = path.join(fixture.dir, "functions/hello/index.ts");
    const running = () => functionProcesses(file);
    const res = await fetch(fnUrl("hello/forever"), {
      headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const read = async () => decoder.decode((await reader.read()).value);
    expect(await read()).toContain("tick");

    const restarts = log.filter((line) => line.includes("[hello] files changed")).length;
    writeFile(file, `${readFileSync(file, "utf8")}// touched\n`);
    for (let i = 0; i < 100; i++) {
      if (log.filter((line) => line.includes("[hello] files changed")).length > restarts) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(log.filter((line) => line.includes("[hello] files changed")).length).toBe(restarts + 1);

    // The next request boots the files as they are now, beside the one still answering.
    expect((await t.anonClient().functions.invoke("hello", { method: "GET" })).data.method).toBe(
      "GET",
    );
    expect(running()).toHaveLength(2);
    // The answer under way goes on, from the process it began on.
    let text = "";
    while (text.split("tick").length - 1 < 3) text += await read();
    await reader.cancel();
    // Once it has ended, that process ends too.
    for (let i = 0; i < 100 && running().length > 1; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(running()).toHaveLength(1);
  });

  it("picks up a changed file without restarting the backend", async () => {
    expect((await t.anonClient().functions.invoke("open")).data).toBe("open to anyone");
    writeFile(
      path.join(fixture.dir, "functions/open/index.ts"),
      'Deno.serve(() => new Response("changed while running"));\n',
    );
    let seen = "";
    for (let i = 0; i < 50 && seen !== "changed while running"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await t.anonClient().functions.invoke("open")).data;
    }
    expect(seen).toBe("changed while running");
  });

  it("picks up a changed functions/.env without restarting the backend", async () => {
    expect((await t.anonClient().functions.invoke("env")).data.GREETING_SECRET).toBe(
      "s3cret-from-dotenv",
    );
    writeFile(path.join(fixture.dir, "functions/.env"), "GREETING_SECRET=rotated\n");
    let seen = "";
    for (let i = 0; i < 50 && seen !== "rotated"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await t.anonClient().functions.invoke("env")).data.GREETING_SECRET;
    }
    expect(seen).toBe("rotated");
  });

  it("stops every function's process with the backend", async () => {
    await t.anonClient().functions.invoke("hello");
    const running = () => functionProcesses();
    expect(running().length).toBeGreaterThan(0);
    await t.stop();
    expect(running()).toEqual([]);
    t = undefined as unknown as TestBackend;
  });
});
