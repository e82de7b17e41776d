import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./support/local-backend";
import {
  ALICE,
  errorOf,
  serviceClient,
  startStorageBackend,
  STORAGE_FIXTURE,
  text,
  userClient,
} from "./support/storage-support";

// 120 x 80 pixels.
const PNG = readFileSync(path.join(import.meta.dirname, "fixtures", "images", "landscape.png"));
const key = `${ALICE}/landscape.png`;

let t: TestBackend;
beforeAll(async () => {
  t = await startStorageBackend();
  const avatars = (await userClient(t, ALICE)).storage.from("avatars");
  const { error } = await avatars.upload(key, PNG, { contentType: "image/png" });
  if (error) throw error;
});
afterAll(() => t?.stop());

async function shape(bytes: ArrayBuffer | Buffer) {
  const { width, height, format } = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { width, height, format };
}

describe("image transforms", () => {
  it("resizes on download: cover, contain and fill", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    const cover = await avatars.download(key, { transform: { width: 60, height: 60 } });
    expect(cover.error).toBeNull();
    expect(await shape(await cover.data!.arrayBuffer())).toEqual({
      width: 60,
      height: 60,
      format: "png",
    });
    const contain = await avatars.download(key, {
      transform: { width: 60, height: 60, resize: "contain" },
    });
    expect(await shape(await contain.data!.arrayBuffer())).toMatchObject({ width: 60, height: 40 });
    const fill = await avatars.download(key, {
      transform: { width: 30, height: 50, resize: "fill" },
    });
    expect(await shape(await fill.data!.arrayBuffer())).toMatchObject({ width: 30, height: 50 });
  });

  it("answers WebP when the client accepts it, unless format is origin", async () => {
    const publicUrl = serviceClient(t)
      .storage.from("avatars")
      .getPublicUrl(key, { transform: { width: 40 } }).data.publicUrl;
    expect(publicUrl).toContain("/render/image/public/avatars/");
    const webp = await fetch(publicUrl, { headers: { accept: "image/webp,image/*" } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(await shape(await webp.arrayBuffer())).toEqual({
      width: 40,
      height: 27,
      format: "webp",
    });
    const origin = await fetch(`${publicUrl}&format=origin`, { headers: { accept: "image/webp" } });
    expect(await shape(await origin.arrayBuffer())).toMatchObject({ format: "png", width: 40 });
  });

  it("lowers quality when asked", async () => {
    const url = (q: number) =>
      serviceClient(t)
        .storage.from("avatars")
        .getPublicUrl(key, { transform: { width: 120, quality: q } }).data.publicUrl;
    const accept = { headers: { accept: "image/webp" } };
    const high = (await (await fetch(url(100), accept)).arrayBuffer()).byteLength;
    const low = (await (await fetch(url(20), accept)).arrayBuffer()).byteLength;
    expect(low).toBeLessThan(high);
  });

  it("transforms through a signed URL, with the transform fixed in the token", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    const { data } = await avatars.createSignedUrl(key, 60, {
      transform: { width: 24, height: 16 },
    });
    expect(data!.signedUrl).toContain("/render/image/sign/avatars/");
    const res = await fetch(data!.signedUrl);
    expect(await shape(await res.arrayBuffer())).toMatchObject({ width: 24, height: 16 });
  });

  it("keeps private objects private and refuses what is not an image", async () => {
    const files = serviceClient(t).storage.from("attachments");
    await files.upload(`${ALICE}/photo.png`, PNG, { contentType: "image/png" });
    const anon = await fetch(
      `${t.url}/storage/v1/render/image/public/attachments/${ALICE}/photo.png?width=10`,
    );
    expect(await anon.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    await files.upload(`${ALICE}/notes.txt`, text("just text"));
    const notImage = await files.download(`${ALICE}/notes.txt`, { transform: { width: 10 } });
    expect(errorOf(notImage.error).status).toBe(400);
    const tooWide = await files.download(`${ALICE}/photo.png`, { transform: { width: 99999 } });
    expect(errorOf(tooWide.error).status).toBe(400);
  });
});

describe("with [storage.image_transformation] disabled", () => {
  it("has no render route", async () => {
    const off = await startTestBackend({
      supabaseDir: STORAGE_FIXTURE,
      env: { ...process.env, SUPABASE_STORAGE_IMAGE_TRANSFORMATION_ENABLED: "false" },
    });
    try {
      const res = await fetch(`${off.url}/storage/v1/render/image/public/avatars/${key}?width=10`);
      expect(res.status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});
