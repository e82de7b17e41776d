import { readFileSync } from "node:fs";
import { ConfigError } from "./config/config";
import { parseDotenv } from "./functions/env";
import { DatabaseRefusedError } from "./database/server-db";
import { MigrationError } from "./database/migrations";
import { loadConfig } from "./config/config";
import { moveIn } from "./database/move-in";
import { startLocalBackend } from "./server";
import { formatStatus } from "./status";
import { formatFunctions } from "./functions/listing";

const HELP = `Usage: npm run backend [-- --reset] [-- --db-url postgres://… [--adopt-database]]
       npm run backend -- move-in --db-url postgres://… [--from DATA_FOLDER] [--adopt-database]

Runs the local Supabase-compatible backend (auth, database API, edge functions, inbox) in the
foreground.

  --reset            start from an empty database (migrations and seed.sql run again)
  --db-url URL       run on this PostgreSQL server (a superuser URL) instead of the embedded
                     database; SUPABASE_DB_URL in the environment or .env.local / .env does the same
  --adopt-database   bootstrap the server's database even though it already holds something

move-in copies the embedded database in the data folder (people, their identities, MFA factors
and passkeys, Storage rows, every table in public) into an empty PostgreSQL database, then says
what it moved. Files stay in the data folder, where the backend on the server reads them. Stop
the backend first.

Environment: SUPABASE_LOCAL_PORT (default 54321, or [api] port in supabase/config.toml),
SUPABASE_LOCAL_INBOX_PORT (default 54324, or [inbucket] port),
SUPABASE_LOCAL_DATA_DIR (default supabase/.local-data), SUPABASE_LOCAL_JWT_EXPIRY,
SUPABASE_DB_URL, SUPABASE_LOCAL_DB_POOL_SIZE (default 10 connections per pool),
and the Supabase CLI's SUPABASE_<SECTION>_<KEY> overrides of config.toml.`;

/** SUPABASE_DB_URL from the environment, else from .env.local or .env in the project folder. */
function dbUrlFromEnv(): string | undefined {
  if (process.env.SUPABASE_DB_URL) return process.env.SUPABASE_DB_URL;
  for (const file of [".env.local", ".env"]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const url = parseDotenv(text).SUPABASE_DB_URL;
    if (url) return url;
  }
  return undefined;
}

/** `move-in`: the embedded database's data into the server SUPABASE_DB_URL or --db-url names. */
async function runMoveIn(args: string[], dbUrl: string | undefined): Promise<void> {
  const at = args.indexOf("--from");
  let from: string | undefined;
  if (at >= 0) {
    from = args[at + 1];
    if (!from || from.startsWith("--")) fail(`--from needs a folder\n\n${HELP}`);
    args.splice(at, 2);
  }
  const unknown = args.filter((a) => a !== "--adopt-database");
  if (unknown.length) fail(`unknown option ${unknown.join(" ")}\n\n${HELP}`);
  if (!dbUrl) fail(`move-in needs --db-url (or SUPABASE_DB_URL)\n\n${HELP}`);
  const config = loadConfig({ dbUrl });
  const folder = from ?? config.dataDir;
  if (!folder) fail("move-in needs --from: no data folder is configured");
  try {
    const moved = await moveIn({
      from: folder,
      dbUrl,
      supabaseDir: config.supabaseDir,
      adopt: args.includes("--adopt-database"),
      log: (m) => console.log(m),
    });
    const width = Math.max(...moved.map((m) => m.table.length));
    console.log(`\nMoved from ${folder}:`);
    for (const m of moved) console.log(`  ${m.table.padEnd(width)}  ${m.rows} rows`);
    console.log(
      `\nFiles stay in ${folder}/storage. Start the backend with --db-url (or SUPABASE_DB_URL) and the same data folder.`,
    );
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof MigrationError ||
      err instanceof DatabaseRefusedError
    )
      fail(err.message);
    throw err;
  }
}

function fail(message: string): never {
  console.error(`Could not start the local backend: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) return void console.log(HELP);
  let dbUrl = dbUrlFromEnv();
  const at = args.indexOf("--db-url");
  if (at >= 0) {
    dbUrl = args[at + 1];
    if (!dbUrl || dbUrl.startsWith("--")) fail(`--db-url needs a URL\n\n${HELP}`);
    args.splice(at, 2);
  }
  if (args[0] === "move-in") return runMoveIn(args.slice(1), dbUrl);
  const unknown = args.filter((a) => a !== "--reset" && a !== "--adopt-database");
  if (unknown.length) fail(`unknown option ${unknown.join(" ")}\n\n${HELP}`);
  const reset = args.includes("--reset");
  if (reset && dbUrl)
    fail(
      "--reset empties only the embedded database; on a PostgreSQL server drop and create the database instead (npm run dev:postgres -- --reset does it for its own cluster).",
    );

  const started = performance.now();
  let backend;
  try {
    backend = await startLocalBackend({
      reset,
      log: (m) => console.log(m),
      dbUrl: dbUrl ?? null,
      adoptDatabase: args.includes("--adopt-database") || undefined,
    });
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof MigrationError ||
      err instanceof DatabaseRefusedError
    )
      fail(err.message);
    const code = (err as { code?: unknown }).code;
    if (code === "EADDRINUSE") {
      fail(
        `the port${typeof (err as { port?: unknown }).port === "number" ? ` ${(err as { port: number }).port}` : ""} is already in use. Is \`supabase start\` or another backend running? Set SUPABASE_LOCAL_PORT (the API) or SUPABASE_LOCAL_INBOX_PORT (the inbox) to use another port.`,
      );
    }
    throw err;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\nLocal backend started in ${seconds} s${reset ? " from an empty database" : ""}.\n`,
  );
  console.log(
    formatStatus({
      url: backend.url,
      inboxUrl: backend.inboxUrl,
      dataDir: backend.config.dataDir,
    }),
  );
  if (backend.config.db.url) {
    const shown = new URL(backend.config.db.url);
    if (shown.password) shown.password = "****";
    console.log(`\nDatabase: PostgreSQL server at ${shown.toString()}`);
  }
  console.log(`\n${formatFunctions(backend.config, backend.url)}`);
  console.log("\nPress Ctrl-C to stop.");

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second Ctrl-C while stopping leaves at once; every write was already on disk when it was acknowledged.
    if (stopping) {
      if (signal === "SIGINT") process.exit(130);
      return;
    }
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    try {
      await backend.stop();
      console.log("Stopped.");
      process.exit(0);
    } catch (err) {
      console.error(`Could not stop cleanly: ${(err as Error).message}`);
      process.exit(1);
    }
  };
  process.on("SIGINT", (s) => void stop(s));
  process.on("SIGTERM", (s) => void stop(s));
  // Started by another program with an IPC channel (npm run dev): stop when it goes, however it ends.
  if (process.send) process.on("disconnect", () => void stop("SIGHUP"));
}

await main();
