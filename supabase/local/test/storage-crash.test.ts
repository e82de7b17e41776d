import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createClient } from "@supabase/supabase-js";
import * as tus from "tus-js-client";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { spawnBackend, type BackendProcess } from "@groundwork/local-backend/process";
import { LOCAL_SECRET_KEY } from "./support/local-backend";

// The real CLI as a child process, so kill -9 takes the database and every open upload with it.
let running: BackendProcess | null = null;
const dir = mkdtempSync(path.join(tmpdir(), "storage-crash-"));
afterEach(async () => {
  await running?.stop("SIGKILL");
  running = null;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(): Promise<BackendProcess> {
  running = await spawnBackend({ dataDir: dir, env: { SUPABASE_LOCAL_RATE_LIMITS: "off" } });
  return running;
}

const storage = (b: BackendProcess) =>
  createClient(b.url, LOCAL_SECRET_KEY, { auth: { persistSession: false } }).storage;

async function rows(b: BackendProcess) {
  const res = await fetch(`${b.url}/pg/query`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: LOCAL_SECRET_KEY },
    body: JSON.stringify({
      query: `select name, version, metadata->>'size' as size, metadata->>'eTag' as etag
              from storage.objects where bucket_id = 'crash'`,
    }),
  });
  return (await res.json()) as { name: string; version: string; size: string; etag: string }[];
}

/** A body that trickles out, so the process dies while it is being received. */
function trickle(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      sent += 64 * 1024;
      setTimeout(() => this.push(Buffer.alloc(64 * 1024, 7)), 5);
    },
  });
}

describe("kill -9 during uploads", () => {
  it("keeps every acknowledged upload and leaves no row without its whole file", async () => {
    let b = await start();
    await storage(b).createBucket("crash");
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { error } = await storage(b).from("crash").upload(`done/${i}.txt`, `object ${i}`);
      expect(error).toBeNull();
      acknowledged.push(`done/${i}.txt`);
    }
    // Uploads in flight, and one finishing, when the process is killed.
    const inFlight = [0, 1, 2].map((i) =>
      storage(b)
        .from("crash")
        .upload(`flight/${i}.bin`, trickle(20 * 1024 * 1024), { duplex: "half" })
        .catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 400));
    const last = storage(b).from("crash").upload("done/last.txt", "last one");
    const ack = await last;
    if (!ack.error) acknowledged.push("done/last.txt");
    await b.stop("SIGKILL");
    await Promise.all(inFlight);
    // The killed process left partial files behind: the restart has something to clean.
    expect(readdirSync(path.join(dir, "storage", "tmp")).length).toBeGreaterThan(0);

    b = await start();
    const found = await rows(b);
    const names = found.map((r) => r.name);
    for (const name of acknowledged) expect(names).toContain(name);
    const objects = path.join(dir, "storage", "objects");
    for (const row of found) {
      const file = path.join(objects, row.version);
      expect(existsSync(file)).toBe(true);
      const bytes = readFileSync(file);
      expect(bytes.byteLength).toBe(Number(row.size));
      expect(`"${createHash("md5").update(bytes).digest("hex")}"`).toBe(row.etag);
    }
    // Partial writes and files no row names are gone after the restart.
    expect(readdirSync(path.join(dir, "storage", "tmp"))).toEqual([]);
    expect(readdirSync(objects).sort()).toEqual(found.map((r) => r.version).sort());
    expect(names.filter((n) => n.startsWith("flight/"))).toEqual([]);
    const { data } = await storage(b).from("crash").download("done/3.txt");
    expect(await data!.text()).toBe("object 3");
  }, 120_000);

  it("keeps the acknowledged part of a resumable upload, which then resumes to the same bytes", async () => {
    let b = await start();
    await storage(b).createBucket("resume");
    const bytes = randomBytes(2 * 1024 * 1024);
    const headers = { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` };
    const options = (endpoint: string) => ({
      endpoint: `${endpoint}/storage/v1/upload/resumable`,
      headers,
      chunkSize: 256 * 1024,
      retryDelays: [],
      metadata: { bucketName: "resume", objectName: "big.bin", contentType: "application/x-big" },
    });
    let uploadUrl = "";
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        ...options(b.url),
        onError: reject,
        onProgress(sent) {
          if (sent >= 1024 * 1024 && !uploadUrl) {
            uploadUrl = upload.url!;
            upload.abort().then(resolve, reject);
          }
        },
      });
      upload.start();
    });
    await b.stop("SIGKILL");

    b = await start();
    // The restarted backend listens on another port; the upload's id is what carries over.
    const resumed = `${b.url}${new URL(uploadUrl).pathname}`;
    const head = await fetch(resumed, {
      method: "HEAD",
      headers: { ...headers, "tus-resumable": "1.0.0" },
    });
    expect(Number(head.headers.get("upload-offset"))).toBeGreaterThanOrEqual(1024 * 1024);
    expect((await storage(b).from("resume").exists("big.bin")).data).toBe(false);
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(bytes, {
        ...options(b.url),
        uploadUrl: resumed,
        onError: reject,
        onSuccess: () => resolve(),
      }).start();
    });
    const { data } = await storage(b).from("resume").download("big.bin");
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
  }, 120_000);
});
