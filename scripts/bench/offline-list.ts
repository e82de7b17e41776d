/**
 * `npx tsx scripts/bench/offline-list.ts`: what the offline app's list costs with `BENCH_LIST`
 * notes kept on the device (default 10,000, in 200 folders, two tags each): laying the list out
 * when it is read, laying it out again at a pause in typing a note (its new title over the kept
 * list), the first search after that, and a search keystroke after that, each as p50/p95 of 20 runs.
 */
import { withWaitingChanges } from "../../lib/notes/offline/organize-queue";
import {
  keptShellList,
  searchShellNotes,
  shellTags,
  withLocalNotes,
} from "../../lib/notes/offline/shell-list";

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
// The first page of All notes, as kept when it was last seen online.
const page = () => ({
  notes: every.slice(0, 100).map((t) => ({
    id: t.id,
    title: t.title,
    preview: "The start of the note's text",
    pinned: t.pinned,
    updated_at: t.updated_at,
    deleted_at: null,
  })),
  more: true,
  saved_at: new Date().toISOString(),
});

const pages = [{ folder: null, page: page() }];
const whole: number[] = [];
const pause: number[] = [];
const firstSearch: number[] = [];
const nextSearch: number[] = [];
for (let run = 0; run < RUNS; run++) {
  // The list read from the device (the app opening, or the whole list read again).
  let t = performance.now();
  const kept = keptShellList(pages, folders, new Set(), every);
  const opened = withWaitingChanges(withLocalNotes(kept, pages, folders), [], {}, names);
  shellTags(opened.notes);
  whole.push(performance.now() - t);
  // A pause in typing a note: its new title, written on this device, laid over the kept list.
  const shown = {
    [every[50].id]: {
      title: `Typed ${run}`,
      preview: "The start of the note's text",
      updated_at: new Date(Date.UTC(2026, 1, 1) + run * 1000).toISOString(),
    },
  };
  t = performance.now();
  const notes = withLocalNotes(kept, pages, folders, [], shown);
  const listed = withWaitingChanges(notes, [], {}, names);
  shellTags(listed.notes);
  pause.push(performance.now() - t);
  t = performance.now();
  searchShellNotes(listed.notes, "garden 42");
  firstSearch.push(performance.now() - t);
  t = performance.now();
  searchShellNotes(listed.notes, "garden 421");
  nextSearch.push(performance.now() - t);
}

const at = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
};
for (const [label, times] of [
  [`offline list laid out when read (${count} notes)`, whole],
  ["laid out again at a pause in typing", pause],
  ["first search after it", firstSearch],
  ["a search keystroke after that", nextSearch],
] as const) {
  console.log(`${label}: p50 ${at(times, 0.5)} ms, p95 ${at(times, 0.95)} ms`);
}
