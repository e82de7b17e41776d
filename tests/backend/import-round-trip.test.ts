import type * as Tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { ImportPlan } from "@/lib/import/plan";
import { signedInUser, type NotesClient, type NotesWorld } from "./notes-support";
import { startTagsWorld } from "./tags-support";

// The app sends files with tus-js-client from a browser File; under Node the same client takes the
// File's bytes as a Buffer. Everything else about the upload (endpoint, metadata, session) is the app's.
vi.mock("tus-js-client", async (importOriginal) => {
  const tus = await importOriginal<typeof Tus>();
  class Upload extends tus.Upload {
    start() {
      const file = this.file as unknown;
      if (!(file instanceof Blob)) return super.start();
      void file.arrayBuffer().then((bytes) => {
        this.file = Buffer.from(bytes);
        super.start();
      });
    }
  }
  return { ...tus, Upload };
});

type Person = { client: NotesClient; id: string };

let w: NotesWorld;
/** Whose session the app's `/notes/<id>/updates` route is answering for. */
let signedIn: Person;

beforeAll(async () => {
  w = await startTagsWorld();
  // The browser pieces the import leans on: its window's online events, and the app's own route
  // for a note's document, answered by the route's server code with the signed-in person's client.
  vi.stubGlobal("window", new EventTarget());
  Object.defineProperty(globalThis.navigator, "onLine", { value: true, configurable: true });
  const { storeNoteUpdate } = await import("@/lib/notes/store-update");
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const route = /^\/notes\/([^/]+)\/updates$/.exec(url);
    if (!route) return realFetch(input, init);
    const body = new Uint8Array(await new Response(init?.body).arrayBuffer());
    const outcome = await storeNoteUpdate(signedIn.client, signedIn.id, route[1], body, url);
    return outcome.ok
      ? Response.json({ id: outcome.id })
      : Response.json({ error: outcome.message }, { status: outcome.status });
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
  return w?.t.stop();
});

async function runImport(person: Person, plan: ImportPlan) {
  const { writeImport } = await import("@/lib/import/write");
  signedIn = person;
  return writeImport(
    {
      supabase: person.client,
      supabaseUrl: w.t.url,
      publishableKey: (person.client as unknown as { supabaseKey: string }).supabaseKey,
      ownerId: person.id,
    },
    plan,
    "round trip",
    "duplicate",
    () => {},
  );
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 1, 2, 3]);

/** An account's notes as a person sees them: title, text, place, pin, times, tags, links, files. */
async function account(person: Person) {
  const { client } = person;
  const folders = (await client.from("folders").select("id, name, parent_id")).data ?? [];
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (id: string | null): string => {
    const f = id ? byId.get(id) : undefined;
    return f ? (f.parent_id ? `${pathOf(f.parent_id)}/${f.name}` : f.name) : "";
  };
  const notes =
    (
      await client
        .from("notes")
        .select("id, title, body, pinned, folder_id, created_at, updated_at")
        .is("deleted_at", null)
        .order("title")
    ).data ?? [];
  const titles = new Map(notes.map((n) => [n.id, n.title]));
  const result = [];
  for (const n of notes) {
    const tags = (await client.from("note_tags").select("tag").eq("note_id", n.id).order("tag"))
      .data;
    const links = (
      await client
        .from("note_links")
        .select("target_title, target_id")
        .eq("source_id", n.id)
        .order("position")
    ).data;
    const files = [];
    for (const [, path] of n.body.matchAll(/\(attachment:([^)\s]+)\)/g)) {
      const download = await client.storage.from("attachments").download(path);
      expect(download.error).toBeNull();
      files.push(Array.from(new Uint8Array(await download.data!.arrayBuffer())));
    }
    result.push({
      title: n.title,
      // A file's place in storage is the account's own; what it holds is compared below.
      body: n.body.replace(/\(attachment:[^)\s]+\)/g, "(attachment:…)"),
      pinned: n.pinned,
      folder: pathOf(n.folder_id),
      created: Date.parse(n.created_at),
      updated: Date.parse(n.updated_at),
      tags: tags?.map((t) => t.tag),
      links: links?.map((l) => ({
        title: l.target_title,
        to: l.target_id ? titles.get(l.target_id) : null,
      })),
      files,
    });
  }
  const profile = (
    await client.from("profiles").select("display_name, avatar_path").eq("id", person.id).single()
  ).data;
  let avatar: number[] | null = null;
  if (profile?.avatar_path) {
    const picture = await client.storage.from("avatars").download(profile.avatar_path);
    expect(picture.error).toBeNull();
    avatar = Array.from(new Uint8Array(await picture.data!.arrayBuffer()));
  }
  return {
    folders: folders.map((f) => pathOf(f.id)).sort(),
    notes: result,
    profile: { name: profile?.display_name ?? null, avatar },
  };
}

