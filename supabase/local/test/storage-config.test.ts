// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseSize } from "@groundwork/local-backend";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function load(toml: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "storage-config-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "config.toml"), toml);
  return { dir, config: loadConfig({ supabaseDir: dir, env }).storage };
}

describe("[storage] in config.toml", () => {
  it("reads sizes as the CLI does, in binary units whatever the spelling", () => {
    expect(parseSize("50MiB")).toBe(50 * 1024 * 1024);
    expect(parseSize("5MB")).toBe(5 * 1024 * 1024);
    expect(parseSize("1 kb")).toBe(1024);
    expect(parseSize("2048")).toBe(2048);
    expect(parseSize("lots")).toBeNull();
    expect(parseSize("5 parsecs")).toBeNull();
  });

  it("has the CLI's defaults without a [storage] table", () => {
    expect(load("").config).toEqual({
      enabled: true,
      fileSizeLimit: 50 * 1024 * 1024,
      imageTransformation: { enabled: true },
      buckets: [],
      // storage-api's TUS_URL_EXPIRY_MS default: one hour.
      resumableExpiryMs: 60 * 60 * 1000,
    });
  });

  it("reads the limit, transformations and every [storage.buckets.<name>]", () => {
    const { dir, config } = load(`
[storage]
file_size_limit = "10MiB"
[storage.image_transformation]
enabled = false
[storage.buckets.avatars]
public = true
file_size_limit = "1MiB"
allowed_mime_types = ["image/png", "image/*"]
[storage.buckets.files]
objects_path = "./seed/files"
`);
    expect(config.fileSizeLimit).toBe(10 * 1024 * 1024);
    expect(config.imageTransformation.enabled).toBe(false);
    expect(config.buckets).toEqual([
      {
        name: "avatars",
        public: true,
        fileSizeLimit: 1024 * 1024,
        allowedMimeTypes: ["image/png", "image/*"],
        objectsPath: null,
      },
      {
        name: "files",
        public: false,
        fileSizeLimit: null,
        allowedMimeTypes: null,
        objectsPath: path.join(dir, "seed", "files"),
      },
    ]);
  });

  it("lets SUPABASE_STORAGE_* variables override, and names a bad size with its line", () => {
    const { config } = load(`[storage]\nfile_size_limit = "1MiB"\n`, {
      SUPABASE_STORAGE_FILE_SIZE_LIMIT: "2MiB",
    });
    expect(config.fileSizeLimit).toBe(2 * 1024 * 1024);
    expect(() => load(`[storage]\nfile_size_limit = "huge"\n`)).toThrow(ConfigError);
    expect(() => load(`[storage]\nfile_size_limit = "huge"\n`)).toThrow(/config\.toml:2/);
  });
});
