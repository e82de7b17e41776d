import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./support/local-backend";
import {
  ALICE,
  errorOf,
  serviceClient,
  startStorageBackend,
  userClient,
} from "./support/storage-support";

// Files must never become pages of the API's origin. storage-api refuses a Content-Type that is
// not one media type ("Invalid Content-Type header", src/http/error-handler.ts), matches a
// bucket's allowed_mime_types on type/subtype (src/storage/uploader.ts validateMimeType) and
// serves text/html as text/plain (src/storage/renderer/renderer.ts normalizeContentType).

let t: TestBackend;
beforeAll(async () => {
  t = await startStorageBackend();
});
afterAll(() => t?.stop());

const SVG = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>`;
const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const MALFORMED = {
  message: "Invalid Content-Type header",
  statusCode: "415",
  status: 400,
};

describe("content types of uploads", () => {
  it("refuses a Content-Type with a type list hidden in a parameter (image/png;x=,text/html)", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    for (const contentType of [
      "image/png;x=,text/html",
      "image/png, text/html",
      "image/png/x",
      "image/png;",
      "image/",
      "text/html;image/png",
    ]) {
      const { error } = await avatars.upload(`${ALICE}/trick.png`, Buffer.from(SVG), {
        contentType,
      });
      expect(errorOf(error), contentType).toMatchObject(MALFORMED);
    }
    expect((await avatars.exists(`${ALICE}/trick.png`)).data).toBe(false);
  });

  it("takes a well-formed type with parameters, matching type/subtype exactly", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    const ok = await avatars.upload(`${ALICE}/ok.png`, PNG_1PX, {
      contentType: 'image/png; name="a;b.png"',
    });
    expect(ok.error).toBeNull();
    const bad = await serviceClient(t)
      .storage.from("avatars")
      .upload(`${ALICE}/page.html`, Buffer.from("<p>hi</p>"), { contentType: "text/html" });
    expect(errorOf(bad.error)).toMatchObject({
      message: "mime type text/html is not supported",
      statusCode: "415",
    });
  });
});

describe("serving what a browser would run", () => {
  it("serves text/html as text/plain, with a sandboxing policy", async () => {
    const service = serviceClient(t).storage.from("attachments");
    const upload = await service.upload("pages/x.html", Buffer.from("<script>alert(1)</script>"), {
      contentType: "text/html; charset=utf-8",
    });
    expect(upload.error).toBeNull();
    const { data } = await service.createSignedUrl("pages/x.html", 60);
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("<script>alert(1)</script>");
  });

  it("sends an SVG from a public bucket as a download, never as a page", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    expect(
      (
        await avatars.upload(`${ALICE}/face.svg`, Buffer.from(SVG), {
          contentType: "image/svg+xml",
        })
      ).error,
    ).toBeNull();
    const url = avatars.getPublicUrl(`${ALICE}/face.svg`).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=face\.svg/);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(await res.text()).toBe(SVG);
  });

  it("sends every object, a plain picture too, with the sandboxing policy", async () => {
    const avatars = (await userClient(t, ALICE)).storage.from("avatars");
    await avatars.upload(`${ALICE}/plain.png`, PNG_1PX, { contentType: "image/png" });
    const res = await fetch(avatars.getPublicUrl(`${ALICE}/plain.png`).data.publicUrl);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });
});

describe("the project's avatars bucket", () => {
  let project: TestBackend;
  beforeAll(async () => {
    project = await startTestBackend();
  });
  afterAll(() => project?.stop());

  it("takes PNG, JPEG, WebP and GIF only: an SVG is refused", async () => {
    const { data } = await project.serviceClient().storage.getBucket("avatars");
    expect([...(data?.allowed_mime_types ?? [])].sort()).toEqual([
      "image/gif",
      "image/jpeg",
      "image/png",
      "image/webp",
    ]);
    const avatars = project.serviceClient().storage.from("avatars");
    const svg = await avatars.upload("someone/face.svg", Buffer.from(SVG), {
      contentType: "image/svg+xml",
    });
    expect(errorOf(svg.error)).toMatchObject({
      message: "mime type image/svg+xml is not supported",
      statusCode: "415",
    });
    const png = await avatars.upload("someone/face.png", PNG_1PX, { contentType: "image/png" });
    expect(png.error).toBeNull();
  });
});
