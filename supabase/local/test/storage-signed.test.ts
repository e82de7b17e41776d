import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import type { TestBackend } from "./support/local-backend";
import {
  ALICE,
  BOB,
  errorOf,
  serviceClient,
  startStorageBackend,
  text,
  userClient,
} from "./support/storage-support";

let t: TestBackend;
const path = `${ALICE}/note-1/report.txt`;
beforeAll(async () => {
  t = await startStorageBackend();
  await serviceClient(t).storage.from("attachments").upload(path, text("the report"));
});
afterAll(() => t?.stop());

const attachments = async (sub = ALICE) => (await userClient(t, sub)).storage.from("attachments");

async function failure(url: string) {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe("signed download URLs", () => {
  it("serve the object to anyone holding the URL until it expires", async () => {
    const { data, error } = await (await attachments()).createSignedUrl(path, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(/\/storage\/v1\/object\/sign\/attachments\/.+\?token=/);
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("the report");
    expect(res.headers.get("content-disposition")).toBeNull();
  });

  it("turn into a download with the object's name or a given one", async () => {
    const own = await (await attachments()).createSignedUrl(path, 60, { download: true });
    const res = await fetch(own.data!.signedUrl);
    expect(res.headers.get("content-disposition")).toContain("filename=report.txt");
    const named = await (await attachments()).createSignedUrl(path, 60, { download: "q3.txt" });
    expect((await fetch(named.data!.signedUrl)).headers.get("content-disposition")).toContain(
      "filename=q3.txt",
    );
  });

  it("sign many at once", async () => {
    const { data } = await (await attachments()).createSignedUrls([path, `${ALICE}/none.txt`], 60);
    expect(data![0]).toMatchObject({ error: null, path });
    expect(await (await fetch(data![0].signedUrl!)).text()).toBe("the report");
    expect(data![1]).toMatchObject({ path: `${ALICE}/none.txt`, signedUrl: null });
  });

  it("refuse an expired token with the real error", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ url: `attachments/${path}` })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    const res = await failure(
      `${t.url}/storage/v1/object/sign/attachments/${path}?token=${expired}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: "400",
      error: "InvalidJWT",
      message: '"exp" claim timestamp check failed',
    });
  });

  it("refuse an altered token, and one made for another object", async () => {
    const { data } = await (await attachments()).createSignedUrl(path, 60);
    const url = new URL(data!.signedUrl);
    const [head, payload, sig] = url.searchParams.get("token")!.split(".");
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, "base64url").toString()),
        url: "attachments/x",
      }),
    ).toString("base64url");
    const altered = await failure(
      `${t.url}/storage/v1/object/sign/attachments/x?token=${head}.${forged}.${sig}`,
    );
    expect(altered.body).toMatchObject({
      error: "InvalidJWT",
      message: "signature verification failed",
    });
    const elsewhere = await failure(
      `${t.url}/storage/v1/object/sign/attachments/${ALICE}/other.txt?token=${url.searchParams.get("token")}`,
    );
    expect(elsewhere.body).toMatchObject({
      error: "InvalidSignature",
      message: "Invalid signature",
    });
    const none = await failure(`${t.url}/storage/v1/object/sign/attachments/${path}`);
    expect(none.status).toBe(400);
  });
});

describe("signed upload URLs", () => {
  it("let the holder upload once to that path, as the user who asked", async () => {
    const target = `${ALICE}/note-1/upload.txt`;
    const signed = await (await attachments()).createSignedUploadUrl(target);
    expect(signed.error).toBeNull();
    expect(signed.data).toMatchObject({ path: target });
    expect(signed.data!.token).toBeTruthy();
    const anon = serviceClient(t).storage.from("attachments");
    const up = await anon.uploadToSignedUrl(target, signed.data!.token, text("via signed url"));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: target, fullPath: `attachments/${target}` });
    expect(await (await (await attachments()).download(target)).data!.text()).toBe(
      "via signed url",
    );
    const again = await anon.uploadToSignedUrl(target, signed.data!.token, text("twice"));
    expect(errorOf(again.error)).toMatchObject({ message: "The resource already exists" });
  });

  it("replace an existing object when made with upsert", async () => {
    const target = `${ALICE}/note-1/replace.txt`;
    await (await attachments()).upload(target, text("old"));
    const plain = await (await attachments()).createSignedUploadUrl(target);
    expect(errorOf(plain.error).message).toBe("The resource already exists");
    const signed = await (await attachments()).createSignedUploadUrl(target, { upsert: true });
    const up = await serviceClient(t)
      .storage.from("attachments")
      .uploadToSignedUrl(target, signed.data!.token, text("new"));
    expect(up.error).toBeNull();
    expect(await (await (await attachments()).download(target)).data!.text()).toBe("new");
  });

  it("are only made for callers allowed to upload there", async () => {
    const refused = await (await attachments(BOB)).createSignedUploadUrl(`${ALICE}/note-1/x.txt`);
    expect(errorOf(refused.error)).toMatchObject({
      message: "new row violates row-level security policy",
      statusCode: "403",
    });
  });

  it("cannot be used to download, nor a download token to upload", async () => {
    const target = `${ALICE}/note-1/scoped.txt`;
    const up = await (await attachments()).createSignedUploadUrl(target);
    const asDownload = await failure(
      `${t.url}/storage/v1/object/sign/attachments/${target}?token=${up.data!.token}`,
    );
    expect(asDownload.body.message).toBe("Token is not scoped for download");
    const down = await (await attachments()).createSignedUrl(path, 60);
    const token = new URL(down.data!.signedUrl).searchParams.get("token")!;
    const asUpload = await serviceClient(t)
      .storage.from("attachments")
      .uploadToSignedUrl(path, token, text("x"));
    expect(errorOf(asUpload.error).message).toBe("Token is not scoped for upload");
  });
});
