import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * initdb and the bootstrap SQL are most of a fresh start (seconds in WebAssembly), and their result
 * depends only on the PGlite build and the bootstrap files. So it is made once, kept as a tarball
 * beside node_modules, and every new data folder starts from a copy. PGlite itself creates data
 * folders this way: initdb on a scratch instance, then its tarball loaded into the target.
 */
function pgliteDir(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return dir;
}

export function pgliteVersion(): string {
  return (
    JSON.parse(readFileSync(path.join(pgliteDir(), "package.json"), "utf8")) as { version: string }
  ).version;
}

function cacheDir(): string {
  if (process.env.SUPABASE_LOCAL_CACHE_DIR) return process.env.SUPABASE_LOCAL_CACHE_DIR;
  const dir = pgliteDir();
  const at = dir.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return path.join(
    at >= 0 ? path.join(dir.slice(0, at), "node_modules", ".cache") : tmpdir(),
    "groundwork-local",
  );
}

const gzip = (bytes: Uint8Array) =>
  new Blob([new Uint8Array(bytes)], { type: "application/x-gzip" });

/**
 * The tarball cached as `<name>.tar.gz`, made with `make` on first use. Older tarballs whose names
 * start with `stalePrefix` are removed when a new one is written.
 */
export async function cachedTemplate(
  name: string,
  make: () => Promise<Blob>,
  stalePrefix?: string,
): Promise<Blob> {
  const dir = cacheDir();
  const file = path.join(dir, `${name}.tar.gz`);
  if (existsSync(file)) return gzip(readFileSync(file));
  const bytes = new Uint8Array(await (await make()).arrayBuffer());
  try {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a concurrent start never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    for (const other of readdirSync(dir)) {
      if (stalePrefix && other.startsWith(stalePrefix) && other !== path.basename(file))
        rmSync(path.join(dir, other), { force: true });
    }
  } catch {
    // A read-only cache only costs speed: the next start makes the template again.
  }
  return gzip(bytes);
}

/** A data directory straight out of initdb. */
export function initdbTemplate(): Promise<Blob> {
  return cachedTemplate(`pgdata-${pgliteVersion()}`, async () => {
    const scratch = await PGlite.create();
    const blob = await scratch.dumpDataDir("gzip");
    await scratch.close();
    return blob;
  });
}
