import { execFile } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** What to say when no PostgreSQL is installed. */
export const INSTALL_HINT =
  "PostgreSQL is not installed: install it with your package manager (e.g. `sudo apt-get install postgresql` or `brew install postgresql@15`), or set PG_BIN to the folder holding initdb and pg_ctl.";

/** The owner's password in a private cluster; the service roles get the same, as the Supabase CLI does. */
export const CLUSTER_PASSWORD = "postgres";

/**
 * The folder holding initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin
 * (Debian and Ubuntu), else whichever initdb is on PATH. Null when there is none.
 */
export async function findPostgresBin(
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  if (env.PG_BIN) return existsSync(path.join(env.PG_BIN, "initdb")) ? env.PG_BIN : null;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(debian, versions[0], "bin");
  }
  try {
    const { stdout } = await run("pg_config", ["--bindir"]);
    const dir = stdout.trim();
    if (existsSync(path.join(dir, "initdb"))) return dir;
  } catch {
    // No pg_config on PATH.
  }
  return null;
}

export interface ClusterOptions {
  bin: string;
  /** The cluster's data folder (made by initdb on first use). */
  dataDir: string;
  port: number;
  /** Where the server puts its Unix socket; private to this cluster. */
  socketDir: string;
  /** The server's log file. */
  logFile?: string;
  /** Server settings given on the command line (`-c name=value`). */
  settings?: Record<string, string>;
}

export interface Cluster {
  /** A superuser URL for the `postgres` database, over TCP on the loopback address. */
  url: string;
  /** A superuser URL for another database of the cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program as the invoking user, or as `postgres` when that is root (initdb refuses root). */
async function pgRun(bin: string, program: string, args: string[]): Promise<string> {
  const file = path.join(bin, program);
  const { stdout } = isRoot()
    ? await run("runuser", ["-u", "postgres", "--", file, ...args])
    : await run(file, args);
  return stdout;
}

function ownFolder(dir: string): void {
  mkdirSync(path.dirname(dir), { recursive: true });
  if (!existsSync(dir)) mkdirSync(dir, { mode: 0o700 });
  if (isRoot()) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
}

function postgresUser(): { uid: number; gid: number } {
  let passwd = "";
  try {
    passwd = readFileSync("/etc/passwd", "utf8");
  } catch {
    // Not a system with /etc/passwd.
  }
  const line = passwd.split("\n").find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("running as root needs a `postgres` user to run the server as");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Stops a server still running on `dataDir`, left by a start that was killed before it could stop
 * it; true when there was one. Before a cluster's folder is removed (a reset), so the server does
 * not run on without its files, holding the port.
 */
export async function stopLeftoverCluster(bin: string, dataDir: string): Promise<boolean> {
  if (!existsSync(path.join(dataDir, "postmaster.pid"))) return false;
  const running = await pgRun(bin, "pg_ctl", ["-D", dataDir, "status"]).then(
    () => true,
    () => false,
  );
  if (running) await pgRun(bin, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  return running;
}

/** The locale a new cluster is made with, as hosted Supabase's (`show lc_ctype` there). */
export const CLUSTER_LOCALE = "C.UTF-8";

/**
 * Starts a private PostgreSQL cluster: initdb on first use (superuser `postgres`, password logins,
 * UTF-8, the C.UTF-8 locale as hosted), then the server on `port` on the loopback address with its own socket folder,
 * so it never meets a system cluster. `stop` shuts it down (fast: open sessions are ended).
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { bin, dataDir, port, socketDir } = options;
  ownFolder(socketDir);
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    ownFolder(dataDir);
    const pwfile = path.join(socketDir, "initdb.pw");
    writeFileSync(pwfile, `${CLUSTER_PASSWORD}\n`, { mode: 0o600 });
    if (isRoot()) {
      const { uid, gid } = postgresUser();
      chownSync(pwfile, uid, gid);
    }
    const initdb = (locale: string) =>
      pgRun(bin, "initdb", [
        "-D",
        dataDir,
        "-U",
        "postgres",
        "--auth=scram-sha-256",
        `--pwfile=${pwfile}`,
        "-E",
        "UTF8",
        `--locale=${locale}`,
        "--no-sync",
      ]);
    // Hosted Supabase's databases are C.UTF-8: text sorts by code point, as in C, and lower() and
    // upper() know every letter, not only ASCII's. A system without that locale gets plain C.
    await initdb(CLUSTER_LOCALE).catch(() => initdb("C"));
  }
  const logFile = options.logFile ?? path.join(socketDir, "postgres.log");
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    port: String(port),
    unix_socket_directories: socketDir,
    max_connections: "200",
    ...options.settings,
  };
  const serverArgs = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(" ");
  await stopLeftoverCluster(bin, dataDir);
  await pgRun(bin, "pg_ctl", [
    "-D",
    dataDir,
    "-l",
    logFile,
    "-o",
    serverArgs,
    "-w",
    "-t",
    "60",
    "start",
  ]);
  const urlFor = (database: string) =>
    `postgres://postgres:${CLUSTER_PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlFor("postgres"),
    urlFor,
    async stop() {
      await pgRun(bin, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    },
  };
}
