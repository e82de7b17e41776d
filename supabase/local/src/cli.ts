import { ConfigError } from "./config";
import { MigrationError } from "./migrations";
import { startLocalBackend } from "./server";
import { formatStatus } from "./status";
import { formatFunctions } from "./functions/listing";

const HELP = `Usage: npm run backend [-- --reset]

Runs the local Supabase-compatible backend (auth, database API, edge functions, inbox) in the
foreground.

  --reset   start from an empty database (migrations and seed.sql run again)

Environment: SUPABASE_LOCAL_PORT (default 54321, or [api] port in supabase/config.toml),
SUPABASE_LOCAL_INBOX_PORT (default 54324, or [inbucket] port),
SUPABASE_LOCAL_DATA_DIR (default supabase/.local-data), SUPABASE_LOCAL_JWT_EXPIRY,
and the Supabase CLI's SUPABASE_<SECTION>_<KEY> overrides of config.toml.`;

function fail(message: string): never {
  console.error(`Could not start the local backend: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) return void console.log(HELP);
  const unknown = args.filter((a) => a !== "--reset");
  if (unknown.length) fail(`unknown option ${unknown.join(" ")}\n\n${HELP}`);
  const reset = args.includes("--reset");

  const started = performance.now();
  let backend;
  try {
    backend = await startLocalBackend({ reset, log: (m) => console.log(m) });
  } catch (err) {
    if (err instanceof ConfigError || err instanceof MigrationError) fail(err.message);
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
