// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseDotenv } from "@groundwork/local-backend";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function load(toml: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "functions-config-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "config.toml"), toml);
  return { dir, config: loadConfig({ supabaseDir: dir, env }) };
}

describe("[functions.<name>] in config.toml", () => {
  it("reads enabled, verify_jwt, entrypoint and import_map, paths from the supabase folder", () => {
    const { dir, config } = load(`
[functions.hello]
verify_jwt = false
entrypoint = "./functions/hello/main.ts"
import_map = "./functions/import_map.json"

[functions.off]
enabled = false
`);
    expect(config.functions.functions).toEqual({
      hello: {
        enabled: true,
        verifyJwt: false,
        entrypoint: path.join(dir, "functions/hello/main.ts"),
        importMap: path.join(dir, "functions/import_map.json"),
      },
      off: { enabled: false, verifyJwt: true, entrypoint: null, importMap: null },
    });
    expect(config.functions.dir).toBe(path.join(dir, "functions"));
    expect(config.functions.enabled).toBe(true);
    expect(config.functions.wallClockLimit).toBe(400);
  });

  it("lets [edge_runtime] switch functions off and the environment set the wall-clock limit", () => {
    const { config } = load("[edge_runtime]\nenabled = false\n", {
      SUPABASE_LOCAL_FUNCTIONS_WALL_CLOCK: "3",
    });
    expect(config.functions.enabled).toBe(false);
    expect(config.functions.wallClockLimit).toBe(3);
  });

  it("stops start-up on a wrongly typed value or a name the CLI would refuse", () => {
    expect(() => load('[functions.hello]\nverify_jwt = "yes"\n')).toThrow(
      /functions\.hello\.verify_jwt must be a boolean, got "yes"/,
    );
    expect(() => load("[functions.1st]\nenabled = true\n")).toThrow(ConfigError);
  });
});

describe("supabase/functions/.env", () => {
  it("reads plain, quoted and exported values and skips comments", () => {
    expect(
      parseDotenv(
        [
          "# a comment",
          "PLAIN=value # trailing comment",
          'QUOTED="two\\nlines"',
          "SINGLE='kept # as is'",
          "export EXPORTED=yes",
          "not a line",
          "EMPTY=",
        ].join("\n"),
      ),
    ).toEqual({
      PLAIN: "value",
      QUOTED: "two\nlines",
      SINGLE: "kept # as is",
      EXPORTED: "yes",
      EMPTY: "",
    });
  });
});
