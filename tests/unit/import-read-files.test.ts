import { strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ParseAnswer } from "@/lib/import/parse-worker";
import { ImportRefusal } from "@/lib/import/read-export";
import { readFiles } from "@/lib/import/read-files";

const VAULT = zipSync({
  "Vault/Garden.md": strToU8("Dig the beds, then read [[Seeds]].\n\n![[bed.png]]"),
  "Vault/Seeds.md": strToU8("Tomatoes."),
  "Vault/bed.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The worker's answer to these files, its script run here with its message port stubbed. */
async function askWorker(files: File[]): Promise<ParseAnswer> {
  const answers: ParseAnswer[] = [];
  vi.stubGlobal("postMessage", (answer: ParseAnswer) => answers.push(answer));
  vi.resetModules();
  await import("@/lib/import/parse-worker");
  const onmessage = (globalThis as unknown as { onmessage: (e: unknown) => Promise<void> })
    .onmessage;
  await onmessage({ data: { files: files.map((file) => ({ path: file.name, file })) } });
  return answers[0];
}

describe("reading an import's files", () => {
  it("makes the plan in the worker, with the files' bytes", async () => {
    const answer = await askWorker([new File([VAULT], "vault.zip")]);
    expect("plan" in answer).toBe(true);
    const { plan } = answer as Extract<ParseAnswer, { plan: unknown }>;
    expect(plan.notes.map((n) => n.title).sort()).toEqual(["Garden", "Seeds"]);
    expect(Array.from(plan.attachments[0].bytes)).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  });

  it("says why a file cannot come in, and leaves HTML notes to the page", async () => {
    expect(await askWorker([new File(["not a zip"], "notes.zip")])).toEqual({
      refusal: "“notes.zip” is not a zip archive, or it is damaged.",
    });
    expect(await askWorker([new File(["<html><body><p>Hi</p></body></html>"], "Hi.html")])).toEqual(
      { needsPage: true },
    );
  });

  it("reads on the page where no worker can start, with the same refusals", async () => {
    expect(typeof Worker).toBe("undefined");
    const plan = await readFiles([new File([VAULT], "vault.zip")]);
    expect(plan.notes).toHaveLength(2);
    await expect(readFiles([new File(["not a zip"], "notes.zip")])).rejects.toBeInstanceOf(
      ImportRefusal,
    );
  });
});
