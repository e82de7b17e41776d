import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";
import {
  ALICE,
  errorOf,
  serviceClient,
  startStorageBackend,
  text,
  userClient,
  userToken,
} from "./support/storage-support";

// The data folder sits alone in a folder of its own, so a file written outside it shows there and
// nothing else (other test files make and remove their folders in the system's temporary folder).
const outside = mkdtempSync(path.join(tmpdir(), "groundwork-storage-paths-"));
const dataDir = path.join(outside, "data");
mkdirSync(dataDir);
let t: TestBackend;
beforeAll(async () => {
  t = await startStorageBackend(dataDir);
});
afterAll(async () => {
  await t?.stop();
  rmSync(outside, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const TOO_LARGE = { message: "The object exceeded the maximum allowed size", statusCode: "413" };
const filesOnDisk = () => readdirSync(path.join(t.dataDir, "storage", "objects")).length;

describe("size and mime limits", () => {
  it("refuses an object over the bucket's limit, with the real status and message", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    const big = new Blob([Buffer.alloc(MiB + 1)], { type: "image/png" });
    const { error } = await avatars.upload(`${ALICE}/big.png`, big);
    expect(errorOf(error)).toMatchObject(TOO_LARGE);
    const raw = await avatars.upload(`${ALICE}/big-raw.png`, Buffer.alloc(MiB + 1), {
      contentType: "image/png",
    });
    expect(errorOf(raw.error)).toMatchObject(TOO_LARGE);
    expect((await avatars.exists(`${ALICE}/big.png`)).data).toBe(false);
  });

  it("stops a stream of unknown length once it passes the limit, and keeps nothing", async () => {
    const before = filesOnDisk();
    let sent = 0;
    const endless = Readable.from(
      (function* () {
        // 64 chunks of 128 KiB: 8 MiB, well past the 4 MiB of the attachments bucket.
        for (let i = 0; i < 64; i++) {
          sent += 128 * 1024;
          yield Buffer.alloc(128 * 1024, i);
        }
      })(),
    );
    const { error } = await serviceClient(t)
      .storage.from("attachments")
      .upload("stream/too-big.bin", endless, { duplex: "half", contentType: "application/x-big" });
    expect(errorOf(error)).toMatchObject(TOO_LARGE);
    expect(filesOnDisk()).toBe(before);
    expect(readdirSync(path.join(t.dataDir, "storage", "tmp"))).toEqual([]);
    const exists = await serviceClient(t).storage.from("attachments").exists("stream/too-big.bin");
    expect(exists.data).toBe(false);
    expect(sent).toBeGreaterThan(4 * MiB);
  });

  it("applies the global file_size_limit to buckets without their own", async () => {
    const storage = serviceClient(t).storage;
    await storage.createBucket("unlimited");
    const { error } = await storage.from("unlimited").upload("x.bin", Buffer.alloc(8 * MiB + 1));
    expect(errorOf(error)).toMatchObject(TOO_LARGE);
    const over = await storage.createBucket("too-generous", {
      public: false,
      fileSizeLimit: 9 * MiB,
    });
    // storage-api's parseMaxSizeLimit (src/storage/storage.ts) answers EntityTooLarge.
    expect(errorOf(over.error).statusCode).toBe("413");
  });

  it("refuses a type outside the bucket's allowed_mime_types, wildcards included", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    const { error } = await avatars.upload(`${ALICE}/notes.txt`, text("not an image"));
    expect(errorOf(error)).toMatchObject({
      message: "mime type text/plain is not supported",
      statusCode: "415",
    });
    const jpeg = new Blob([Buffer.from("ffd8ffe0", "hex")], { type: "image/jpeg" });
    expect((await avatars.upload(`${ALICE}/ok.jpg`, jpeg)).error).toBeNull();
  });
});

/** A raw request: fetch would resolve `..` and `.` segments before they reach the server. */
function rawUpload(rawPath: string): Promise<{ status: number; body: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.url}/storage/v1/object/attachments/x`,
      {
        method: "POST",
        path: `/storage/v1/object/attachments/${rawPath}`,
        headers: { apikey: LOCAL_SECRET_KEY, "content-type": "text/plain", "content-length": "1" },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end("x");
  });
}

describe("paths", () => {
  // Literal `.` and `..` segments are resolved by URL parsing before routing (as by any proxy in
  // front of hosted Storage), so only their encoded forms reach a key.
  const dotted = ["../escape.txt", "a/../../escape.txt", "a/./b.txt"];
  const attacks = [
    "a%2F..%2F..%2Fescape.txt",
    "..%2Fescape.txt",
    "a%2F.%2Fb.txt",
    "%2Fabsolute.txt",
    "a//b.txt",
    "control%01char.txt",
    "new%0Aline.txt",
    "x".repeat(1025),
  ];

  it.each(attacks)("refuses %j with 400, as an invalid key", async (name) => {
    const res = await rawUpload(name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: "400", error: "InvalidKey" });
    expect(res.body.message).toMatch(/^Invalid key: /);
  });

  it("never writes outside the storage folder, whatever the key", async () => {
    for (const name of [...attacks, ...dotted])
      expect((await rawUpload(name)).status).toBeLessThan(500);
    expect(readdirSync(outside)).toEqual(["data"]);
    expect(readdirSync(t.dataDir)).not.toContain("escape.txt");
  });

  it("refuses moves and copies to bad keys too", async () => {
    const storage = serviceClient(t).storage.from("attachments");
    await storage.upload("safe.txt", text("s"));
    for (const to of ["../out.txt", "a//b.txt"]) {
      expect(errorOf((await storage.move("safe.txt", to)).error).message).toBe(
        `Invalid key: ${to}`,
      );
      expect(errorOf((await storage.copy("safe.txt", to)).error).message).toBe(
        `Invalid key: ${to}`,
      );
    }
  });
});

describe("bad input", () => {
  it("answers a broken JSON body and a bad token with 4xx, never 5xx", async () => {
    const headers = { apikey: "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH" };
    const broken = await fetch(`${t.url}/storage/v1/object/list/attachments`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ statusCode: "400" });
    const badToken = await fetch(`${t.url}/storage/v1/bucket`, {
      headers: { ...headers, authorization: "Bearer not.a.token" },
    });
    expect(badToken.status).toBe(400);
    expect(await badToken.json()).toMatchObject({
      statusCode: "403",
      error: "Unauthorized",
      message: "signature verification failed",
    });
    const expired = await fetch(`${t.url}/storage/v1/object/list/attachments`, {
      method: "POST",
      headers: { ...headers, authorization: `Bearer ${await userToken(t, ALICE, -60)}` },
      body: "{}",
    });
    expect(await expired.json()).toMatchObject({
      statusCode: "403",
      message: '"exp" claim timestamp check failed',
    });
    const badKey = await fetch(`${t.url}/storage/v1/bucket`, {
      headers: { apikey: "sb_secret_nope" },
    });
    expect(badKey.status).toBe(401);
    const unknown = await fetch(`${t.url}/storage/v1/nothing-here`, { headers });
    expect(unknown.status).toBe(404);
  });
});
