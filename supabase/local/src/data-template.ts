import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * initdb is most of a fresh start (seconds in WebAssembly). Its output depends only on the PGlite
 * build, so it is made once per installed PGlite version, kept as a tarball beside node_modules,
 * and every new data folder starts from a copy. PGlite itself creates data folders the same way:
 * initdb on a scratch instance, then its tarball loaded into the target.
 */
function templateFile(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
  const at = dir.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  const cache = at >= 0 ? path.join(dir.slice(0, at), "node_modules", ".cache") : tmpdir();
  const cacheDir = process.env.SUPABASE_LOCAL_CACHE_DIR ?? path.join(cache, "groundwork-local");
  return path.join(cacheDir, `pgdata-${version}.tar.gz`);
}

/** The initdb output as a gzipped tarball, made on first use. */
export async function dataTemplate(): Promise<Blob> {
  const file = templateFile();
  if (existsSync(file)) return new Blob([readFileSync(file)], { type: "application/x-gzip" });
  const scratch = await PGlite.create();
  const blob = await scratch.dumpDataDir("gzip");
  await scratch.close();
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a concurrent start never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // A read-only cache only costs speed: the next start makes the template again.
  }
  return new Blob([await blob.arrayBuffer()], { type: "application/x-gzip" });
}
