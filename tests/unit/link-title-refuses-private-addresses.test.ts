// @vitest-environment node
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  fetchPageTitle,
  isPrivateAddress,
  TITLE_LIMITS,
  titleFromHtml,
} from "@/lib/links/page-title";

let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/page") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        "<html><head><title>\n  Field notes &amp; sketches &#8212; Spring </title></head></html>",
      );
    } else if (req.url === "/json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"title":"no"}');
    } else if (req.url === "/to-private") {
      res.writeHead(302, { location: "http://10.0.0.7/admin" });
      res.end();
    } else if (req.url === "/huge") {
      res.writeHead(200, { "content-type": "text/html" });
      const filler = "<p>" + "x".repeat(64 * 1024) + "</p>";
      let sent = 0;
      const more = () => {
        while (sent < 100 && res.write(filler)) sent++;
        if (sent < 100) res.once("drain", more);
        else res.end("<title>Too far down</title>");
      };
      more();
    } else if (req.url === "/slow") {
      // Never answers: the fetch must give up on its own.
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("a pasted link's title", () => {
  it("is refused for loopback, private, link-local and mapped addresses", async () => {
    for (const url of [
      `${origin}/page`,
      "http://localhost/",
      "http://10.1.2.3/",
      "http://192.168.1.1/",
      "http://172.20.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[fd00::1]/",
      "http://0.0.0.0/",
    ]) {
      const outcome = await fetchPageTitle(url, {
        resolve: async (host) => (host === "localhost" ? ["127.0.0.1", "::1"] : [host]),
      });
      expect(outcome, url).toMatchObject({ ok: false, status: 403 });
    }
  });

  it("is refused when a public name resolves to a private address", async () => {
    const outcome = await fetchPageTitle("http://intranet.example.com/", {
      resolve: async () => ["93.184.216.34", "10.0.0.5"],
    });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
  });

  it("is refused for schemes other than http and https, and for links with a password", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/", "javascript:alert(1)"])
      expect(await fetchPageTitle(url), url).toMatchObject({ ok: false, status: 400 });
    expect(await fetchPageTitle("https://user:pw@example.com/")).toMatchObject({ status: 400 });
    expect(await fetchPageTitle("not a url")).toMatchObject({ ok: false, status: 400 });
  });

  it("is read from an allowed page: entities decoded, spaces collapsed", async () => {
    const outcome = await fetchPageTitle(`${origin}/page`, { allowedOrigins: [origin] });
    expect(outcome).toEqual({ ok: true, title: "Field notes & sketches — Spring" });
  });

  it("does not follow a redirect to a private address", async () => {
    const outcome = await fetchPageTitle(`${origin}/to-private`, { allowedOrigins: [origin] });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
  });

  it("is refused for anything but HTML", async () => {
    const outcome = await fetchPageTitle(`${origin}/json`, { allowedOrigins: [origin] });
    expect(outcome).toMatchObject({
      ok: false,
      status: 422,
      message: "That link is not a web page.",
    });
  });

  it("stops reading at the size cap", async () => {
    const outcome = await fetchPageTitle(`${origin}/huge`, { allowedOrigins: [origin] });
    expect(outcome).toMatchObject({ ok: false, status: 422, message: "That page has no title." });
  });

  it("gives up on a page that does not answer in time", async () => {
    const before = TITLE_LIMITS.timeoutMs;
    TITLE_LIMITS.timeoutMs = 300;
    try {
      const outcome = await fetchPageTitle(`${origin}/slow`, { allowedOrigins: [origin] });
      expect(outcome).toMatchObject({ ok: false, message: "That page took too long." });
    } finally {
      TITLE_LIMITS.timeoutMs = before;
    }
  });

  it("judges addresses as the public internet sees them", () => {
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
    expect(isPrivateAddress("2606:4700::1111")).toBe(false);
    expect(isPrivateAddress("::ffff:7f00:1")).toBe(true);
    expect(isPrivateAddress("100.64.0.1")).toBe(true);
    expect(titleFromHtml('<meta property="og:title" content="Only OG">')).toBe("Only OG");
  });
});
