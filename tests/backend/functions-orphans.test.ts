import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { spawnBackend } from "@groundwork/local-backend/process";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/testing";

const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-functions-orphans-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Deno processes serving this project's export-data function. */
function functionProcesses(): number[] {
  const entry = path.resolve(import.meta.dirname, "../../supabase/functions/export-data/index.ts");
  return execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes("runner.ts") && line.includes(entry))
    .map((line) => Number(line.trim().split(" ")[0]));
}

it("a function's Deno process ends when the backend is killed outright", async () => {
  const before = functionProcesses();
  const backend = await spawnBackend({ dataDir, timeoutMs: 60_000 });
  // Not signed in: the function runs and refuses, which is enough to have started it.
  const res = await fetch(`${backend.url}/functions/v1/export-data`, {
    method: "POST",
    headers: { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` },
  });
  expect(res.status).toBe(401);
  const started = functionProcesses().filter((pid) => !before.includes(pid));
  expect(started).toHaveLength(1);

  await backend.stop("SIGKILL");
  let left = started;
  for (let i = 0; i < 50 && left.length; i++) {
    await new Promise((r) => setTimeout(r, 100));
    left = functionProcesses().filter((pid) => started.includes(pid));
  }
  expect(left).toEqual([]);
});
