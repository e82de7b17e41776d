import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeJwt } from "jose";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";
import { errorOf, serviceClient, startStorageBackend, text } from "./support/storage-support";

let t: TestBackend;
const bucket = () => serviceClient(t).storage.from("shapes");

// Creation times out of name order, so each sort shows itself.
const TIMES: Record<string, [string, string]> = {
  "z.txt": ["2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"],
  "a/e.txt": ["2026-01-02T00:00:00.000Z", "2026-01-02T00:00:00.000Z"],
  "a/d/three.txt": ["2026-01-03T00:00:00.000Z", "2026-01-03T00:00:00.000Z"],
  "a/c.txt": ["2026-01-04T00:00:00.000Z", "2026-01-09T00:00:00.000Z"],
  "a/b/one.txt": ["2026-01-05T00:00:00.000Z", "2026-01-05T00:00:00.000Z"],
  "a/b/two.txt": ["2026-01-06T00:00:00.000Z", "2026-01-06T00:00:00.000Z"],
};

beforeAll(async () => {
  t = await startStorageBackend();
  await serviceClient(t).storage.createBucket("shapes");
  for (const [name, [created, updated]] of Object.entries(TIMES)) {
    const { error } = await bucket().upload(name, text(name));
    if (error) throw error;
    await t.backend.db.query(
      "update storage.objects set created_at = $2, updated_at = $3 where bucket_id = 'shapes' and name = $1",
      [name, created, updated],
    );
  }
});
afterAll(() => t?.stop());

/** storage-api's continuation token, read back (src/storage/object.ts encodeContinuationToken). */
const tokenText = (cursor: string | undefined) =>
  cursor === undefined ? undefined : Buffer.from(cursor, "base64").toString();

type Page = {
  hasNext: boolean;
  nextCursor?: string;
  nextCursorKey?: string;
  folders: Record<string, unknown>[];
  objects: Record<string, unknown>[];
};

async function pages(options: Record<string, unknown>): Promise<Page[]> {
  const out: Page[] = [];
  let cursor: string | undefined;
  do {
    const { data, error } = await bucket().listV2({ ...options, cursor } as never);
    expect(error).toBeNull();
    out.push(data as unknown as Page);
    cursor = (data as unknown as Page).nextCursor;
  } while (cursor && out.length < 10);
  return out;
}

const names = (ps: Page[]) =>
  ps.map((p) => [...p.folders.map((f) => f.name), ...p.objects.map((o) => o.name)].sort());

