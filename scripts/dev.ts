import path from "node:path";
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import { ConfigError, loadConfig } from "@groundwork/local-backend/config";
import { DevPlanError, nextDevArgs } from "./dev-plan";
import { backfillAt } from "./backfill-note-refs";
import { runDev } from "./dev-runner";

// `npm run dev`: the local backend (unless a hosted project is configured) and `next dev` together.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// @next/env is CommonJS without named exports Node can see; read it through its default export.
nextEnv.loadEnvConfig(root, true, { info: () => {}, error: console.error });

const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) return;
    console.log(`\n${signal}: stopping the app and the local backend…`);
    controller.abort();
  });
}

try {
  const { port } = loadConfig({ supabaseDir: path.join(root, "supabase") });
  const code = await runDev({
    env: process.env,
    localPort: port,
    appCommand: [
      path.join(root, "node_modules", ".bin", "next"),
      "dev",
      ...nextDevArgs(process.env),
      ...process.argv.slice(2),
    ],
    signal: controller.signal,
    // Notes written before tags and links were read from text get theirs, once.
    onBackendReady: async (url, env) => {
      const { read, written } = await backfillAt(url, env.SUPABASE_SECRET_KEY ?? "");
      return `Tags and links read from the text of ${written} of ${read} older notes.`;
    },
  });
  process.exit(code);
} catch (err) {
  if (err instanceof ConfigError || err instanceof DevPlanError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
