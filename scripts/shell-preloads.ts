/**
 * Which built files the app shell should ask for as its HTML is read: the chunks of a module the
 * shell imports only later, from its code (the note editor). Next's manifests name a page's own
 * chunks but not the ones it loads with `import()`; those lists live in the page's built code, in
 * the bundler's async loaders (`<id>,e=>{e.v(t=>Promise.all([...chunks].map(t=>e.l(t))).then(()=>t(<module>)))}`).
 * A loader is recognised by the module it loads: one that registers `exportName` among its exports.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

/** One async loader in a built chunk: the chunks it fetches and the module it then returns. */
export interface AsyncLoader {
  chunks: string[];
  target: string;
}

const PARAM = String.raw`\(?([\w$]+)\)?`;
const LOADER = new RegExp(
  String.raw`\d+,\s*${PARAM}\s*=>\s*\{\s*\1\.v\(\s*${PARAM}\s*=>\s*Promise\.all\(\s*\[([^\]]*)\]\s*\.map\(\s*${PARAM}\s*=>\s*\1\.l\(\s*\4\s*\)\s*\)\s*\)\s*\.then\(\s*\(\)\s*=>\s*\2\(\s*(\d+)\s*\)\s*\)\s*\)\s*;?\s*\}`,
  "g",
);
/** Where a module's factory starts in a chunk: `,<id>,e=>{`, `,<id>,(e,t,r)=>{` or `,<id>,function(e){`. */
const FACTORY = String.raw`(?:\(?[\w$]+(?:\s*,\s*[\w$]+)*\)?\s*=>|function\s*\([^)]*\))\s*\{`;

/** The async loaders in a chunk's code. */
export function asyncLoaders(code: string): AsyncLoader[] {
  return [...code.matchAll(LOADER)].map((m) => ({
    chunks: [...m[3].matchAll(/"([^"]+)"/g)].map((c) => c[1]),
    target: m[5],
  }));
}

/** The text of module `id`'s factory in a chunk (up to the next module's), or null. */
export function moduleSource(code: string, id: string): string | null {
  const start = new RegExp(String.raw`[\[,]\s*${id}\s*,\s*${FACTORY}`).exec(code);
  if (!start) return null;
  const rest = code.slice(start.index + start[0].length);
  const next = new RegExp(String.raw`\}\s*,\s*\d+\s*,\s*${FACTORY}`).exec(rest);
  return next ? rest.slice(0, next.index) : rest;
}

const asUrl = (chunk: string) => (chunk.startsWith("/") ? chunk : `/_next/${chunk}`);

/**
 * The chunks, as addresses, of every async loader in `pageChunks` whose module exports
 * `exportName`, in their loader's order, leaving out the page's own chunks (already in its HTML).
 * `read` gives a chunk's code from its address (null when the file is missing).
 */
export function preloadsFor(options: {
  pageChunks: string[];
  read: (url: string) => string | null;
  exportName: string;
}): string[] {
  const own = new Set(options.pageChunks.map(asUrl));
  const exported = `"${options.exportName}",`;
  const found: string[] = [];
  for (const page of own) {
    for (const loader of asyncLoaders(options.read(page) ?? "")) {
      const urls = loader.chunks.map(asUrl);
      const loads = urls
        .filter((u) => u.endsWith(".js"))
        .some((u) => moduleSource(options.read(u) ?? "", loader.target)?.includes(exported));
      if (loads) found.push(...urls.filter((u) => !own.has(u) && !found.includes(u)));
    }
  }
  return found;
}

/** Every chunk a page's client code is built from, from its client reference manifest's text. */
export function pageChunksFromManifest(manifestCode: string, page: string): string[] {
  const sandbox: { __RSC_MANIFEST?: Record<string, unknown> } = {};
  vm.runInNewContext(manifestCode, sandbox);
  const manifest = sandbox.__RSC_MANIFEST?.[page] as
    { clientModules?: Record<string, { chunks?: string[] }> } | undefined;
  if (!manifest?.clientModules) throw new Error(`No client reference manifest for ${page}`);
  const chunks = new Set<string>();
  for (const entry of Object.values(manifest.clientModules))
    for (const chunk of entry.chunks ?? []) chunks.add(chunk);
  return [...chunks];
}

/**
 * The preloads for the page served at `route` (e.g. the shell's "/offline") in the build at
 * `nextDir`: the chunks of the module that exports `exportName`, which the page loads itself.
 */
export function shellPreloads(nextDir: string, route: string, exportName: string): string[] {
  const routes = JSON.parse(
    readFileSync(path.join(nextDir, "app-path-routes-manifest.json"), "utf8"),
  ) as Record<string, string>;
  const page = Object.keys(routes).find((key) => routes[key] === route);
  if (!page) throw new Error(`No page is built for ${route}`);
  const manifest = path.join(nextDir, "server/app", `${page}_client-reference-manifest.js`);
  const pageChunks = pageChunksFromManifest(readFileSync(manifest, "utf8"), page);
  const read = (url: string) => {
    const file = path.join(nextDir, url.replace(/^\/_next\//, ""));
    return existsSync(file) ? readFileSync(file, "utf8") : null;
  };
  const preloads = preloadsFor({ pageChunks, read, exportName });
  if (preloads.length === 0)
    throw new Error(
      `Found no chunk that ${route} loads for ${exportName}: the bundler's output changed (scripts/shell-preloads.ts reads it)`,
    );
  return preloads;
}
