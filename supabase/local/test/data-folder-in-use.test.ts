import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { moveIn } from "@groundwork/local-backend";
import { spawnBackend, type BackendProcess } from "@groundwork/local-backend/process";
import { LOCAL_SECRET_KEY, startTestBackend } from "./support/local-backend";

// PGlite has no lock of its own, so two processes on one data folder would overwrite each other's
// pages. A backend, a --reset or a move-in on a folder another running backend has open is refused.
const dirs: string[] = [];
let running: BackendProcess | null = null;

afterEach(async () => {
  await running?.stop("SIGKILL");
  running = null;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "folder-in-use-"));
  dirs.push(dir);
  return dir;
}

const IN_USE =
  /the data folder .+ is in use by another local backend \(process \d+\)\. Stop it first/;

async function sql<T>(url: string, query: string): Promise<T[]> {
  const res = await fetch(`${url}/pg/query`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      apikey: LOCAL_SECRET_KEY,
      authorization: `Bearer ${LOCAL_SECRET_KEY}`,
    },
    body: JSON.stringify({ query }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T[];
}

const keep = (url: string) =>
  sql(url, "create table kept (n int); insert into kept values (1), (2)");
const notes = async (url: string) =>
  (await sql<{ n: number }>(url, "select count(*)::int as n from kept"))[0].n;

describe("a data folder another backend has open", () => {
  it("is refused to a second backend, to --reset and to a move-in, and is free once it stops", async () => {
    const dir = dataDir();
    running = await spawnBackend({ dataDir: dir, env: { SUPABASE_LOCAL_RATE_LIMITS: "off" } });
    await keep(running.url);

    // A second backend process says why it cannot start.
    await expect(
      spawnBackend({ dataDir: dir, env: { SUPABASE_LOCAL_RATE_LIMITS: "off" } }),
    ).rejects.toThrow(IN_USE);
    // In the same process too, with or without --reset; the data stays as it was.
    await expect(startTestBackend({ keepDataDir: dir, dbUrl: null })).rejects.toThrow(IN_USE);
    await expect(startTestBackend({ keepDataDir: dir, dbUrl: null, reset: true })).rejects.toThrow(
      IN_USE,
    );
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    // A move-in stops before it reaches the server (this address has nothing listening).
    await expect(
      moveIn({ from: dir, dbUrl: "postgres://postgres@127.0.0.1:9/none", supabaseDir: dir }),
    ).rejects.toThrow(IN_USE);
    expect(await notes(running.url)).toBe(2);

    // Stopped as Ctrl-C stops it, the folder is free and holds what was written.
    await running.stop("SIGINT");
    running = null;
    const next = await startTestBackend({ keepDataDir: dir, dbUrl: null });
    try {
      expect(await notes(next.url)).toBe(2);
    } finally {
      await next.stop();
    }
  });

  it("left marked by a process that has ended (a backend killed outright), it opens", async () => {
    const dir = dataDir();
    const ended = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => ended.once("exit", resolve));
    writeFileSync(path.join(dir, "backend.pid"), `${ended.pid}\n`);

    const next = await startTestBackend({ keepDataDir: dir, dbUrl: null });
    try {
      await keep(next.url);
      expect(await notes(next.url)).toBe(2);
    } finally {
      await next.stop();
    }
  });
});
