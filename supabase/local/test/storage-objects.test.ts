import { Readable } from "node:stream";
import { StorageApiError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBackend } from "./support/local-backend";
import { errorOf, serviceClient, startStorageBackend, text } from "./support/storage-support";

let t: TestBackend;
const storage = () => serviceClient(t).storage.from("files");
beforeAll(async () => {
  t = await startStorageBackend();
  await serviceClient(t).storage.createBucket("files");
  await serviceClient(t).storage.createBucket("other");
});
afterAll(() => t?.stop());

async function read(path: string, bucket = "files"): Promise<string> {
  const { data, error } = await serviceClient(t).storage.from(bucket).download(path);
  if (error) throw error;
  return data!.text();
}

describe("uploads in every form supabase-js sends", () => {
  it("a Blob goes as a multipart form, with cache control and metadata", async () => {
    const { data, error } = await storage().upload("forms/blob.txt", text("from a blob"), {
      cacheControl: "120",
      metadata: { note: "first" },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: "forms/blob.txt", fullPath: "files/forms/blob.txt" });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await read("forms/blob.txt")).toBe("from a blob");
    const info = await storage().info("forms/blob.txt");
    expect(info.data).toMatchObject({
      name: "forms/blob.txt",
      bucketId: "files",
      size: 11,
      contentType: "text/plain",
      cacheControl: "max-age=120",
      metadata: { note: "first" },
    });
  });

  it("raw bytes with a content type and metadata in headers", async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    const { error } = await storage().upload("forms/raw.bin", bytes, {
      contentType: "application/x-test",
      metadata: { kind: "raw" },
    });
    expect(error).toBeNull();
    const { data } = await storage().download("forms/raw.bin");
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(bytes);
    expect(data!.type).toBe("application/x-test");
    expect((await storage().info("forms/raw.bin")).data?.metadata).toEqual({ kind: "raw" });
  });

  it("a Node stream with duplex", async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
    const { error } = await storage().upload("forms/stream.bin", Readable.from(chunks), {
      contentType: "application/octet-stream",
      duplex: "half",
    });
    expect(error).toBeNull();
    const { data } = await storage().download("forms/stream.bin");
    // Compared as one value: a deep equal of half a megabyte byte by byte is slow.
    expect(Buffer.from(await data!.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
  });

  it("a FormData the caller built", async () => {
    const form = new FormData();
    form.append("cacheControl", "60");
    form.append("", new Blob(["<p>hi</p>"], { type: "text/html" }), "page.html");
    expect((await storage().upload("forms/page.html", form)).error).toBeNull();
    const info = await storage().info("forms/page.html");
    expect(info.data).toMatchObject({ contentType: "text/html", cacheControl: "max-age=60" });
  });
});

