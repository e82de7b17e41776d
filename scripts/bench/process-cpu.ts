import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time a process and everything it started have used so far, in milliseconds, from /proc
 * (user + system). Much less sensitive to what else runs on the machine than a wall-clock figure:
 * a page that costs 8 ms of the app server's CPU costs that at any load. Null where there is no
 * /proc (not Linux).
 */

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

type Stat = { pid: number; ppid: number; ticks: number };

/** Fields of /proc/<pid>/stat: the command may hold spaces and parentheses, so read after its last ")". */
export function parseStat(text: string): Stat | null {
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  const pid = Number(text.slice(0, text.indexOf(" ")));
  const rest = text.slice(close + 2).split(" ");
  // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  const [ppid, utime, stime] = [Number(rest[1]), Number(rest[11]), Number(rest[12])];
  if (![pid, ppid, utime, stime].every(Number.isFinite)) return null;
  return { pid, ppid, ticks: utime + stime };
}

/** Adds up the process `root` and its descendants among `stats`, in milliseconds. */
export function treeCpuMs(stats: Stat[], root: number): number {
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let ticks = 0;
  const seen = new Set<number>();
  const walk = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    const self = stats.find((s) => s.pid === pid);
    if (self) ticks += self.ticks;
    for (const child of children.get(pid) ?? []) walk(child.pid);
  };
  walk(root);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

function readStats(): Stat[] {
  const stats: Stat[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (stat) stats.push(stat);
    } catch {
      // Ended while being read.
    }
  }
  return stats;
}

/** The CPU milliseconds of each named process tree now, or null without /proc. */
export function sampleCpu(pids: Record<string, number | undefined>): Record<string, number> | null {
  let stats: Stat[];
  try {
    stats = readStats();
  } catch {
    return null;
  }
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) if (pid) out[name] = treeCpuMs(stats, pid);
  return out;
}
