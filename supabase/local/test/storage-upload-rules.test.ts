import { readdirSync } from "node:fs";
import path from "node:path";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./support/local-backend";
import {
  ALICE,
  BOB,
  errorOf,
  serviceClient,
  STORAGE_FIXTURE,
  startStorageBackend,
  userClient,
  userToken,
} from "./support/storage-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startStorageBackend();
  await sql(
    t,
    `insert into storage.buckets (id, name, public) values ('dropbox', 'dropbox', false);
     create policy "anyone signed in drops files" on storage.objects for insert to authenticated
       with check (bucket_id = 'dropbox');`,
  );
});
afterAll(() => t?.stop());

const MiB = 1024 * 1024;
const RLS = { message: "new row violates row-level security policy", statusCode: "403" };

async function sql(backend: TestBackend, query: string): Promise<void> {
  const res = await fetch(`${backend.url}/pg/query`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      apikey: LOCAL_SECRET_KEY,
      authorization: `Bearer ${LOCAL_SECRET_KEY}`,
    },
    body: JSON.stringify({ query }),
  });
  if (!res.ok) throw new Error(`${query}: ${await res.text()}`);
}

const b64 = (s: string) => Buffer.from(s).toString("base64");

async function as(backend: TestBackend, sub: string | null): Promise<Record<string, string>> {
  const token = sub ? await userToken(backend, sub) : LOCAL_SECRET_KEY;
  return {
    apikey: sub ? LOCAL_PUBLISHABLE_KEY : LOCAL_SECRET_KEY,
    authorization: `Bearer ${token}`,
    "tus-resumable": "1.0.0",
  };
}

/** POST /upload/resumable as tus-js-client sends it; answers the upload's URL. */
async function create(
  backend: TestBackend,
  sub: string | null,
  bucket: string,
  objectName: string,
  length: { size: number } | "deferred",
  contentType = "application/octet-stream",
): Promise<Response> {
  return fetch(`${backend.url}/storage/v1/upload/resumable`, {
    method: "POST",
    headers: {
      ...(await as(backend, sub)),
      ...(length === "deferred"
        ? { "upload-defer-length": "1" }
        : { "upload-length": String(length.size) }),
      "upload-metadata": `bucketName ${b64(bucket)},objectName ${b64(objectName)},contentType ${b64(contentType)}`,
    },
  });
}

async function created(...args: Parameters<typeof create>): Promise<string> {
  const res = await create(...args);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.get("location")!;
}

async function patch(
  url: string,
  headers: Record<string, string>,
  offset: number,
  body: Uint8Array<ArrayBuffer>,
  extra: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: "PATCH",
    headers: {
      ...headers,
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...extra,
    },
    body,
  });
}

describe("resumable uploads belong to whoever made them (storage-api checks each request)", () => {
  it("another user holding the URL can neither read, write nor delete it", async () => {
    const name = `${ALICE}/tus/mine.bin`;
    const url = await created(t, ALICE, "attachments", name, { size: 10 });
    const bob = await as(t, BOB);
    const head = await fetch(url, { method: "HEAD", headers: bob });
    expect(head.status).toBe(404);
    expect(head.headers.get("upload-metadata")).toBeNull();
    expect((await patch(url, bob, 0, new Uint8Array(10).fill(66))).status).toBe(404);
    expect((await fetch(url, { method: "DELETE", headers: bob })).status).toBe(404);
    // Not the service key either: it did not make the upload.
    const service = await as(t, null);
    expect((await fetch(url, { method: "HEAD", headers: service })).status).toBe(404);

    const alice = await as(t, ALICE);
    const own = await fetch(url, { method: "HEAD", headers: alice });
    expect(own.status).toBe(200);
    expect(own.headers.get("upload-offset")).toBe("0");
    expect((await patch(url, alice, 0, new Uint8Array(10).fill(65))).status).toBe(204);
    const { data } = await (await userClient(t, ALICE)).storage.from("attachments").download(name);
    expect(await data?.text()).toBe("A".repeat(10));
  });

  it("never serves an unfinished upload's bytes", async () => {
    const url = await created(t, ALICE, "attachments", `${ALICE}/tus/half.bin`, { size: 20 });
    const alice = await as(t, ALICE);
    expect((await patch(url, alice, 0, new Uint8Array(5).fill(1))).status).toBe(204);
    const res = await fetch(url, { headers: alice });
    expect(res.status).toBe(404);
    expect((await res.json()) as unknown).toMatchObject({ statusCode: "404", error: "Not Found" });
  });
});

describe("a deferred length still meets the bucket's limit", () => {
  it("refuses a declared length over the bucket's limit (attachments: 4 MiB)", async () => {
    const url = await created(t, ALICE, "attachments", `${ALICE}/tus/deferred.bin`, "deferred");
    const alice = await as(t, ALICE);
    const res = await patch(url, alice, 0, new Uint8Array(0), { "upload-length": String(5 * MiB) });
    expect(res.status).toBe(413);
  });

  it("stops bytes past the bucket's limit while the length is still unknown", async () => {
    const name = `${ALICE}/tus/endless.bin`;
    const url = await created(t, ALICE, "attachments", name, "deferred");
    const alice = await as(t, ALICE);
    const res = await patch(url, alice, 0, new Uint8Array(4 * MiB + 1));
    expect(res.status).toBe(413);
    const exists = await serviceClient(t).storage.from("attachments").exists(name);
    expect(exists.data).toBe(false);
  });

  it("refuses a type the bucket does not allow, deferred or not", async () => {
    const res = await create(t, ALICE, "avatars", `${ALICE}/page.html`, "deferred", "text/html");
    expect(res.status).toBe(415);
  });
});