describe("replacing and reading objects", () => {
  it("refuses an existing key without upsert, replaces it with upsert or update", async () => {
    await storage().upload("replace/a.txt", text("one"));
    const again = await storage().upload("replace/a.txt", text("two"));
    expect(errorOf(again.error)).toMatchObject({
      message: "The resource already exists",
      statusCode: "409",
    });
    expect(await read("replace/a.txt")).toBe("one");
    expect(
      (await storage().upload("replace/a.txt", text("two"), { upsert: true })).error,
    ).toBeNull();
    expect(await read("replace/a.txt")).toBe("two");
    expect((await storage().update("replace/a.txt", text("three"))).error).toBeNull();
    expect(await read("replace/a.txt")).toBe("three");
  });

  it("answers exists, and a missing object with the real error", async () => {
    await storage().upload("exists/yes.txt", text("y"));
    expect((await storage().exists("exists/yes.txt")).data).toBe(true);
    expect((await storage().exists("exists/no.txt")).data).toBe(false);
    const missing = await storage().download("exists/no.txt");
    expect(missing.error).toBeInstanceOf(StorageApiError);
    expect(errorOf(missing.error)).toMatchObject({
      message: "Object not found",
      status: 400,
      statusCode: "404",
    });
    const info = await storage().info("exists/no.txt");
    expect(errorOf(info.error)).toMatchObject({ message: "Object not found" });
  });

  it("serves HEAD, ranges and ETags over plain HTTP", async () => {
    await storage().upload("http/range.txt", text("0123456789"));
    const url = `${t.url}/storage/v1/object/authenticated/files/http/range.txt`;
    const headers = { apikey: "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz" };
    const head = await fetch(url, { method: "HEAD", headers });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("10");
    const etag = head.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const part = await fetch(url, { headers: { ...headers, range: "bytes=2-4" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("234");
    const same = await fetch(url, { headers: { ...headers, "if-none-match": etag } });
    expect(same.status).toBe(304);
  });
});

describe("list", () => {
  beforeAll(async () => {
    for (const name of [
      "list/b.txt",
      "list/a.txt",
      "list/sub/c.txt",
      "list/sub/deep/d.txt",
      "list/zz/e.txt",
    ])
      await storage().upload(name, text(name));
  });

  it("shows one level with folders as the real service does", async () => {
    const { data } = await storage().list("list");
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ["a.txt", false],
      ["b.txt", false],
      ["sub", true],
      ["zz", true],
    ]);
    const file = data!.find((e) => e.name === "a.txt")!;
    expect(file.metadata).toMatchObject({ size: 10, mimetype: "text/plain" });
    expect(data!.find((e) => e.name === "sub")).toMatchObject({ metadata: null, updated_at: null });
  });

  it("honours limit, offset, search and sortBy", async () => {
    const page = await storage().list("list", { limit: 2, offset: 1 });
    expect(page.data!.map((e) => e.name)).toEqual(["b.txt", "sub"]);
    const found = await storage().list("list", { search: "b" });
    expect(found.data!.map((e) => e.name)).toEqual(["b.txt"]);
    const desc = await storage().list("list", { sortBy: { column: "name", order: "desc" } });
    expect(desc.data!.map((e) => e.name)).toEqual(["zz", "sub", "b.txt", "a.txt"]);
  });

  it("list-v2 pages through every key with a cursor, or folders with a delimiter", async () => {
    const first = await storage().listV2({ prefix: "list/", limit: 3 });
    expect(first.data!.objects.map((o) => o.name)).toEqual([
      "list/a.txt",
      "list/b.txt",
      "list/sub/c.txt",
    ]);
    expect(first.data!.hasNext).toBe(true);
    const second = await storage().listV2({
      prefix: "list/",
      limit: 3,
      cursor: first.data!.nextCursor,
    });
    expect(second.data!.objects.map((o) => o.name)).toEqual([
      "list/sub/deep/d.txt",
      "list/zz/e.txt",
    ]);
    expect(second.data!.hasNext).toBe(false);
    const delimited = await storage().listV2({ prefix: "list/", with_delimiter: true });
    expect(delimited.data!.folders.map((f) => f.name)).toEqual(["list/sub/", "list/zz/"]);
    expect(delimited.data!.objects.map((o) => o.name)).toEqual(["list/a.txt", "list/b.txt"]);
  });
});

describe("move, copy and remove", () => {
  it("moves within and across buckets", async () => {
    await storage().upload("move/from.txt", text("moving"));
    expect(await storage().move("move/from.txt", "move/to.txt")).toEqual({
      data: { message: "Successfully moved" },
      error: null,
    });
    expect(await read("move/to.txt")).toBe("moving");
    expect((await storage().exists("move/from.txt")).data).toBe(false);
    const across = await storage().move("move/to.txt", "arrived.txt", {
      destinationBucket: "other",
    });
    expect(across.error).toBeNull();
    expect(await read("arrived.txt", "other")).toBe("moving");
  });

  it("copies within and across buckets; the copy is independent", async () => {
    await storage().upload("copy/src.txt", text("original"));
    const copied = await storage().copy("copy/src.txt", "copy/dst.txt");
    expect(copied.data).toEqual({ path: "files/copy/dst.txt" });
    await storage().upload("copy/src.txt", text("changed"), { upsert: true });
    expect(await read("copy/dst.txt")).toBe("original");
    const across = await storage().copy("copy/src.txt", "copied.txt", {
      destinationBucket: "other",
    });
    expect(across.error).toBeNull();
    expect(await read("copied.txt", "other")).toBe("changed");
    const onto = await storage().copy("copy/src.txt", "copy/dst.txt");
    expect(errorOf(onto.error).message).toBe("The resource already exists");
  });

  it("removes many and answers with what it removed", async () => {
    await storage().upload("rm/1.txt", text("1"));
    await storage().upload("rm/2.txt", text("2"));
    const { data } = await storage().remove(["rm/1.txt", "rm/2.txt", "rm/none.txt"]);
    expect(data!.map((o) => o.name).sort()).toEqual(["rm/1.txt", "rm/2.txt"]);
    expect((await storage().list("rm")).data).toEqual([]);
  });
});
