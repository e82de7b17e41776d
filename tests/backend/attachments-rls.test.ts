import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotesWorld, type NotesClient, type NotesWorld } from "./notes-support";

// The product's own `attachments` bucket and policies: <owner id>/<note id>/<file>, owner only.
let w: NotesWorld;
let noteId: string;
let othersNoteId: string;
beforeAll(async () => {
  w = await startNotesWorld();
  noteId = await noteOf(w.owner);
  othersNoteId = await noteOf(w.other);
});
afterAll(() => w?.t.stop());

async function noteOf(client: NotesClient): Promise<string> {
  const { data, error } = await client
    .from("notes")
    .insert({ title: "Files" })
    .select("id")
    .single();
  if (error) throw error;
  return data.id;
}

const files = (c: NotesClient) => c.storage.from("attachments");
const png = (bytes = 64) => new Blob([new Uint8Array(bytes).fill(7)], { type: "image/png" });
const pdf = () => new Blob(["%PDF-1.4 report"], { type: "application/pdf" });
const RLS = /row-level security/;

function ownerPath(name: string) {
  return `${w.ownerId}/${noteId}/${name}`;
}

describe("attachments: who may do what with a note's files", () => {
  it("the owner uploads into their note's folder, then downloads, lists, signs and removes", async () => {
    const path = ownerPath("a1b2c3-report.pdf");
    expect((await files(w.owner).upload(path, pdf())).error).toBeNull();
    const got = await files(w.owner).download(path);
    expect(await got.data?.text()).toBe("%PDF-1.4 report");
    const listed = await files(w.owner).list(`${w.ownerId}/${noteId}`);
    expect(listed.data?.map((f) => f.name)).toContain("a1b2c3-report.pdf");
    const signed = await files(w.owner).createSignedUrl(path, 60, { download: "Report 2026.pdf" });
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''Report%202026.pdf");
    const removed = await files(w.owner).remove([path]);
    expect(removed.data?.map((f) => f.name)).toEqual([path]);
    expect((await files(w.service).exists(path)).data).toBe(false);
  });

  it("another person and a visitor can neither add, read, list, sign nor remove them", async () => {
    const path = ownerPath("d4e5f6-private.png");
    expect((await files(w.owner).upload(path, png())).error).toBeNull();
    for (const intruder of [w.other, w.anon]) {
      const upload = await files(intruder).upload(ownerPath("0000-intruder.png"), png());
      expect(upload.error?.message).toMatch(RLS);
      expect((await files(intruder).download(path)).data).toBeNull();
      const listed = await files(intruder).list(`${w.ownerId}/${noteId}`);
      expect(listed.data ?? []).toEqual([]);
      expect((await files(intruder).createSignedUrl(path, 60)).data).toBeNull();
      const removed = await files(intruder).remove([path]);
      expect(removed.data ?? []).toEqual([]);
    }
    expect((await files(w.service).exists(path)).data).toBe(true);
  });

  it("a path under someone else's note is refused, even in one's own folder", async () => {
    const mine = `${w.otherId}/${noteId}/x.png`;
    expect((await files(w.other).upload(mine, png())).error?.message).toMatch(RLS);
    const theirs = `${w.ownerId}/${othersNoteId}/x.png`;
    expect((await files(w.owner).upload(theirs, png())).error?.message).toMatch(RLS);
  });

  it("a file must sit in a note that exists, one folder down", async () => {
    const nowhere = `${w.ownerId}/00000000-0000-4000-8000-000000000000/x.png`;
    expect((await files(w.owner).upload(nowhere, png())).error?.message).toMatch(RLS);
    const shallow = `${w.ownerId}/x.png`;
    expect((await files(w.owner).upload(shallow, png())).error?.message).toMatch(RLS);
    const deep = `${w.ownerId}/${noteId}/more/x.png`;
    expect((await files(w.owner).upload(deep, png())).error?.message).toMatch(RLS);
  });

  it("the service role reaches every file (export, account deletion, share pages)", async () => {
    const path = ownerPath("778899-by-service.png");
    expect((await files(w.service).upload(path, png())).error).toBeNull();
    expect((await files(w.service).download(path)).data?.size).toBe(64);
    const signed = await files(w.service).createSignedUrl(path, 60);
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
    expect((await files(w.service).list(`${w.ownerId}/${noteId}`)).data?.length).toBeGreaterThan(0);
    expect((await files(w.service).remove([path])).data).toHaveLength(1);
  });

  it("the bucket refuses a type it does not take and a file over 50 MiB, in words", async () => {
    const svg = new Blob(["<svg onload='alert(1)'/>"], { type: "image/svg+xml" });
    const wrongType = await files(w.owner).upload(ownerPath("bad.svg"), svg);
    expect(wrongType.error?.message).toMatch(/mime type image\/svg\+xml is not supported/i);
    const big = new Blob([new Uint8Array(50 * 1024 * 1024 + 1)], { type: "image/png" });
    const tooLarge = await files(w.owner).upload(ownerPath("big.png"), big);
    expect(tooLarge.error?.message).toMatch(/exceeded the maximum allowed size/);
  });

  it("after its note is deleted for good, the owner can still list and remove what was left", async () => {
    const gone = await noteOf(w.owner);
    const path = `${w.ownerId}/${gone}/112233-left.png`;
    expect((await files(w.owner).upload(path, png())).error).toBeNull();
    expect((await w.owner.from("notes").delete().eq("id", gone)).error).toBeNull();
    const folders = await files(w.owner).list(w.ownerId);
    expect(folders.data?.map((f) => f.name)).toContain(gone);
    expect((await files(w.owner).remove([path])).data).toHaveLength(1);
    expect((await files(w.other).list(w.ownerId)).data ?? []).toEqual([]);
  });
});
