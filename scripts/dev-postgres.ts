import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ConfigError,
  findPostgresBin,
  INSTALL_HINT,
  loadConfig,
  startCluster,
  stopLeftoverCluster,
} from "@groundwork/local-backend";

// `npm run dev:postgres`: the local backend on a private PostgreSQL cluster made from the machine's
// own PostgreSQL, instead of the embedded database. The cluster lives in the backend's data folder
// (postgres/), listens on the loopback address only (SUPABASE_LOCAL_PG_PORT, default 54322, the
// CLI's database port) with its own socket folder, and stops when the backend stops.
// `-- --reset` starts from a new cluster; other arguments go to the backend.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main(): Promise<number> {
  const bin = await findPostgresBin();
  if (!bin) {
    console.error(INSTALL_HINT);
    return 1;
  }
  let dataDir: string | null;
  try {
    ({ dataDir } = loadConfig({ supabaseDir: path.join(root, "supabase") }));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const home = path.join(dataDir ?? path.join(root, "supabase", ".local-data"), "postgres");
  const args = process.argv.slice(2);
  const reset = args.includes("--reset");
  if (reset && existsSync(home)) {
    // A cluster a killed run left behind is stopped first: removed under it, it would hold the port.
    if (await stopLeftoverCluster(bin, path.join(home, "data")))
      console.log("Stopped the PostgreSQL server a previous run left running.");
    rmSync(home, { recursive: true, force: true });
  }

  const port = Number(process.env.SUPABASE_LOCAL_PG_PORT ?? 54322);
  const fresh = !existsSync(path.join(home, "data", "PG_VERSION"));
  console.log(
    `${fresh ? "Creating" : "Starting"} PostgreSQL (${bin}) in ${path.relative(root, home)} on port ${port}…`,
  );
  const cluster = await startCluster({
    bin,
    dataDir: path.join(home, "data"),
    socketDir: path.join(home, "sock"),
    logFile: path.join(home, "sock", "postgres.log"),
    port,
  });

  const backend = spawn(
    path.join(root, "node_modules", ".bin", "local-backend"),
    args.filter((a) => a !== "--reset"),
    { stdio: "inherit", env: { ...process.env, SUPABASE_DB_URL: cluster.url } },
  );
  // Ctrl-C reaches the backend through the terminal; a signal sent to this process only is passed on.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => backend.kill(signal));
  }
  const code = await new Promise<number>((resolve) =>
    backend.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
  console.log("Stopping PostgreSQL…");
  await cluster.stop();
  return code;
}

process.exit(await main());
