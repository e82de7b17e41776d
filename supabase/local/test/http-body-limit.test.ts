import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REST_FIXTURE } from "./support/rest-support";
import { chunkedThenNext, send, type RawRequest } from "./support/raw-http";
import { LOCAL_SECRET_KEY, startTestBackend, type TestBackend } from "./support/local-backend";

const TEN_MB = 10_000_000;
const keys = { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` };
const jsonKeys = { ...keys, "content-type": "application/json" };

/** A body-taking request to each mounted service. */
const routes: Omit<RawRequest, "body">[] = [
  { method: "POST", path: "/auth/v1/signup", headers: jsonKeys },
  { method: "POST", path: "/rest/v1/notes", headers: jsonKeys },
  { method: "POST", path: "/pg/query", headers: jsonKeys },
];

describe("request bodies over the limit", () => {
  let t: TestBackend;
  let agent: http.Agent;
  beforeAll(async () => {
    t = await startTestBackend({ supabaseDir: REST_FIXTURE });
  });
  afterAll(async () => {
    agent?.destroy();
    await t?.stop();
  });

  it.each(routes)(
    "$path answers a declared 10 MB body with 413 JSON and keeps the connection",
    async (route) => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const refused = await send(t.url, agent, { ...route, body: Buffer.alloc(TEN_MB, 0x20) });
      expect(refused.status).toBe(413);
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(refused.text)).toBeTypeOf("object");
      expect(refused.headers.connection).not.toBe("close");

      const next = await send(t.url, agent, { path: "/auth/v1/health" });
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
      agent.destroy();
    },
  );

  it.each(routes)(
    "$path refuses a streamed 10 MB body and then answers the next request on the connection",
    async (route) => {
      const host = new URL(t.url).host;
      const headers = Object.entries(route.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("");
      const exchange = await chunkedThenNext(
        t.url,
        `${route.method} ${route.path} HTTP/1.1\r\nHost: ${host}\r\n${headers}`,
        TEN_MB,
        `GET /auth/v1/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      );
      const [refused, next] = exchange.statuses;
      expect(refused).toBe(413);
      expect(exchange.raw).toMatch(/content-type: application\/json/i);
      expect(next).toBe(200);
    },
  );

  it("takes a body under the limit as before", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.from(JSON.stringify({ query: "select 1 as one" }));
    const ok = await send(t.url, agent, {
      method: "POST",
      path: "/pg/query",
      headers: jsonKeys,
      body,
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toEqual([{ one: 1 }]);
    agent.destroy();
  });
});
