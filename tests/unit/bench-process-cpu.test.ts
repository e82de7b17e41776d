// @vitest-environment node
import { describe, expect, it } from "vitest";

import { parseStat, treeCpuMs } from "../../scripts/bench/process-cpu";

// A /proc/<pid>/stat line: pid (comm) state ppid ... utime(14) stime(15) ...
const line = (pid: number, comm: string, ppid: number, utime: number, stime: number) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194304 100 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 1 1 1`;

describe("the bench's CPU per process tree", () => {
  it("reads ppid, user and system time even when the command has spaces and parentheses", () => {
    expect(parseStat(line(42, "next-server (v16)", 7, 150, 30))).toEqual({
      pid: 42,
      ppid: 7,
      ticks: 180,
    });
    expect(parseStat("garbage")).toBeNull();
  });

  it("adds a process's children and their children, and nothing else, in milliseconds", () => {
    const stats = [
      line(10, "node", 1, 100, 20), // the app: 1.2 s
      line(11, "next-server", 10, 300, 50), // its server: 3.5 s
      line(12, "worker", 11, 5, 5), // and its worker: 0.1 s
      line(20, "backend", 1, 900, 100), // another tree
    ].map((l) => parseStat(l)!);
    expect(treeCpuMs(stats, 10)).toBe(4800);
    expect(treeCpuMs(stats, 20)).toBe(10_000);
    expect(treeCpuMs(stats, 99)).toBe(0);
  });
});