describe("list v2, as storage-api's listObjectsV2 answers", () => {
  it("gives folders under a prefix as {id: null, name} and objects with their key at that level", async () => {
    const { data } = await bucket().listV2({ prefix: "a/", with_delimiter: true });
    const page = data as unknown as Page;
    expect(page.hasNext).toBe(false);
    expect(page).not.toHaveProperty("nextCursor");
    expect(page.folders).toEqual([
      { id: null, name: "a/b/" },
      { id: null, name: "a/d/" },
    ]);
    expect(page.objects.map((o) => [o.key, o.name])).toEqual([
      ["c.txt", "a/c.txt"],
      ["e.txt", "a/e.txt"],
    ]);
    expect(Object.keys(page.objects[0]).sort()).toEqual([
      "created_at",
      "id",
      "key",
      "last_accessed_at",
      "metadata",
      "name",
      "updated_at",
    ]);
  });

  it("pages by name with storage-api's cursor, folders and objects in one order", async () => {
    const ps = await pages({ prefix: "a/", with_delimiter: true, limit: 1 });
    expect(names(ps)).toEqual([["a/b/"], ["a/c.txt"], ["a/d/"], ["a/e.txt"]]);
    expect(ps.map((p) => p.hasNext)).toEqual([true, true, true, false]);
    expect(tokenText(ps[0].nextCursor)).toBe("l:a/b/");
    expect(ps[0].nextCursorKey).toBe("a/b/");
    const desc = await pages({
      prefix: "a/",
      with_delimiter: true,
      limit: 3,
      sortBy: { column: "name", order: "desc" },
    });
    expect(names(desc)).toEqual([["a/c.txt", "a/d/", "a/e.txt"], ["a/b/"]]);
    expect(tokenText(desc[0].nextCursor)).toBe("l:a/c.txt\no:desc\nc:name");
  });

  it("sorts by created_at with folders at their earliest object, and the cursor carries the sort", async () => {
    const asc = await pages({
      prefix: "a/",
      with_delimiter: true,
      limit: 2,
      sortBy: { column: "created_at", order: "asc" },
    });
    expect(names(asc)).toEqual([
      ["a/d/", "a/e.txt"],
      ["a/b/", "a/c.txt"],
    ]);
    expect(asc[0].folders).toEqual([
      {
        key: "d",
        name: "a/d/",
        id: null,
        updated_at: "2026-01-03T00:00:00.000Z",
        created_at: "2026-01-03T00:00:00.000Z",
        last_accessed_at: null,
        metadata: null,
      },
    ]);
    expect(tokenText(asc[0].nextCursor)).toBe(
      "l:a/d\no:asc\nc:created_at\na:2026-01-03T00:00:00.000Z",
    );
    const desc = await pages({
      prefix: "a/",
      with_delimiter: true,
      limit: 3,
      sortBy: { column: "created_at", order: "desc" },
    });
    expect(names(desc)).toEqual([["a/b/", "a/c.txt", "a/d/"], ["a/e.txt"]]);
  });

  it("sorts every key under a prefix by updated_at without a delimiter, objects only", async () => {
    const ps = await pages({
      prefix: "a/",
      limit: 2,
      sortBy: { column: "updated_at", order: "desc" },
    });
    expect(ps.map((p) => p.objects.map((o) => o.name))).toEqual([
      ["a/c.txt", "a/b/two.txt"],
      ["a/b/one.txt", "a/d/three.txt"],
      ["a/e.txt"],
    ]);
    expect(ps.every((p) => p.folders.length === 0)).toBe(true);
    expect(Object.keys(ps[0].objects[0]).sort()).toEqual([
      "created_at",
      "id",
      "last_accessed_at",
      "metadata",
      "name",
      "updated_at",
    ]);
  });

  it("refuses a cursor that is not storage-api's with InvalidParameter", async () => {
    const res = await fetch(`${t.url}/storage/v1/object/list-v2/shapes`, {
      method: "POST",
      headers: {
        apikey: LOCAL_SECRET_KEY,
        "content-type": "application/json",
      },
      body: JSON.stringify({ cursor: Buffer.from("nonsense").toString("base64") }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: "400",
      code: "InvalidParameter",
      message: "Invalid Parameter continuation token",
    });
  });
});

describe("buckets, as storage-api's bucket routes answer", () => {
  it("get has the columns getBucket selects, list adds type, nothing more", async () => {
    const storage = serviceClient(t).storage;
    const got = await storage.getBucket("shapes");
    expect(Object.keys(got.data!).sort()).toEqual([
      "allowed_mime_types",
      "created_at",
      "file_size_limit",
      "id",
      "name",
      "owner",
      "public",
      "updated_at",
    ]);
    const listed = await storage.listBuckets();
    const shapes = listed.data!.find((b) => b.id === "shapes")!;
    expect(Object.keys(shapes).sort()).toEqual([
      "allowed_mime_types",
      "created_at",
      "file_size_limit",
      "id",
      "name",
      "owner",
      "public",
      "type",
      "updated_at",
    ]);
    expect(shapes.type).toBe("STANDARD");
  });

  it('reads a size limit such as "5MB" with decimal units, as parseFileSizeToBytes does', async () => {
    const storage = serviceClient(t).storage;
    await storage.createBucket("sized", { public: false, fileSizeLimit: "5MB" });
    expect((await storage.getBucket("sized")).data!.file_size_limit).toBe(5_000_000);
    await storage.updateBucket("sized", { public: false, fileSizeLimit: "1.5MB" });
    expect((await storage.getBucket("sized")).data!.file_size_limit).toBe(1_500_000);
    await storage.updateBucket("sized", { public: false, fileSizeLimit: "30KB" });
    expect((await storage.getBucket("sized")).data!.file_size_limit).toBe(30_000);

    const badFormat = await storage.updateBucket("sized", {
      public: false,
      fileSizeLimit: "5 MiB",
    });
    expect(errorOf(badFormat.error)).toMatchObject({
      statusCode: "400",
      message: "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
    });
    // Over the project's limit (8 MiB here) is EntityTooLarge, as parseMaxSizeLimit answers.
    const tooBig = await storage.createBucket("too-big", { public: false, fileSizeLimit: "20MB" });
    expect(errorOf(tooBig.error)).toMatchObject({
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });
  });

  it("emptying answers storage-api's queued message and empties the bucket", async () => {
    const storage = serviceClient(t).storage;
    await storage.createBucket("to-empty");
    await storage.from("to-empty").upload("x.txt", text("x"));
    expect(await storage.emptyBucket("to-empty")).toEqual({
      data: { message: "Empty bucket has been queued. Completion may take up to an hour." },
      error: null,
    });
    expect((await storage.from("to-empty").list()).data).toEqual([]);
  });
});

describe("object info, as storage-api's InfoRenderer answers", () => {
  it("has its fields and no others", async () => {
    const { data, error } = await bucket().info("a/c.txt");
    expect(error).toBeNull();
    expect(Object.keys(data!).sort()).toEqual([
      "bucketId",
      "cacheControl",
      "contentType",
      "createdAt",
      "etag",
      "id",
      "lastModified",
      "metadata",
      "name",
      "size",
      "version",
    ]);
    expect(data).toMatchObject({
      name: "a/c.txt",
      bucketId: "shapes",
      size: 7,
      contentType: "text/plain",
      lastModified: "2026-01-09T00:00:00.000Z",
      createdAt: "2026-01-04T00:00:00.000Z",
      cacheControl: "max-age=3600",
      metadata: null,
    });
    expect(data!.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });
});

describe("signed URLs with a transform, as storage-api's signObjectUrl makes them", () => {
  // 120 x 80 pixels.
  const PNG = readFileSync(path.join(import.meta.dirname, "fixtures", "images", "landscape.png"));
  const images = () => serviceClient(t).storage.from("shapes");

  it("carry the transformation in the token in storage-api's words, and render it", async () => {
    await images().upload("pics/landscape.png", PNG, { contentType: "image/png" });
    const { data, error } = await images().createSignedUrl("pics/landscape.png", 60, {
      transform: { width: 24, height: 16, resize: "fill", quality: 60 },
      download: "small.png",
    });
    expect(error).toBeNull();
    const url = new URL(data!.signedUrl);
    expect(url.pathname).toBe("/storage/v1/render/image/sign/shapes/pics/landscape.png");
    expect(decodeJwt(url.searchParams.get("token")!)).toMatchObject({
      url: "shapes/pics/landscape.png",
      transformations: "height:16,width:24,resize:fill,quality:60",
    });

    const res = await fetch(url);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 24, height: 16 });
    // storage-api's renderer: the token's expiry, and the attachment the `download` option asks for.
    expect(new Date(res.headers.get("expires")!).getTime()).toBeGreaterThan(Date.now());
    expect(res.headers.get("content-disposition")).toBe(
      "attachment; filename=small.png; filename*=UTF-8''small.png",
    );
  });

  it("a transform that changes nothing signs the object itself", async () => {
    const { data } = await images().createSignedUrl("pics/landscape.png", 60, {
      transform: { format: "origin" },
    });
    expect(new URL(data!.signedUrl).pathname).toBe(
      "/storage/v1/object/sign/shapes/pics/landscape.png",
    );
    const res = await fetch(data!.signedUrl);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
