import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startTestBackend, type TestBackend } from "./local-backend";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A copy of a fixture supabase folder that a test may change (.env, a function's source). It lives
 * inside the project so that the functions' `npm:` imports resolve from its node_modules.
 */
export function copyFixture(name: string): { dir: string; remove(): void } {
  const scratch = path.join(root, ".tmp");
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(path.join(scratch, `functions-${name}-`));
  cpSync(path.join(import.meta.dirname, "../fixtures/functions", name), dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A backend serving the functions of `supabaseDir`, its output collected by `log`. */
export function startFunctionsBackend(
  supabaseDir: string,
  log?: (line: string) => void,
): Promise<TestBackend> {
  return startTestBackend({ supabaseDir, log });
}

export const fixtureDir = (name: string) =>
  path.join(import.meta.dirname, "../fixtures/functions", name);
