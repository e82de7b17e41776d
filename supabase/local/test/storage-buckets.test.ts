import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBackend } from "./support/local-backend";
import {
  ALICE,
  anonClient,
  errorOf,
  serviceClient,
  startStorageBackend,
  text,
  userClient,
} from "./support/storage-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startStorageBackend();
});
afterAll(() => t?.stop());

describe("buckets", () => {
  it("creates the buckets config.toml declares, with their settings", async () => {
    const { data, error } = await serviceClient(t).storage.listBuckets();
    expect(error).toBeNull();
    const byId = Object.fromEntries(data!.map((b) => [b.id, b]));
    expect(byId.avatars).toMatchObject({
      public: true,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ["image/*"],
    });
    expect(byId.attachments).toMatchObject({ public: false, file_size_limit: 4 * 1024 * 1024 });
  });

  it("uploads the files under a bucket's objects_path at start", async () => {
    const { data } = anonClient(t).storage.from("seeded").getPublicUrl("docs/readme.txt");
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(await res.text()).toBe("hello from a seeded file\n");
  });

  it("creates, reads, updates, empties and deletes a bucket with the secret key", async () => {
    const storage = serviceClient(t).storage;
    const created = await storage.createBucket("reports", {
      public: false,
      fileSizeLimit: "2MB",
      allowedMimeTypes: ["text/*", "application/pdf"],
    });
    expect(created).toEqual({ data: { name: "reports" }, error: null });

    const got = await storage.getBucket("reports");
    expect(got.data).toMatchObject({
      id: "reports",
      name: "reports",
      public: false,
      allowed_mime_types: ["text/*", "application/pdf"],
    });
    // storage-api's parseFileSizeToBytes: MB is 1000².
    expect(got.data!.file_size_limit).toBe(2_000_000);

    const updated = await storage.updateBucket("reports", { public: true, fileSizeLimit: 1000 });
    expect(updated).toEqual({ data: { message: "Successfully updated" }, error: null });
    expect((await storage.getBucket("reports")).data).toMatchObject({
      public: true,
      file_size_limit: 1000,
    });

    await storage.from("reports").upload("a.txt", text("a"));
    const refused = await storage.deleteBucket("reports");
    expect(errorOf(refused.error)).toMatchObject({
      message: "The bucket you tried to delete is not empty",
      statusCode: "409",
    });

    expect(await storage.emptyBucket("reports")).toEqual({
      data: { message: "Empty bucket has been queued. Completion may take up to an hour." },
      error: null,
    });
    expect(await storage.deleteBucket("reports")).toEqual({
      data: { message: "Successfully deleted" },
      error: null,
    });
    const gone = await storage.getBucket("reports");
    expect(errorOf(gone.error)).toMatchObject({ message: "Bucket not found", statusCode: "404" });
  });

  it("refuses a second bucket with the same id", async () => {
    const storage = serviceClient(t).storage;
    await storage.createBucket("twice");
    const again = await storage.createBucket("twice");
    expect(errorOf(again.error)).toMatchObject({
      message: "The resource already exists",
      statusCode: "409",
    });
  });

  it("validates bucket names as storage-api does", async () => {
    const storage = serviceClient(t).storage;
    for (const name of ["a/b", "", "x".repeat(101)]) {
      const { error } = await storage.createBucket(name);
      expect(errorOf(error)).toMatchObject({ message: "Bucket name invalid", statusCode: "400" });
    }
  });

  it("lists with search, limit, offset and sort", async () => {
    const storage = serviceClient(t).storage;
    for (const name of ["list-b", "list-a", "list-c"]) await storage.createBucket(name);
    const { data } = await storage.listBuckets({
      search: "list-",
      sortColumn: "name",
      sortOrder: "desc",
      limit: 2,
      offset: 1,
    });
    expect(data!.map((b) => b.name)).toEqual(["list-b", "list-a"]);
    // The search is literal text: `_` and `%` match only themselves.
    expect((await storage.listBuckets({ search: "list_" })).data).toEqual([]);
    expect((await storage.listBuckets({ search: "%" })).data).toEqual([]);
  });

  it("leaves bucket creation to RLS on storage.buckets for the publishable key", async () => {
    const anon = await anonClient(t).storage.createBucket("anon-bucket");
    expect(errorOf(anon.error)).toMatchObject({
      message: "new row violates row-level security policy",
      statusCode: "403",
    });
    const alice = (await userClient(t, ALICE)).storage;
    expect((await alice.createBucket("alice-private")).error).toBeNull();
    const publicOne = await alice.createBucket("alice-public", { public: true });
    expect(errorOf(publicOne.error).statusCode).toBe("403");
    // Without a select policy for anon, the bucket list is empty for a signed-out visitor.
    expect((await anonClient(t).storage.listBuckets()).data).toEqual([]);
  });
});
