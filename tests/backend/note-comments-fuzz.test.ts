import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEAK,
  nastyString,
  nastyValue,
  seeded,
  type Random,
} from "@groundwork/local-backend/testing/fuzz";
import { signedInUser, type NotesClient, type NotesWorld } from "./notes-support";
import { startTagsWorld } from "./tags-support";

// Comments under random input from everyone who can reach the REST API: the owner, an editor, a
// commenter, a viewer, an outsider and anon write, change and delete comments with random bodies,
// anchors, ids, parents and mentions. Never a 5xx or a leaked stack, never a row written or changed
// in someone else's name, never a mention of someone without access. Seeded: replay a failure
// with FUZZ_SEED=<seed>.

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const REQUESTS = Number(process.env.COMMENTS_FUZZ_REQUESTS ?? 400);

type Actor = { name: string; client: NotesClient; id: string | null };
type Row = {
  id: string;
  note_id: string;
  parent_id: string | null;
  author_id: string;
  body: string;
  mentions: string[];
  resolved_at: string | null;
};

let w: NotesWorld;
let actors: Actor[];
let noteId: string;
/** The outsider's own note: they may comment there, and nobody else may. */
let otherNoteId: string;
/** Who may comment on which note, and who may be mentioned there. */
const commenters = new Map<string, Set<string>>();
const withAccess = new Map<string, Set<string>>();
const ids: string[] = [];

beforeAll(async () => {
  w = await startTagsWorld();
  const [editor, commenter, viewer] = [
    await signedInUser(w.t),
    await signedInUser(w.t),
    await signedInUser(w.t),
  ];
  actors = [
    { name: "owner", client: w.owner, id: w.ownerId },
    { name: "editor", client: editor.client, id: editor.id },
    { name: "commenter", client: commenter.client, id: commenter.id },
    { name: "viewer", client: viewer.client, id: viewer.id },
    { name: "stranger", client: w.other, id: w.otherId },
    { name: "anon", client: w.anon, id: null },
  ];
  const made = await w.owner.from("notes").insert({ title: "Fuzzed" }).select("id").single();
  if (made.error) throw made.error;
  noteId = made.data.id;
  const theirs = await w.other.from("notes").insert({ title: "Theirs" }).select("id").single();
  if (theirs.error) throw theirs.error;
  otherNoteId = theirs.data.id;
  for (const [person, role] of [
    [editor, "editor"],
    [commenter, "commenter"],
    [viewer, "viewer"],
  ] as const) {
    const { error } = await w.owner
      .from("note_members")
      .insert({ note_id: noteId, user_id: person.id, role });
    if (error) throw error;
  }
  commenters.set(noteId, new Set([w.ownerId, editor.id, commenter.id]));
  commenters.set(otherNoteId, new Set([w.otherId]));
  withAccess.set(noteId, new Set([w.ownerId, editor.id, commenter.id, viewer.id]));
  withAccess.set(otherNoteId, new Set([w.otherId]));
  // Something to answer, change and delete from the start.
  for (const a of actors.slice(0, 3)) {
    const { data, error } = await a.client
      .from("note_comments")
      .insert({
        note_id: noteId,
        body: `Seed by ${a.name}`,
        anchor_start: "AQID",
        anchor_end: "AQIE",
      })
      .select("id")
      .single();
    if (error) throw error;
    ids.push(data.id);
  }
}, 180_000);
afterAll(async () => {
  await w?.t.stop();
});

const RANDOM_UUID = "6f1c2b9e-3c0a-4d7e-9f55-0b8f1e2d3c4a";

function anId(r: Random): unknown {
  return r.pick<() => unknown>([
    () => r.pick(ids),
    () => r.pick(ids),
    () => noteId,
    () => otherNoteId,
    () => RANDOM_UUID,
    () => r.pick(actors).id,
    () => nastyString(r).slice(0, 200),
    () => nastyValue(r),
  ])();
}

function someMentions(r: Random): unknown {
  return r.pick<() => unknown>([
    () => [],
    () => actors.slice(0, 4).map((a) => a.id),
    () => [r.pick(actors).id],
    () => [w.otherId, w.ownerId],
    () => [RANDOM_UUID],
    () => Array.from({ length: r.pick([2, 51, 300]) }, () => r.pick(actors).id ?? RANDOM_UUID),
    () => nastyString(r).slice(0, 300),
    () => nastyValue(r),
  ])();
}

function fields(r: Random): Record<string, unknown> {
  const all: Record<string, () => unknown> = {
    note_id: () => (r.next() < 0.7 ? r.pick([noteId, noteId, otherNoteId]) : anId(r)),
    parent_id: () => (r.next() < 0.5 ? null : anId(r)),
    body: () =>
      r.pick<() => unknown>([
        () => "A fair point",
        () => `@Someone ${nastyString(r).slice(0, 6000)}`,
        () => nastyString(r),
        () => nastyValue(r),
      ])(),
    anchor_start: () => (r.next() < 0.6 ? "AQID" : nastyValue(r)),
    anchor_end: () => (r.next() < 0.6 ? "AQIE" : nastyValue(r)),
    quote: () => (r.next() < 0.6 ? "quoted" : nastyValue(r)),
    author_id: () => r.pick(actors).id,
    mentions: () => someMentions(r),
    resolved_at: () => r.pick([null, new Date().toISOString(), "yesterday", nastyValue(r)]),
    resolved_by: () => r.pick(actors).id,
    created_at: () => "2000-01-01T00:00:00Z",
    id: () => r.pick([RANDOM_UUID, ...ids]),
  };
  const out: Record<string, unknown> = {};
  for (const [name, make] of Object.entries(all)) if (r.next() < 0.45) out[name] = make();
  return out;
}

