import { describe, expect, it } from "vitest";

import {
  asyncLoaders,
  moduleSource,
  pageChunksFromManifest,
  preloadsFor,
} from "../../scripts/shell-preloads";

// A build in the bundler's shape: the shell's page chunk holds two async loaders, one for the
// editor's module (6887) and one for a palette (4242); the editor's chunks define its module beside
// others, one of which merely mentions the editor.
const CHUNKS: Record<string, string> = {
  "/_next/static/chunks/page.js":
    '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,' +
    '33226,s=>{s.v(t=>Promise.all(["static/chunks/tiny.js","static/chunks/editor.js","static/chunks/shared.js","static/chunks/lib.js","static/chunks/editor.css"].map(t=>s.l(t))).then(()=>t(6887)))},' +
    '83447,(e)=>{e.v(n=>Promise.all(["static/chunks/palette.js"].map(r=>e.l(r))).then(()=>n(4242)))},' +
    '9539,e=>{"use strict";e.s(["OfflineNotes",0,function(){return e.A(33226)}])}]);',
  "/_next/static/chunks/shared.js":
    '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,1,e=>{"use strict";e.s(["shared",0,1])}]);',
  "/_next/static/chunks/tiny.js":
    '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,5,e=>{"use strict";e.s(["tiny",0,5])}]);',
  "/_next/static/chunks/editor.js":
    '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,' +
    '6887,e=>{"use strict";var t=e.i(1);let o={a:[1,2]};e.s(["NoteEditor",0,function({noteId:e}){return o}])},' +
    '6888,(e,t,r)=>{r.exports="NoteEditor"}]);',
  "/_next/static/chunks/lib.js":
    '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,7,function(e){e.s(["lib",0,7])}]);',
  "/_next/static/chunks/palette.js":
    '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,' +
    '4241,e=>{"use strict";e.s(["NoteEditor",0,null])},4242,e=>{"use strict";e.s(["Palette",0,function(){}])}]);',
};
const read = (url: string) => CHUNKS[url] ?? null;

describe("the chunks the note shell preloads", () => {
  it("finds each async loader in a chunk: the chunks it fetches and the module it returns", () => {
    expect(asyncLoaders(CHUNKS["/_next/static/chunks/page.js"])).toEqual([
      {
        chunks: [
          "static/chunks/tiny.js",
          "static/chunks/editor.js",
          "static/chunks/shared.js",
          "static/chunks/lib.js",
          "static/chunks/editor.css",
        ],
        target: "6887",
      },
      { chunks: ["static/chunks/palette.js"], target: "4242" },
    ]);
  });

  it("reads one module's own code, not its neighbour's", () => {
    const editor = CHUNKS["/_next/static/chunks/editor.js"];
    expect(moduleSource(editor, "6887")).toContain('e.s(["NoteEditor"');
    expect(moduleSource(editor, "6887")).not.toContain("r.exports");
    expect(moduleSource(editor, "6888")).toContain('r.exports="NoteEditor"');
    expect(moduleSource(editor, "99")).toBeNull();
  });

  it("are the chunks of the loader whose module exports the editor, in order, without the page's own", () => {
    expect(
      preloadsFor({
        pageChunks: ["/_next/static/chunks/page.js", "/_next/static/chunks/shared.js"],
        read,
        exportName: "NoteEditor",
      }),
    ).toEqual([
      "/_next/static/chunks/tiny.js",
      "/_next/static/chunks/editor.js",
      "/_next/static/chunks/lib.js",
      "/_next/static/chunks/editor.css",
    ]);
  });

  it("are none when no loaded module exports the name (a neighbour's export does not count)", () => {
    const pageChunks = ["/_next/static/chunks/page.js"];
    expect(preloadsFor({ pageChunks, read, exportName: "Missing" })).toEqual([]);
    // palette.js defines a module exporting NoteEditor, but its loader returns 4242.
    const onlyPalette = (url: string) =>
      url.endsWith("page.js")
        ? '[0,83447,(e)=>{e.v(n=>Promise.all(["static/chunks/palette.js"].map(r=>e.l(r))).then(()=>n(4242)))}]'
        : read(url);
    expect(preloadsFor({ pageChunks, read: onlyPalette, exportName: "NoteEditor" })).toEqual([]);
  });

  it("start from every chunk the page's client reference manifest names", () => {
    const manifest =
      'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/(app)/offline/page"] = ' +
      JSON.stringify({
        moduleLoading: { prefix: "" },
        clientModules: {
          "[project]/app/layout.tsx": { id: 1, chunks: ["/_next/static/chunks/a.js"] },
          "[project]/components/notes/offline-notes.tsx": {
            id: 2,
            chunks: ["/_next/static/chunks/a.js", "/_next/static/chunks/page.js"],
          },
        },
      });
    expect(pageChunksFromManifest(manifest, "/(app)/offline/page")).toEqual([
      "/_next/static/chunks/a.js",
      "/_next/static/chunks/page.js",
    ]);
    expect(() => pageChunksFromManifest(manifest, "/(app)/notes/page")).toThrow(
      "No client reference manifest",
    );
  });
});
