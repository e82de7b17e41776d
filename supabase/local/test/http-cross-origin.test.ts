import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REST_FIXTURE } from "./support/rest-support";
import { send } from "./support/raw-http";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./support/local-backend";

const PAGE = "http://127.0.0.1:3000";
const EVIL = "https://evil.example";
const secret = { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` };

describe("cross-origin requests, service by service", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({ supabaseDir: REST_FIXTURE });
  });
  afterAll(() => t?.stop());

  /** Over node:http, which sends the Sec-Fetch headers as given (fetch sets its own). */
  const browserSends = async (path: string, headers: Record<string, string>, base = t.url) => {
    const agent = new http.Agent();
    try {
      return await send(base, agent, { path, headers });
    } finally {
      agent.destroy();
    }
  };

  const sql = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/pg/query`, {
      method: "POST",
      headers: { ...secret, "content-type": "application/json", ...headers },
      body: JSON.stringify({ query }),
    });

  it("lets a page read the database API, as the CLI's stack does", async () => {
    const preflight = await fetch(`${t.url}/rest/v1/notes`, {
      method: "OPTIONS",
      headers: {
        origin: PAGE,
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "apikey, authorization, content-type, prefer",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("apikey");

    const res = await fetch(`${t.url}/rest/v1/notes?select=id`, {
      headers: { origin: PAGE, apikey: LOCAL_PUBLISHABLE_KEY },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("runs no SQL for another origin, and answers no preflight for it", async () => {
    const refused = await sql("create table cross_origin_probe ()", { origin: EVIL });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(await refused.json()).toEqual({ error: expect.stringContaining("cross-origin") });
    const probe = await sql("select to_regclass('cross_origin_probe')::text as t");
    expect(await probe.json()).toEqual([{ t: null }]);

    const preflight = await fetch(`${t.url}/pg/query`, {
      method: "OPTIONS",
      headers: {
        origin: EVIL,
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, content-type",
        "access-control-request-private-network": "true",
      },
    });
    expect(preflight.ok).toBe(false);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-private-network")).toBeNull();

    // The backend's own origin is not a cross-origin caller.
    expect((await sql("select 1 as one", { origin: t.url })).status).toBe(200);
  });

  it("shows local mail to no other origin", async () => {
    for (const path of ["/", "/api/messages"]) {
      const fromPage = await fetch(`${t.inboxUrl}${path}`, { headers: { origin: EVIL } });
      expect(fromPage.status, path).toBe(403);
      expect(fromPage.headers.get("access-control-allow-origin"), path).toBeNull();
      // What an <img> or <script> on another site sends: no Origin, but the browser says where from.
      const embedded = await browserSends(
        path,
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" },
        t.inboxUrl,
      );
      expect(embedded.status, path).toBe(403);
    }
    // A person following a link to the inbox is a navigation, and is let in.
    const navigation = await browserSends(
      "/",
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      t.inboxUrl,
    );
    expect(navigation.status).toBe(200);
    const csp = String(navigation.headers["content-security-policy"]);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/script-src/);
    expect(navigation.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses the inbox to a page that reached the backend under another host name", async () => {
    const res = await browserSends(
      "/api/messages",
      { host: `rebound.example:${new URL(t.inboxUrl).port}` },
      t.inboxUrl,
    );
    expect(res.status).toBe(403);
  });

  it("tells browsers not to sniff any response", async () => {
    for (const res of [
      await fetch(`${t.url}/no/such/service`),
      await fetch(`${t.url}/auth/v1/health`),
      await sql("select 1", { origin: EVIL }),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
