import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  CLUSTER_LOCALE,
  findPostgresBin,
  INSTALL_HINT,
  startCluster,
  type Cluster,
} from "@groundwork/local-backend";

/**
 * Backend tests run on PostgreSQL instead of the embedded database when SUPABASE_TEST_DB=postgres:
 * each test file starts a private cluster (from PG_BIN or the machine's PostgreSQL), and each
 * backend it starts gets a database of its own there, named after its data folder, so a restart
 * with the same folder finds its data again.
 */
export const onPostgres = process.env.SUPABASE_TEST_DB === "postgres";

/**
 * Tests that always need a server run where PostgreSQL is installed, and always in CI (which
 * installs it); elsewhere they are skipped rather than failed.
 */
export const withoutPostgres = (await findPostgresBin()) === null && !process.env.CI;

let cluster: Promise<{ cluster: Cluster; root: string }> | null = null;

/** A free port: from SUPABASE_TEST_PG_PORTS ("55430-55439") when set, else any the system gives. */
export async function freePort(): Promise<number> {
  const range = process.env.SUPABASE_TEST_PG_PORTS;
  const candidates: number[] = [];
  if (range) {
    const [from, to] = range.split("-").map(Number);
    for (let p = from; p <= (to || from); p++) candidates.push(p);
  } else candidates.push(0);
  for (const want of candidates.sort(() => Math.random() - 0.5)) {
    const port = await new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(null));
      server.listen(want, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (port) return port;
  }
  throw new Error(`no free port in SUPABASE_TEST_PG_PORTS=${range}`);
}

/** A folder the server may enter when it runs as `postgres` (mkdtemp makes it private to root). */
export function reachable(dir: string): string {
  chmodSync(dir, 0o755);
  return dir;
}

/** initdb once per PostgreSQL build; each cluster starts as a copy of it. */
export async function template(bin: string): Promise<string> {
  const version = execFileSync(path.join(bin, "pg_ctl"), ["--version"], { encoding: "utf8" });
  const hash = createHash("sha256")
    .update(`${bin}\n${version}\n${CLUSTER_LOCALE}`)
    .digest("hex")
    .slice(0, 12);
  const dir = path.join(tmpdir(), `groundwork-pg-template-${hash}`);
  if (existsSync(path.join(dir, "PG_VERSION"))) return dir;
  const scratch = reachable(mkdtempSync(path.join(tmpdir(), "groundwork-pg-initdb-")));
  const made = await startCluster({
    bin,
    dataDir: path.join(scratch, "data"),
    socketDir: path.join(scratch, "sock"),
    port: await freePort(),
  });
  await made.stop();
  try {
    renameSync(path.join(scratch, "data"), dir);
  } catch {
    // Another test file made it at the same moment; either copy will do.
  }
  rmSync(scratch, { recursive: true, force: true });
  return dir;
}

function startTestCluster(): Promise<{ cluster: Cluster; root: string }> {
  cluster ??= (async () => {
    const bin = await findPostgresBin();
    if (!bin) throw new Error(INSTALL_HINT);
    const root = reachable(mkdtempSync(path.join(tmpdir(), "groundwork-pg-")));
    const dataDir = path.join(root, "data");
    // cp -a keeps the owner (postgres, when the tests run as root).
    execFileSync("cp", ["-a", await template(bin), dataDir]);
    // Another test file may take the port between the check and the start: then try another.
    for (let attempt = 1; ; attempt++) {
      try {
        const started = await startCluster({
          bin,
          dataDir,
          socketDir: path.join(root, "sock"),
          port: await freePort(),
          // A test cluster need not survive a power cut.
          settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
        });
        return { cluster: started, root };
      } catch (err) {
        if (attempt >= 5) throw err;
      }
    }
  })();
  return cluster;
}

/** The URL of a database for the backend whose data folder is `dataDir`, made (or emptied with `reset`). */
export async function testDatabaseUrl(dataDir: string, reset = false): Promise<string> {
  const { cluster: c } = await startTestCluster();
  const name = `t_${createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: c.url });
  await admin.connect();
  try {
    if (reset) await admin.query(`drop database if exists ${name} with (force)`);
    const { rows } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rows.length) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return c.urlFor(name);
}

/** A superuser URL for the test cluster's `postgres` database. */
export async function testClusterUrl(): Promise<string> {
  return (await startTestCluster()).cluster.url;
}

/** Stops the test file's cluster, if it started one, and removes its files. */
export async function stopTestCluster(): Promise<void> {
  if (!cluster) return;
  const { cluster: c, root } = await cluster;
  cluster = null;
  await c.stop();
  rmSync(root, { recursive: true, force: true });
}
