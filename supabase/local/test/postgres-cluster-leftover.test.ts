import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { findPostgresBin, startCluster, stopLeftoverCluster } from "@groundwork/local-backend";
import { freePort, reachable, template, withoutPostgres } from "./support/postgres";

// `npm run dev:postgres -- --reset` removes its cluster's folder. A cluster a killed run left
// running is stopped first, or it would run on without its files and keep the port.
const root = reachable(mkdtempSync(path.join(tmpdir(), "groundwork-pg-leftover-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const answers = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

it.skipIf(withoutPostgres)(
  "a cluster left running is stopped, once, and its folder starts again",
  async () => {
    const bin = (await findPostgresBin())!;
    const dataDir = path.join(root, "data");
    execFileSync("cp", ["-a", await template(bin), dataDir]);
    const options = { bin, dataDir, socketDir: path.join(root, "sock"), port: await freePort() };
    // The run that started it was killed: nothing stopped it.
    const left = await startCluster(options);
    expect(await answers(left.url)).toBe(true);

    expect(await stopLeftoverCluster(bin, dataDir)).toBe(true);
    expect(await answers(left.url)).toBe(false);
    expect(await stopLeftoverCluster(bin, dataDir)).toBe(false);
    // A folder that was never a cluster has nothing to stop.
    expect(await stopLeftoverCluster(bin, path.join(root, "none"))).toBe(false);

    const again = await startCluster(options);
    try {
      expect(await answers(again.url)).toBe(true);
    } finally {
      await again.stop();
    }
  },
);