describe("an account's export imported into a new account", () => {
  it("brings back the same titles, text, folders, tags, links, checklists, times, file bytes and profile", async () => {
    const first: Person = { client: w.owner, id: w.ownerId };
    const made = await runImport(first, {
      source: "markdown",
      // "Q1∕Q2" is a folder named "Q1/Q2" (a "/" in a name, as plans write it).
      folders: ["Archive", "Work", "Work/Clients", "Work/Q1\u2215Q2"],
      notes: [
        {
          sourcePath: "garden.md",
          folder: "Work",
          title: "Garden plan",
          markdown:
            "# Garden plan\n\nDig the beds first, then see [[Seeds]].\n\n- [ ] Dig beds\n- [x] Buy compost\n\n#home/garden #spring",
          tags: ["home/garden", "spring"],
          created: "2021-02-03T04:05:06.789Z",
          updated: "2022-07-08T09:10:11.120Z",
          attachments: [],
          hash: "1",
        },
        {
          sourcePath: "seeds.md",
          folder: "Work/Q1\u2215Q2",
          title: "Seeds",
          markdown: "# Seeds\n\nTomatoes, basil. #spring\n\n%%attachment:0%%\n\nMore to buy.",
          tags: ["spring"],
          created: "2020-01-01T00:00:00.000Z",
          updated: "2023-03-03T03:03:03.333Z",
          pinned: true,
          attachments: ["bed.png"],
          hash: "2",
        },
        {
          sourcePath: "loose.md",
          folder: "",
          title: "Loose thought",
          markdown: "# Loose thought\n\nNothing *filed* here.",
          tags: [],
          created: "2019-05-05T05:05:05.000Z",
          updated: null,
          attachments: [],
          hash: "3",
        },
      ],
      attachments: [{ id: "bed.png", name: "bed.png", type: "image/png", bytes: PNG }],
      problems: [],
    });
    expect(made).toMatchObject({ created: 3, files: 1, problems: [] });
    const before = await account(first);
    // The first account is as it was made: old times, one file, a resolved link.
    expect(before.notes.map((n) => n.updated)).toEqual([
      Date.parse("2022-07-08T09:10:11.120Z"),
      Date.parse("2019-05-05T05:05:05.000Z"),
      Date.parse("2023-03-03T03:03:03.333Z"),
    ]);
    expect(before.notes[2].files).toEqual([Array.from(PNG)]);
    // The link is one to the note, as the editor makes it when a note is picked after "[[".
    expect(before.notes[0].links).toEqual([{ title: "Seeds", to: "Seeds" }]);
    expect(before.folders).toContain("Work/Q1/Q2");
    expect(before.notes[2].folder).toBe("Work/Q1/Q2");

    // The person's name and picture, as Account → Profile sets them.
    const picture = `${first.id}/${crypto.randomUUID()}.png`;
    const stored = await w.owner.storage
      .from("avatars")
      .upload(picture, new Blob([PNG], { type: "image/png" }), { contentType: "image/png" });
    expect(stored.error).toBeNull();
    const named = await w.owner
      .from("profiles")
      .update({ display_name: "Ada Gardener", avatar_path: picture })
      .eq("id", first.id);
    expect(named.error).toBeNull();
    const withProfile = await account(first);
    expect(withProfile.profile).toEqual({ name: "Ada Gardener", avatar: Array.from(PNG) });
    expect(before.notes[0].body).toContain("- [x] Buy compost");

    // A note in the Trash is exported but does not come back.
    const trashed = await w.owner
      .from("notes")
      .insert({ deleted_at: new Date().toISOString() })
      .select("id")
      .single();
    expect(trashed.error).toBeNull();

    const exported = await w.owner.functions.invoke("export-data");
    expect(exported.error).toBeNull();
    const bytes = new Uint8Array(await (exported.data as Blob).arrayBuffer());

    const { readExport } = await import("@/lib/import/read-export");
    const plan = readExport([{ path: "groundwork-export-2026-11-26.zip", bytes }]);
    expect(plan.problems).toEqual([
      { file: "Trash", sentence: "One note was in the Trash, so it was not imported." },
    ]);

    const second = await signedInUser(w.t);
    const report = await runImport(second, plan);
    expect(report).toMatchObject({ created: 3, files: 1 });
    const after = await account(second);
    expect(after).toEqual(withProfile);
  });
});
