import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, type LoadConfigOptions } from "@groundwork/local-backend/config";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function load(toml: string, env: Record<string, string> = {}, options: LoadConfigOptions = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "local-inbox-config-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "config.toml"), toml);
  return loadConfig({ supabaseDir: dir, env, ...options });
}

// The CLI serves its mail catcher on `[inbucket] port` (54324), apart from the API's 54321.
describe("[inbucket]: the mail inbox's own port", () => {
  it("is 54324 by default, as the CLI's", () => {
    expect(load("").inbox).toEqual({ enabled: true, port: 54324 });
  });

  it("reads [inbucket] port and enabled, and SUPABASE_LOCAL_INBOX_PORT over both", () => {
    expect(load("[inbucket]\nport = 55000\nenabled = false\n").inbox).toEqual({
      enabled: false,
      port: 55000,
    });
    expect(
      load("[inbucket]\nport = 55000\n", { SUPABASE_LOCAL_INBOX_PORT: "56000" }).inbox.port,
    ).toBe(56000);
  });

  it("takes any free port when the API does, unless one is named", () => {
    expect(load("", {}, { port: 0 }).inbox.port).toBe(0);
    expect(load("", { SUPABASE_LOCAL_INBOX_PORT: "56001" }, { port: 0 }).inbox.port).toBe(56001);
    expect(load("", {}, { port: 0, inboxPort: 56002 }).inbox.port).toBe(56002);
  });
});
