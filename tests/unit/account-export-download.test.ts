// @vitest-environment node
import { describe, expect, it } from "vitest";

import { formatBytes } from "@/lib/format-bytes";
import { filenameFrom, readWithProgress } from "@/lib/account/export-download";

describe("filenameFrom", () => {
  it("reads plain and RFC 5987 names, and keeps only the last path part", () => {
    expect(filenameFrom('attachment; filename="groundwork.zip"', "x.zip")).toBe("groundwork.zip");
    expect(filenameFrom("attachment; filename*=UTF-8''notes%20%C3%A9t%C3%A9.zip", "x.zip")).toBe(
      "notes été.zip",
    );
    expect(filenameFrom('attachment; filename="../../etc/passwd"', "x.zip")).toBe("passwd");
    expect(filenameFrom('attachment; filename=".bashrc"', "x.zip")).toBe("x.zip");
    expect(filenameFrom(null, "x.zip")).toBe("x.zip");
  });
});

describe("formatBytes", () => {
  it("says sizes the way people read them", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
  });
});

describe("readWithProgress", () => {
  it("reports every chunk and returns the whole body", async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    });
    const seen: [number, number | null][] = [];
    const blob = await readWithProgress(
      new Response(body, { headers: { "content-length": "5", "content-type": "application/zip" } }),
      (received, total) => seen.push([received, total]),
    );
    expect(seen).toEqual([
      [3, 5],
      [5, 5],
    ]);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
    expect(blob.type).toBe("application/zip");
  });
});
