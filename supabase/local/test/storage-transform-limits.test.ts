import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBackend } from "./support/local-backend";
import {
  ALICE,
  errorOf,
  serviceClient,
  startStorageBackend,
  userClient,
} from "./support/storage-support";

// Hosted Storage renders through imgproxy with max_src_resolution 50 megapixels, and storage-api
// words imgproxy's refusal as "The source image resolution is too large to process", 400
// (src/storage/renderer/image.ts). A small file can claim a huge image: the header decides.

let t: TestBackend;
beforeAll(async () => {
  t = await startStorageBackend();
});
afterAll(() => t?.stop());

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A PNG whose header claims `width` x `height` RGB pixels; only its first rows are present. */
function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const TOO_LARGE = {
  statusCode: "400",
  code: "InvalidRequest",
  error: "InvalidRequest",
  message: "The source image resolution is too large to process",
};

describe("image transforms refuse sources over 50 megapixels", () => {
  it("refuses a 256-megapixel PNG from its header, to anyone asking for a render", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    const bomb = claimedPng(16_000, 16_000);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const upload = await avatars.upload(`${ALICE}/bomb.png`, bomb, { contentType: "image/png" });
    expect(upload.error).toBeNull();

    const url = avatars.getPublicUrl(`${ALICE}/bomb.png`, { transform: { width: 100 } }).data
      .publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(TOO_LARGE);

    const viaClient = await avatars.download(`${ALICE}/bomb.png`, { transform: { width: 100 } });
    expect(errorOf(viaClient.error)).toMatchObject({ message: TOO_LARGE.message });

    // The object itself is still there to download as it is.
    const plain = await avatars.download(`${ALICE}/bomb.png`);
    expect(plain.data?.size).toBe(bomb.byteLength);
  });

  it("draws the line at 50 megapixels", async () => {
    const avatars = serviceClient(t).storage.from("avatars");
    await avatars.upload("edge/over.png", claimedPng(10_000, 5_001), { contentType: "image/png" });
    const over = await fetch(
      avatars.getPublicUrl("edge/over.png", { transform: { width: 10 } }).data.publicUrl,
    );
    expect(await over.json()).toEqual(TOO_LARGE);

    // Exactly 50 megapixels is let through to the renderer (this file's rows are cut short, so
    // it then fails as a broken image, not as a too-large one).
    await avatars.upload("edge/at.png", claimedPng(10_000, 5_000), { contentType: "image/png" });
    const at = await fetch(
      avatars.getPublicUrl("edge/at.png", { transform: { width: 10 } }).data.publicUrl,
    );
    expect(at.status).not.toBe(200);
    expect(((await at.json()) as { message: string }).message).not.toBe(TOO_LARGE.message);
  });

  it("still renders an ordinary picture, many at once", async () => {
    const png = readFileSync(path.join(import.meta.dirname, "fixtures", "images", "landscape.png"));
    const avatars = serviceClient(t).storage.from("avatars");
    await avatars.upload("ok/landscape.png", png, { contentType: "image/png" });
    const url = avatars.getPublicUrl("ok/landscape.png", { transform: { width: 30 } }).data
      .publicUrl;
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(url)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
  });
});
