import { randomBytes } from "node:crypto";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotesWorld, type NotesWorld } from "./notes-support";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/testing";

// A note's attachment sent the way the app sends it: tus-js-client with the person's session.
let w: NotesWorld;
let noteId: string;
beforeAll(async () => {
  w = await startNotesWorld();
  const { data, error } = await w.owner.from("notes").insert({}).select("id").single();
  if (error) throw error;
  noteId = data.id;
});
afterAll(() => w?.t.stop());

async function options(objectName: string, extra: Partial<tus.UploadOptions> = {}) {
  const { data } = await w.owner.auth.getSession();
  return {
    endpoint: `${w.t.url}/storage/v1/upload/resumable`,
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      authorization: `Bearer ${data.session!.access_token}`,
    },
    chunkSize: 1024 * 1024,
    retryDelays: [],
    metadata: { bucketName: "attachments", objectName, contentType: "application/pdf" },
    ...extra,
  } satisfies tus.UploadOptions;
}

function run(upload: tus.Upload): Promise<void> {
  return new Promise((resolve, reject) => {
    upload.options.onSuccess = () => resolve();
    upload.options.onError = reject;
    upload.start();
  });
}

describe("an attachment's resumable upload", () => {
  it("is interrupted partway, then resumes from where the server stopped, not from zero", async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 17);
    const path = `${w.ownerId}/${noteId}/aa11bb-manual.pdf`;
    let uploadUrl = "";
    await new Promise<void>((resolve, reject) => {
      void options(path, {
        onError: reject,
        onChunkComplete(_chunk, sent) {
          // Cut off after two chunks, as a dropped connection would.
          if (sent >= 2 * 1024 * 1024 && !uploadUrl) {
            uploadUrl = first.url!;
            first.abort().then(resolve, reject);
          }
        },
      }).then((o) => {
        first = new tus.Upload(bytes, o);
        first.start();
      }, reject);
      let first: tus.Upload;
    });
    expect(uploadUrl).toMatch(/\/storage\/v1\/upload\/resumable\//);
    expect((await w.owner.storage.from("attachments").exists(path)).data).toBe(false);

    let resumedFrom = -1;
    await run(
      new tus.Upload(
        bytes,
        await options(path, {
          uploadUrl,
          onProgress(sent) {
            if (resumedFrom < 0) resumedFrom = sent;
          },
        }),
      ),
    );
    expect(resumedFrom).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    const { data } = await w.owner.storage.from("attachments").download(path);
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("is dropped by the server when cancelled, and nothing is stored", async () => {
    const path = `${w.ownerId}/${noteId}/ee33ff-cancelled.pdf`;
    const o = await options(path);
    let uploadUrl = "";
    await new Promise<void>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(randomBytes(3 * 1024 * 1024), {
        ...o,
        onError: reject,
        onChunkComplete() {
          if (uploadUrl) return;
          uploadUrl = upload.url!;
          // What the Cancel button does: abort and terminate.
          upload.abort(true).then(resolve, reject);
        },
      });
      upload.start();
    });
    const head = await fetch(uploadUrl, {
      method: "HEAD",
      headers: { ...o.headers, "tus-resumable": "1.0.0" },
    });
    expect([404, 410]).toContain(head.status);
    expect((await w.owner.storage.from("attachments").exists(path)).data).toBe(false);
  });

  it("is refused at creation into someone else's note, before any byte is sent", async () => {
    const other = await w.other.from("notes").insert({}).select("id").single();
    const path = `${w.ownerId}/${other.data!.id}/cc22dd-x.pdf`;
    const refused = (await run(new tus.Upload(randomBytes(10), await options(path))).catch(
      (e: unknown) => e,
    )) as tus.DetailedError;
    expect(refused.message).toMatch(/row-level security/);
    expect(refused.originalRequest?.getMethod()).toBe("POST");
  });
});
