import { ConfigError } from "./config";
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from "./keys";
import { MigrationError } from "./migrations";
import { startLocalBackend } from "./server";

const reset = process.argv.includes("--reset");

try {
  const backend = await startLocalBackend({ reset, log: (m) => console.log(m) });
  console.log(`
Groundwork local backend is running.

         API URL: ${backend.url}
        REST URL: ${backend.url}/rest/v1
       Inbox URL: ${backend.url}/inbox
 Publishable key: ${LOCAL_PUBLISHABLE_KEY}
      Secret key: ${LOCAL_SECRET_KEY}
        anon key: ${LOCAL_ANON_KEY}
service_role key: ${LOCAL_SERVICE_ROLE_KEY}
     Data folder: ${backend.config.dataDir ?? "(in memory)"}
`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await backend.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (err) {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    console.error(`Could not start the local backend: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
