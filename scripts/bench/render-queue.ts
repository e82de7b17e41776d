/**
 * How quick a small download stays while image renders run beside it: `npx tsx
 * scripts/bench/render-queue.ts`. Prints small-download latency idle and during 8 concurrent
 * renders of a 49-megapixel PNG (just under the 50-megapixel limit), and how long those renders took.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend } from "@groundwork/local-backend";

const FIXTURE = path.join(import.meta.dirname, "../../supabase/local/test/fixtures/storage");
const service = { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` };
const RENDERS = 8;
const DOWNLOADS = 20;

const ms = (n: number) => `${n.toFixed(0)} ms`;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function downloads(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < DOWNLOADS; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: service });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-render-"));
const backend = await startLocalBackend({
  port: 0,
  dataDir,
  supabaseDir: FIXTURE,
  env: { ...process.env, SUPABASE_STORAGE_FILE_SIZE_LIMIT: "100MiB" },
});
try {
  const big = await sharp({
    create: { width: 7000, height: 7000, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const put = (name: string, body: Buffer, type: string) =>
    fetch(`${backend.url}/storage/v1/object/attachments/${name}`, {
      method: "POST",
      headers: { ...service, "content-type": type },
      body: new Uint8Array(body),
    }).then(async (res) => {
      if (!res.ok) throw new Error(await res.text());
    });
  await put("big.png", big, "image/png");
  await put("small.txt", Buffer.alloc(4096, 1), "text/plain");
  const small = `${backend.url}/storage/v1/object/attachments/small.txt`;

  const idle = await downloads(small);
  const renderUrl = `${backend.url}/storage/v1/render/image/authenticated/attachments/big.png?width=400`;
  const started = performance.now();
  const renders = Promise.all(
    Array.from({ length: RENDERS }, async () => {
      const res = await fetch(renderUrl, { headers: service });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    }),
  );
  const busy = await downloads(small);
  const done = await renders;

  console.log(`source: 7000 x 7000 PNG, ${(big.byteLength / 1024).toFixed(0)} KB`);
  console.log(
    `small download idle:        p50 ${ms(percentile(idle, 0.5))}, max ${ms(Math.max(...idle))}`,
  );
  console.log(
    `small download during ${RENDERS} renders: p50 ${ms(percentile(busy, 0.5))}, max ${ms(Math.max(...busy))}`,
  );
  console.log(
    `renders: ${done.map((d) => d.status).join(" ")}; last done after ${ms(Math.max(...done.map((d) => d.ms)))}`,
  );
} finally {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