async function stored(id: unknown): Promise<Row | null> {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const { data } = await w.service
    .from("note_comments")
    .select("id, note_id, parent_id, author_id, body, mentions, resolved_at")
    .eq("id", id)
    .maybeSingle();
  return data;
}

function noFailure(what: string, res: { status: number; error: { message: string } | null }) {
  expect(res.status, `${what}: ${res.error?.message}`).toBeLessThan(500);
  expect(res.error?.message ?? "", what).not.toMatch(LEAK);
}

describe("note comments: fuzz", () => {
  it(`random writes by everyone (seed ${SEED}): never a 5xx, never in another's name`, async () => {
    const r = seeded(SEED);
    const counts = { insert: 0, update: 0, delete: 0, select: 0, written: 0 };
    for (let n = 0; n < REQUESTS; n++) {
      const actor = r.pick(actors);
      const table = () => actor.client.from("note_comments");
      const op = r.pick(["insert", "insert", "insert", "update", "update", "delete", "select"]);
      const what = `#${n} ${op} as ${actor.name}`;
      counts[op as keyof typeof counts]++;
      if (op === "insert") {
        // Half the time a comment as the app writes one, with one part of it random.
        const note = r.pick([noteId, noteId, otherNoteId]);
        const input =
          r.next() < 0.5
            ? fields(r)
            : {
                note_id: note,
                body: "Hello there",
                ...(r.next() < 0.3
                  ? { parent_id: r.pick(ids) }
                  : { anchor_start: "AQID", anchor_end: "AQIE", quote: "q" }),
                mentions: [...(withAccess.get(note) ?? [])].slice(0, r.int(3)),
                ...Object.fromEntries(Object.entries(fields(r)).slice(0, r.int(2))),
              };
        const res = await table()
          .insert(input as never)
          .select("id, note_id, author_id, mentions");
        noFailure(what, res);
        for (const row of res.data ?? []) {
          counts.written++;
          // Written by the caller, on a note they may comment on, naming people with access.
          expect(row.author_id, what).toBe(actor.id);
          expect(commenters.get(row.note_id)?.has(actor.id ?? ""), what).toBe(true);
          for (const m of row.mentions)
            expect(withAccess.get(row.note_id)?.has(m), `${what} mentions ${m}`).toBe(true);
          ids.push(row.id);
        }
      } else if (op === "update") {
        const id = anId(r);
        const before = await stored(id);
        const change = fields(r);
        delete change.id;
        const res = await table()
          .update(change as never)
          .eq("id", id as string)
          .select("id");
        noFailure(what, res);
        const after = await stored(id);
        if (before && after) {
          // What a comment is about and who wrote it never change; its text and whom it names only
          // by its author; its resolution only by those who may comment.
          expect([after.note_id, after.parent_id, after.author_id], what).toEqual([
            before.note_id,
            before.parent_id,
            before.author_id,
          ]);
          if (after.body !== before.body || after.mentions.join() !== before.mentions.join())
            expect(actor.id, what).toBe(before.author_id);
          if ((after.resolved_at === null) !== (before.resolved_at === null))
            expect(commenters.get(before.note_id)?.has(actor.id ?? ""), what).toBe(true);
          for (const m of after.mentions)
            expect(withAccess.get(after.note_id)?.has(m), `${what} mentions ${m}`).toBe(true);
        }
      } else if (op === "delete") {
        const id = anId(r);
        const before = await stored(id);
        const res = await table()
          .delete()
          .eq("id", id as string)
          .select("id");
        noFailure(what, res);
        if (before && (res.data ?? []).length > 0) {
          expect(actor.id, what).toBe(before.author_id);
          expect(commenters.get(before.note_id)?.has(actor.id ?? ""), what).toBe(true);
        }
      } else {
        const res = await table()
          .select("id, note_id, body")
          .eq(r.pick(["id", "note_id", "parent_id", "author_id"]), anId(r) as string);
        noFailure(what, res);
        // Each reads only the comments of notes they have access to.
        for (const row of res.data ?? [])
          expect(withAccess.get(row.note_id)?.has(actor.id ?? ""), what).toBe(true);
      }
    }
    // Every outcome was tried, and some writes went through (the run is not all refusals).
    expect(counts.insert).toBeGreaterThan(REQUESTS / 4);
    expect(counts.written).toBeGreaterThan(10);

    // In the end: every comment is by someone who may comment on its note, naming only people
    // with access to it.
    const all = await w.service
      .from("note_comments")
      .select("note_id, author_id, mentions")
      .in("note_id", [noteId, otherNoteId]);
    expect(all.error).toBeNull();
    for (const row of all.data ?? []) {
      expect(commenters.get(row.note_id)?.has(row.author_id)).toBe(true);
      for (const m of row.mentions) expect(withAccess.get(row.note_id)?.has(m)).toBe(true);
    }
  }, 300_000);
});
