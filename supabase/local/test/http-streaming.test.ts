import http from "node:http";
import type { Mount } from "@groundwork/local-backend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generated, heldMemory, peakHeld, send } from "./support/raw-http";
import { startTestBackend, type TestBackend } from "./support/local-backend";

const SIZE = 200 * 1024 * 1024;
/** Well under the body size: neither side may hold a large part of it at once. */
const HELD_BOUND = 64 * 1024 * 1024;

/** A service made for this test: streams `SIZE` bytes out, and counts the bytes of an upload. */
const streaming: Mount = {
  prefix: "/test-stream",
  bodyLimit: SIZE * 2,
  async handle(req) {
    if (req.method === "GET") {
      let sent = 0;
      const block = new Uint8Array(64 * 1024).fill(0x62);
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (sent >= SIZE) return controller.close();
            sent += block.byteLength;
            // A fresh chunk each time, so a layer that held on to them would show.
            controller.enqueue(block.slice());
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { headers: { "content-type": "application/octet-stream" } });
    }
    let received = 0;
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>)
      received += chunk.byteLength;
    return Response.json({ received });
  },
};

describe("bodies stream through the HTTP layer", () => {
  let t: TestBackend;
  let agent: http.Agent;
  beforeAll(async () => {
    t = await startTestBackend({ extraMounts: [streaming] });
    agent = new http.Agent({ keepAlive: true });
  });
  afterAll(async () => {
    agent?.destroy();
    await t?.stop();
  });

  it("downloads 200 MB with memory flat", async () => {
    const before = heldMemory();
    let received = 0;
    const peak = await peakHeld(
      () =>
        new Promise<void>((resolve, reject) => {
          http
            .get(new URL("/test-stream/file", t.url), { agent }, (res) => {
              res.on("data", (chunk: Buffer) => (received += chunk.byteLength));
              res.on("end", resolve);
              res.on("error", reject);
            })
            .on("error", reject);
        }),
    );
    expect(received).toBe(SIZE);
    expect(peak - before).toBeLessThan(HELD_BOUND);
  });

  it("uploads 200 MB with memory flat", async () => {
    const before = heldMemory();
    let answer = "";
    const peak = await peakHeld(async () => {
      const res = await send(t.url, agent, {
        method: "POST",
        path: "/test-stream/file",
        body: generated(SIZE),
      });
      expect(res.status).toBe(200);
      answer = res.text;
    });
    expect(JSON.parse(answer)).toEqual({ received: SIZE });
    expect(peak - before).toBeLessThan(HELD_BOUND);
  });
});