describe("copies meet the destination bucket's rules", () => {
  it("refuses a copy whose type the destination does not allow", async () => {
    const files = serviceClient(t).storage.from("attachments");
    expect(
      (await files.upload("c/notes.txt", "just text", { contentType: "text/plain" })).error,
    ).toBeNull();
    const { error } = await files.copy("c/notes.txt", `${ALICE}/notes.txt`, {
      destinationBucket: "avatars",
    });
    expect(errorOf(error)).toMatchObject({
      message: "mime type text/plain is not supported",
      statusCode: "415",
    });
    expect((await serviceClient(t).storage.from("avatars").exists(`${ALICE}/notes.txt`)).data).toBe(
      false,
    );
  });

  it("refuses a copy larger than the destination's limit (avatars: 1 MiB)", async () => {
    const files = serviceClient(t).storage.from("attachments");
    const big = Buffer.alloc(2 * MiB, 1);
    expect((await files.upload("c/big.png", big, { contentType: "image/png" })).error).toBeNull();
    const { error } = await files.copy("c/big.png", `${ALICE}/big.png`, {
      destinationBucket: "avatars",
    });
    expect(errorOf(error)).toMatchObject({
      message: "The object exceeded the maximum allowed size",
      statusCode: "413",
    });
  });
});

describe("an upload needs only an INSERT policy, as on hosted Supabase", () => {
  it("takes a file into a bucket whose only policy is INSERT", async () => {
    const dropbox = (await userClient(t, ALICE)).storage.from("dropbox");
    const { data, error } = await dropbox.upload("a/letter.txt", "hello", {
      contentType: "text/plain",
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: "a/letter.txt", fullPath: "dropbox/a/letter.txt" });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await serviceClient(t).storage.from("dropbox").download("a/letter.txt");
    expect(await stored.data?.text()).toBe("hello");
  });

  it("takes a resumable upload into it too", async () => {
    const bytes = Buffer.alloc(1000, 9);
    await new Promise<void>((resolve, reject) => {
      void as(t, BOB).then((headers) =>
        new tus.Upload(bytes, {
          endpoint: `${t.url}/storage/v1/upload/resumable`,
          headers,
          retryDelays: [],
          metadata: { bucketName: "dropbox", objectName: "b/r.bin", contentType: "image/png" },
          onSuccess: () => resolve(),
          onError: reject,
        }).start(),
      );
    });
    const stored = await serviceClient(t).storage.from("dropbox").download("b/r.bin");
    expect(stored.data?.size).toBe(1000);
  });

  it("but replacing a file (upsert) needs SELECT and UPDATE as well", async () => {
    const dropbox = (await userClient(t, ALICE)).storage.from("dropbox");
    expect(
      (await dropbox.upload("a/twice.txt", "one", { contentType: "text/plain" })).error,
    ).toBeNull();
    const again = await dropbox.upload("a/twice.txt", "two", {
      contentType: "text/plain",
      upsert: true,
    });
    expect(errorOf(again.error)).toMatchObject(RLS);
    const stored = await serviceClient(t).storage.from("dropbox").download("a/twice.txt");
    expect(await stored.data?.text()).toBe("one");
  });
});

describe("abandoned resumable uploads expire (storage-api's TUS_URL_EXPIRY_MS)", () => {
  let short: TestBackend;
  beforeAll(async () => {
    short = await startTestBackend({
      supabaseDir: STORAGE_FIXTURE,
      env: { ...process.env, SUPABASE_LOCAL_TUS_URL_EXPIRY_MS: "1000" },
    });
  });
  afterAll(() => short?.stop());

  it("tells the client when the upload expires, and removes it once it has", async () => {
    const res = await create(short, ALICE, "attachments", `${ALICE}/gone.bin`, { size: 100 });
    expect(res.status).toBe(201);
    const expires = Date.parse(res.headers.get("upload-expires") ?? "");
    expect(expires).toBeGreaterThan(Date.now() - 5000);
    expect(expires).toBeLessThan(Date.now() + 60_000);
    const dir = path.join(short.dataDir, "storage", "resumable");
    expect(readdirSync(dir).length).toBeGreaterThan(0);
    const url = res.headers.get("location")!;
    await expect.poll(() => readdirSync(dir).length, { timeout: 10_000, interval: 250 }).toBe(0);
    const alice = await as(short, ALICE);
    const head = await fetch(url, { method: "HEAD", headers: alice });
    expect([404, 410]).toContain(head.status);
    expect((await patch(url, alice, 0, new Uint8Array(100))).status).toBeGreaterThanOrEqual(404);
  });
});
