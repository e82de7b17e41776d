/**
 * `npx tsx scripts/bench/offline-list.ts`: what the offline app's list costs with `BENCH_LIST`
 * notes kept on the device (default 10,000, in 200 folders, two tags each): laying the list out
 * (at each pause in typing a note), the first search after it, and a search keystroke after that,
 * each as p50/p95 of 20 runs.
 */
import { withWaitingChanges } from "../../lib/notes/offline/organize-queue";
import { searchShellNotes, shellList, shellTags } from "../../lib/notes/offline/shell-list";

const count = Number(process.env.BENCH_LIST ?? 10_000);
const RUNS = 20;

const every = Array.from({ length: count }, (_, i) => ({
  id: crypto.randomUUID(),
  title: `Note ${i} about the garden and the kitchen`,
  updated_at: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
  folder_id: `f${i % 200}`,
  pinned: i % 97 === 0,
  tags: [`area${i % 20}/topic${i % 25}`, `t${i % 500}`],
}));
const folders = Array.from({ length: 200 }, (_, i) => ({
  id: `f${i}`,
  name: `Folder ${i}`,
  parent_id: null,
}));
const names = new Map(folders.map((f) => [f.id, f.name]));
const page = (run: number) => ({
  // The note written changes between runs, as typing in it does.
  notes: every.slice(0, 100).map((t, i) => ({
    id: t.id,
    title: i === 0 ? `${t.title} ${run}` : t.title,
    preview: "The start of the note's text",
    pinned: t.pinned,
    updated_at: t.updated_at,
    deleted_at: null,
  })),
  more: true,
  saved_at: new Date().toISOString(),
});

const layout: number[] = [];
const firstSearch: number[] = [];
const nextSearch: number[] = [];
for (let run = 0; run < RUNS; run++) {
  let t = performance.now();
  const notes = shellList([{ folder: null, page: page(run) }], folders, new Set(), [], {}, every);
  const shown = withWaitingChanges(notes, [], {}, names);
  shellTags(shown.notes);
  layout.push(performance.now() - t);
  t = performance.now();
  searchShellNotes(shown.notes, "garden 42");
  firstSearch.push(performance.now() - t);
  t = performance.now();
  searchShellNotes(shown.notes, "garden 421");
  nextSearch.push(performance.now() - t);
}

const at = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
};
for (const [label, times] of [
  [`offline list laid out (${count} notes)`, layout],
  ["first search after it", firstSearch],
  ["a search keystroke after that", nextSearch],
] as const) {
  console.log(`${label}: p50 ${at(times, 0.5)} ms, p95 ${at(times, 0.95)} ms`);
}
