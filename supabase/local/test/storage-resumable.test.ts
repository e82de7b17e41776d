import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResumableFiles } from "../src/storage/tus";
import { LOCAL_PUBLISHABLE_KEY, type TestBackend } from "./support/local-backend";
import {
  ALICE,
  BOB,
  serviceClient,
  startStorageBackend,
  userToken,
} from "./support/storage-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startStorageBackend();
});
afterAll(() => t?.stop());

const endpoint = () => `${t.url}/storage/v1/upload/resumable`;

async function headers(sub: string, upsert = false) {
  return {
    apikey: LOCAL_PUBLISHABLE_KEY,
    authorization: `Bearer ${await userToken(t, sub)}`,
    ...(upsert ? { "x-upsert": "true" } : {}),
  };
}

function options(
  objectName: string,
  h: Record<string, string>,
  extra: Partial<tus.UploadOptions> = {},
) {
  return {
    endpoint: endpoint(),
    headers: h,
    chunkSize: 256 * 1024,
    retryDelays: [],
    uploadDataDuringCreation: false,
    metadata: {
      bucketName: "attachments",
      objectName,
      contentType: "application/octet-stream",
      cacheControl: "3600",
    },
    ...extra,
  } satisfies tus.UploadOptions;
}

function finish(upload: tus.Upload): Promise<void> {
  return new Promise((resolve, reject) => {
    upload.options.onSuccess = () => resolve();
    upload.options.onError = reject;
    upload.start();
  });
}

describe("resumable uploads (tus)", () => {
  it("resumes an interrupted upload to a byte-identical object, invisible until done", async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 123);
    const name = `${ALICE}/note-1/big.bin`;
    const h = await headers(ALICE);
    let uploadUrl = "";
    await new Promise<void>((resolve, reject) => {
      const first = new tus.Upload(
        bytes,
        options(name, h, {
          onError: reject,
          onProgress(sent) {
            // Break the connection off past the first megabyte, as a dropped network would.
            if (sent >= 1024 * 1024 && !uploadUrl) {
              uploadUrl = first.url!;
              first.abort().then(resolve, reject);
            }
          },
        }),
      );
      first.start();
    });
    expect(uploadUrl).toMatch(/\/storage\/v1\/upload\/resumable\//);

    const head = await fetch(uploadUrl, {
      method: "HEAD",
      headers: { ...h, "tus-resumable": "1.0.0" },
    });
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(1024 * 1024);
    expect(offset).toBeLessThan(bytes.length);
    const files = serviceClient(t).storage.from("attachments");
    expect((await files.exists(name)).data).toBe(false);

    let resumedFrom = -1;
    await finish(
      new tus.Upload(
        bytes,
        options(name, h, {
          uploadUrl,
          onProgress(sent) {
            if (resumedFrom < 0) resumedFrom = sent;
          },
        }),
      ),
    );
    expect(resumedFrom).toBeGreaterThan(1024 * 1024 - 1);
    const { data } = await files.download(name);
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
    const info = await files.info(name);
    expect(info.data).toMatchObject({ size: bytes.length, cacheControl: "max-age=3600" });
  });

  it("refuses an existing object unless x-upsert, and replaces it with it", async () => {
    const name = `${ALICE}/note-1/again.bin`;
    await finish(new tus.Upload(Buffer.from("one"), options(name, await headers(ALICE))));
    await expect(
      finish(new tus.Upload(Buffer.from("two"), options(name, await headers(ALICE)))),
    ).rejects.toThrow(/409|already exists/);
    await finish(new tus.Upload(Buffer.from("two"), options(name, await headers(ALICE, true))));
    const { data } = await serviceClient(t).storage.from("attachments").download(name);
    expect(await data!.text()).toBe("two");
  });

  it("refuses what RLS, the size limit or the bucket refuse, at creation", async () => {
    const bob = finish(
      new tus.Upload(Buffer.from("x"), options(`${ALICE}/note-1/bob.bin`, await headers(BOB))),
    );
    const refused = (await bob.catch((e: unknown) => e)) as tus.DetailedError;
    expect(refused.message).toMatch(/row-level security/);
    // Refused when the upload is created, before any byte is sent.
    expect(refused.originalRequest?.getMethod()).toBe("POST");
    const big = finish(
      new tus.Upload(
        Buffer.alloc(5 * 1024 * 1024),
        options(`${ALICE}/note-1/huge.bin`, await headers(ALICE)),
      ),
    );
    await expect(big).rejects.toThrow(/413|exceeded the maximum allowed size/);
    const nowhere = new tus.Upload(Buffer.from("x"), {
      ...options(`${ALICE}/x.bin`, await headers(ALICE)),
      metadata: { bucketName: "no-such-bucket", objectName: "x.bin" },
    });
    await expect(finish(nowhere)).rejects.toThrow(/Bucket not found/);
  });
});

describe("the resumable uploads' folder", () => {
  it("is not checked again in the background, where a failure would crash the process", async () => {
    // FileStore makes the folder before the tus store exists. The library's own check is an
    // asynchronous mkdir that throws from its callback; an in-memory backend removes its folder on
    // stop, so a check still queued then would end the process. A folder that cannot be made
    // shows it: the check would throw here.
    const dir = mkdtempSync(path.join(tmpdir(), "resumable-"));
    const file = path.join(dir, "file");
    writeFileSync(file, "");
    new ResumableFiles({ directory: path.join(file, "resumable") });
    await new Promise((resolve) => setTimeout(resolve, 100));
    rmSync(dir, { recursive: true, force: true });
  });
});
