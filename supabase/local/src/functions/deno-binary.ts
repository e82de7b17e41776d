import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/**
 * The Deno executable installed by the `deno` npm package: its platform package holds the binary
 * (the package's own install script only copies it). SUPABASE_LOCAL_DENO points at another one.
 */
export function denoBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SUPABASE_LOCAL_DENO) return env.SUPABASE_LOCAL_DENO;
  const exe = process.platform === "win32" ? "deno.exe" : "deno";
  const libc = process.platform === "linux" ? "-glibc" : "";
  const candidates: string[] = [];
  try {
    const pkg = require.resolve(`@deno/${process.platform}-${process.arch}${libc}/package.json`);
    candidates.push(path.join(path.dirname(pkg), exe));
  } catch {
    // Not installed for this platform; the main package may still have a copy.
  }
  try {
    candidates.push(path.join(path.dirname(require.resolve("deno/package.json")), exe));
  } catch {
    // Reported below.
  }
  const found = candidates.find((file) => existsSync(file));
  if (!found)
    throw new Error("Deno is not installed: run `npm install` (it comes with the deno package)");
  return found;
}
