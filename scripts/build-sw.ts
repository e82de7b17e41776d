/**
 * Builds the service worker after `next build` (npm's postbuild): bundles sw/sw.ts with esbuild,
 * then Serwist's injectManifest writes the list of built static assets into it, each with its
 * revision. The result is public/sw.js, served like any public file (with the security headers).
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";

import { injectManifest } from "@serwist/build";
import { build } from "esbuild";

import { SHELL_PATH } from "../lib/pwa/offline-shell";
import { shellPreloads } from "./shell-preloads";

const root = path.resolve(import.meta.dirname, "..");
const bundled = path.join(root, ".next/sw.bundled.js");
const out = path.join(root, "public/sw.js");

async function main() {
  const buildId = (await readFile(path.join(root, ".next/BUILD_ID"), "utf8")).trim();
  // The note shell asks for the editor's code as its HTML is read, not once its code runs.
  const preloads = shellPreloads(path.join(root, ".next"), SHELL_PATH, "NoteEditor");
  await build({
    entryPoints: [path.join(root, "sw/sw.ts")],
    outfile: bundled,
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    tsconfig: path.join(root, "tsconfig.json"),
    define: {
      BUILD_ID: JSON.stringify(buildId),
      SHELL_PRELOADS: JSON.stringify(preloads),
      "process.env.NODE_ENV": '"production"',
    },
    logLevel: "warning",
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: out,
    globDirectory: path.join(root, ".next"),
    // Built, content-hashed, public files only: no page, no data.
    globPatterns: ["static/**/*.{js,css,woff2}"],
    modifyURLPrefix: { "static/": "/_next/static/" },
    dontCacheBustURLsMatching: /^\/_next\/static\//,
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  });
  await rm(bundled, { force: true });
  for (const warning of warnings) console.warn(warning);
  console.log(
    `Service worker: ${count} files precached (${Math.round(size / 1024)} KB); the note shell preloads ${preloads.length} of them.`,
  );
}

await main();
