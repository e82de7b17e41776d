import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDev } from "@/scripts/dev-runner";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/keys";

const work = mkdtempSync(path.join(tmpdir(), "dev-runner-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Stands in for `next dev`: asks the backend's health the moment it starts, writes what it saw,
 * then either stays up until it is told to stop or exits with the given code.
 */
function fakeApp(report: string, exitCode: number | null): string[] {
  const script = `
    const fs = require("node:fs");
    const url = process.env.NEXT_PUBLIC_SUPABASE_URL;
    // Written aside and renamed into place, so the test never reads a file half written.
    const write = (health) => {
      fs.writeFileSync(${JSON.stringify(report + ".part")}, JSON.stringify({
        pid: process.pid, url, health,
        publishableKey: process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY,
      }));
      fs.renameSync(${JSON.stringify(report + ".part")}, ${JSON.stringify(report)});
    };
    const done = () => ${exitCode === null ? "setInterval(() => {}, 1000)" : `process.exit(${exitCode})`};
    fetch(url + "/auth/v1/health").then((r) => r.status, () => "unreachable").then((h) => { write(h); done(); });
  `;
  return [process.execPath, "-e", script];
}

async function waitForFile(file: string): Promise<void> {
  for (let i = 0; i < 600 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
}

const read = (file: string) =>
  JSON.parse(readFileSync(file, "utf8")) as {
    pid: number;
    url: string;
    health: number | string;
    publishableKey?: string;
  };
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const reachable = (url: string) =>
  fetch(`${url}/auth/v1/health`).then(
    () => true,
    () => false,
  );

describe("npm run dev", { timeout: 180_000 }, () => {
  it("starts the app only once the backend is healthy, with its URL and keys, and stops both on abort", async () => {
    const report = path.join(work, "first.json");
    const controller = new AbortController();
    const log: string[] = [];
    const run = runDev({
      env: {
        ...process.env,
        NEXT_PUBLIC_SUPABASE_URL: undefined,
        NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: undefined,
      },
      localPort: 54321,
      backendPort: 0,
      dataDir: path.join(work, "data-1"),
      appCommand: fakeApp(report, null),
      signal: controller.signal,
      log: (m) => log.push(m),
      echo: { write: () => true } as unknown as NodeJS.WritableStream,
    });
    await waitForFile(report);
    const seen = read(report);
    expect(seen.health).toBe(200);
    expect(seen.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(seen.publishableKey).toBe(LOCAL_PUBLISHABLE_KEY);
    expect(log[0]).toContain("starting the local backend");

    controller.abort();
    expect(await run).toBe(0);
    expect(alive(seen.pid)).toBe(false);
    expect(await reachable(seen.url)).toBe(false);
  });

  it("stops the backend when the app exits, and passes on the app's exit code", async () => {
    const report = path.join(work, "second.json");
    const code = await runDev({
      env: { ...process.env, NEXT_PUBLIC_SUPABASE_URL: undefined },
      localPort: 54321,
      backendPort: 0,
      dataDir: path.join(work, "data-2"),
      appCommand: fakeApp(report, 3),
      signal: new AbortController().signal,
      log: () => {},
      echo: { write: () => true } as unknown as NodeJS.WritableStream,
    });
    expect(code).toBe(3);
    const seen = read(report);
    expect(seen.health).toBe(200);
    expect(await reachable(seen.url)).toBe(false);
  });

  it("does not start the local backend when NEXT_PUBLIC_SUPABASE_URL points at a hosted project", async () => {
    const report = path.join(work, "hosted.json");
    const log: string[] = [];
    const code = await runDev({
      env: {
        ...process.env,
        NEXT_PUBLIC_SUPABASE_URL: "http://127.0.0.1:9",
        NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_hosted",
      },
      localPort: 54321,
      backendPort: 0,
      dataDir: path.join(work, "data-3"),
      appCommand: fakeApp(report, 0),
      signal: new AbortController().signal,
      log: (m) => log.push(m),
    });
    expect(code).toBe(0);
    expect(read(report)).toMatchObject({
      url: "http://127.0.0.1:9",
      health: "unreachable",
      publishableKey: "sb_publishable_hosted",
    });
    expect(log.join("\n")).toContain("the local backend is not started");
    expect(existsSync(path.join(work, "data-3"))).toBe(false);
  });
});
