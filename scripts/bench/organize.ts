import type { SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";
import { fetchNotesPage } from "../../lib/notes/list";
import { readEveryTitle } from "../../lib/search/device-titles";

type Timing = { p50: number; p95: number; failures: number };

const RUNS = 60;
const FOLDERS = 200;
const TAGS = 500;
const LINKERS = 500;

function percentiles(times: number[], failures: number): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), failures };
}

async function timed(
  run: (i: number) => PromiseLike<{ error: unknown }>,
  runs = RUNS,
): Promise<Timing> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { error } = await run(i);
    times.push(performance.now() - started);
    if (error) failures += 1;
  }
  return percentiles(times, failures);
}

async function must<T>(
  what: string,
  call: PromiseLike<{ data: T | null; error: unknown }>,
): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(`${what}: ${(error as Error).message ?? JSON.stringify(error)}`);
  return data as T;
}

/**
 * The person's notes (10,000 already) organized as the issue measures them: 200 folders (20 at
 * the top, 9 inside each), every note filed in one and carrying two of 500 tags (`area<n>/topic<m>`
 * under 20 areas), and one note linked from 500 others. Tags and links are written as the server
 * writes them, with the secret key. Then: folder switch (a folder's first page), the tag tree, a
 * tag's view, and the backlinks of the note linked 500 times.
 */
export async function benchOrganize(
  person: SupabaseClient<Database>,
  admin: SupabaseClient<Database>,
  ownerId: string,
) {
  const tops = await must(
    "making folders",
    person
      .from("folders")
      .insert(Array.from({ length: 20 }, (_, i) => ({ name: `Area ${i}`, position: i })))
      .select("id"),
  );
  const inner = await must(
    "making folders",
    person
      .from("folders")
      .insert(
        Array.from({ length: FOLDERS - 20 }, (_, i) => ({
          name: `Project ${i}`,
          parent_id: tops[i % 20].id,
          position: i,
        })),
      )
      .select("id"),
  );
  const folders = [...tops, ...inner].map((f) => f.id);

  const ids: string[] = [];
  for (let from = 0; ; from += 1000) {
    const page = await must(
      "listing notes",
      admin
        .from("notes")
        .select("id")
        .eq("owner_id", ownerId)
        .order("id")
        .range(from, from + 999),
    );
    ids.push(...page.map((n) => n.id));
    if (page.length < 1000) break;
  }
  // Every note into a folder, 50 notes a request.
  for (let i = 0; i < ids.length; i += 50) {
    await must(
      "filing notes",
      admin
        .from("notes")
        .update({ folder_id: folders[(i / 50) % folders.length] })
        .in("id", ids.slice(i, i + 50)),
    );
  }
  const tag = (k: number) => `area${k % 20}/topic${k % TAGS}`;
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = ids.slice(i, i + 1000).flatMap((id, j) => [
      { note_id: id, user_id: ownerId, tag: tag(i + j) },
      { note_id: id, user_id: ownerId, tag: tag(i + j + 7) },
    ]);
    await must("tagging notes", admin.from("note_tags").upsert(rows, { ignoreDuplicates: true }));
  }
  const target = ids[0];
  await must(
    "linking notes",
    admin.from("note_links").insert(
      ids.slice(1, LINKERS + 1).map((source) => ({
        source_id: source,
        user_id: ownerId,
        target_id: target,
        target_title: "Linked often",
        context: "See [[Linked often]] for the plan.",
        position: 1,
      })),
    ),
  );

  const folderSwitch = await timed(async (i) => {
    try {
      await fetchNotesPage(person, ownerId, null, folders[(i * 7) % folders.length]);
      return { error: null };
    } catch (error) {
      return { error };
    }
  });
  const tagTree = await timed(() => person.rpc("tag_tree"));
  const tagView = await timed((i) => person.rpc("notes_with_tag", { tag: `area${i % 20}` }));
  const backlinks = await timed(() => person.rpc("note_backlinks", { note_id: target }));
  // The whole list a device keeps for the app opened offline: ten pages of 1,000, with each note's
  // folder, pin and tags. A few runs: each is ten requests.
  let wholeListKb = 0;
  const wholeList = await timed(async () => {
    const every = await readEveryTitle(person, ownerId);
    if (every) wholeListKb = JSON.stringify(every).length / 1024;
    return { error: every ? null : new Error("the whole list could not be read") };
  }, 5);
  return { timings: { folderSwitch, tagTree, tagView, backlinks, wholeList }, wholeListKb };
}

type Kinds = Record<"word" | "part" | "cjk" | "palette", Timing>;

/** The rows as `npm run bench:app` prints them. */
export function organizeLines(
  kinds: Kinds,
  { timings: organize, wholeListKb }: Awaited<ReturnType<typeof benchOrganize>>,
) {
  const row = (label: string, t: Timing) =>
    `  ${label}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms${t.failures ? `, ${t.failures} failed` : ""}`;
  return [
    row('search a word (10,000 notes, "sourdough")', kinds.word),
    row('search part of a word (10,000 notes, "ourdou")', kinds.part),
    row('search a CJK phrase (10,000 notes, "北京大学")', kinds.cjk),
    row('palette open to first results (titles + search "gar")', kinds.palette),
    row("folder switch (a folder's first page, 200 folders)", organize.folderSwitch),
    row("tag tree (500 tags, 20,000 tagged notes)", organize.tagTree),
    row("tag view (#area<n> with its sub-tags)", organize.tagView),
    row("backlinks of a note linked from 500 others", organize.backlinks),
    `${row("whole list kept on a device (10,000 notes: title, folder, pin, tags)", organize.wholeList)}, ${wholeListKb.toFixed(0)} KB kept`,
  ];
}
