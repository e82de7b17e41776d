import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { copyFile, open, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { errors } from "./errors";

const VERSION = /^[0-9a-f-]{36}$/;
/** How much of a refused body is still read (and dropped) before the connection is cut. */
export const DRAIN_LIMIT = 64 * 1024 * 1024;

export interface StoredFile {
  version: string;
  size: number;
  etag: string;
}

async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Object bytes on disk. A file is named by the object's version (a fresh UUID per write), never by
 * the object's key, so no key can reach outside the folder. A write goes to tmp/, is fsynced and
 * renamed into objects/ before any row names it, so a row never points at a partial file; a file
 * no row names (a crash between rename and commit) is removed at the next start.
 */
export class FileStore {
  readonly objects: string;
  readonly tmp: string;
  /** Where the tus library keeps unfinished resumable uploads. */
  readonly resumable: string;

  constructor(readonly root: string) {
    this.objects = path.join(root, "objects");
    this.tmp = path.join(root, "tmp");
    this.resumable = path.join(root, "resumable");
    for (const dir of [this.objects, this.tmp, this.resumable]) mkdirSync(dir, { recursive: true });
  }

  /** The storage folder inside the data folder; an in-memory backend gets a temporary one. */
  static forDataDir(dataDir: string | null): FileStore {
    return new FileStore(
      dataDir ? path.join(dataDir, "storage") : mkdtempSync(path.join(tmpdir(), "storage-")),
    );
  }

  pathOf(version: string): string {
    if (!VERSION.test(version)) throw new Error(`not an object version: ${version}`);
    return path.join(this.objects, version);
  }

  /** Streams `body` to a new file; more than `limit` bytes stops the write with 413. */
  async write(body: Readable, limit: number, limitText?: string): Promise<StoredFile> {
    const version = randomUUID();
    const partial = path.join(this.tmp, `${version}.part`);
    const hash = createHash("md5");
    let size = 0;
    // Past the limit the rest of the body is read and dropped, so the client finishes sending and
    // hears the refusal; one that keeps sending far beyond is cut off.
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.byteLength;
        if (size > limit + DRAIN_LIMIT) return done(errors.tooLarge(limitText));
        if (size > limit) return done();
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(partial));
      if (size > limit) throw errors.tooLarge(limitText);
      await fsyncPath(partial);
      await rename(partial, this.pathOf(version));
      await fsyncPath(this.objects);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { version, size, etag: `"${hash.digest("hex")}"` };
  }

  /** Takes over a finished file (a resumable upload) as a new version. */
  async adopt(file: string): Promise<StoredFile> {
    const version = randomUUID();
    const hash = createHash("md5");
    await pipeline(createReadStream(file), hash);
    await fsyncPath(file);
    await rename(file, this.pathOf(version));
    await fsyncPath(this.objects);
    const { size } = await stat(this.pathOf(version));
    return { version, size, etag: `"${hash.digest("hex")}"` };
  }

  async copy(version: string): Promise<string> {
    const copy = randomUUID();
    const partial = path.join(this.tmp, `${copy}.part`);
    await copyFile(this.pathOf(version), partial);
    await fsyncPath(partial);
    await rename(partial, this.pathOf(copy));
    await fsyncPath(this.objects);
    return copy;
  }

  read(version: string, range?: { start: number; end: number }): Readable {
    // Larger reads than the 64 KiB default: fewer round trips through the web stream for big files.
    return createReadStream(this.pathOf(version), { ...range, highWaterMark: 1024 * 1024 });
  }

  async remove(versions: (string | null | undefined)[]): Promise<void> {
    for (const v of versions) if (v && VERSION.test(v)) await rm(this.pathOf(v), { force: true });
  }

  /** Removes partial writes and files no row names; runs at start, before any request. */
  async sweep(referenced: Set<string>): Promise<void> {
    for (const f of readdirSync(this.tmp)) await rm(path.join(this.tmp, f), { force: true });
    for (const f of readdirSync(this.objects))
      if (!referenced.has(f)) await rm(path.join(this.objects, f), { force: true });
  }
}
