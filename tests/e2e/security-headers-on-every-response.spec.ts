import { expect, test, type APIResponse } from "./support/test";

import { sitePages } from "./helpers";
import { BACKEND_URL } from "./support/auth";

const authPages = ["/sign-in", "/sign-in/email", "/sign-up", "/forgot-password", "/auth/error"];

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
    expect(headers["permissions-policy"]).toContain(`${feature}=()`);
  }
  expect(headers["x-powered-by"]).toBeUndefined();
  // Served over plain http here: HSTS would be meaningless, and is left out.
  expect(headers["strict-transport-security"]).toBeUndefined();
  return policy(headers["content-security-policy"]);
}

/** The policy as directive name -> sources. */
function policy(header: string | undefined): Map<string, string[]> {
  expect(header, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    header!.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

function nonceOf(csp: Map<string, string[]>): string {
  const source = csp.get("script-src")?.find((s) => s.startsWith("'nonce-"));
  expect(source, "a nonce in script-src").toBeTruthy();
  return source!.slice("'nonce-".length, -1);
}

test("every page, route handler, redirect and 404 carries the security headers", async ({
  request,
}) => {
  const backendWs = BACKEND_URL.replace(/^http/, "ws");
  for (const path of [...sitePages, ...authPages, "/no-such-page", "/account", "/auth/callback"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const csp = expectSecurityHeaders(response);
    expect(csp.get("script-src"), path).toEqual(
      expect.arrayContaining(["'self'", "'strict-dynamic'"]),
    );
    expect(csp.get("script-src"), path).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src"), path).not.toContain("'unsafe-eval'");
    expect(csp.get("object-src"), path).toEqual(["'none'"]);
    expect(csp.get("base-uri"), path).toEqual(["'self'"]);
    expect(csp.get("form-action"), path).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors"), path).toEqual(["'none'"]);
    expect(csp.get("connect-src"), path).toEqual(
      expect.arrayContaining(["'self'", BACKEND_URL, backendWs]),
    );
    expect(csp.get("img-src"), path).toEqual(
      expect.arrayContaining(["'self'", "blob:", "data:", BACKEND_URL]),
    );
    nonceOf(csp);
  }
});

test("the kept home page has one nonce per build; every other response has its own, on every script", async ({
  request,
}) => {
  const nonceOfPage = async (path: string, headers?: Record<string, string>) => {
    const response = await request.get(path, { headers });
    const nonce = nonceOf(expectSecurityHeaders(response));
    const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    return nonce;
  };
  // The signed-out, theme-less home page is one kept copy: the same nonce for every visitor.
  const kept = await nonceOfPage("/");
  expect(await nonceOfPage("/")).toBe(kept);
  expect(await nonceOfPage("/", { cookie: "theme=system" })).toBe(kept);
  // Everything else is rendered for its request: a fresh nonce each time, the live home included.
  const fresh = [
    await nonceOfPage("/", { cookie: "theme=dark" }),
    await nonceOfPage("/", { cookie: "theme=dark" }),
    await nonceOfPage("/sign-in"),
    await nonceOfPage("/sign-in"),
    await nonceOfPage("/no-such-page"),
  ];
  expect(new Set([kept, ...fresh]).size).toBe(1 + fresh.length);
});

test("over https (as a proxy reports it) the response asks for HSTS", async ({ request }) => {
  const response = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(response.headers()["strict-transport-security"]).toMatch(/^max-age=\d{8,}/);
});

test("built files and public files are not sniffed either", async ({ request }) => {
  const page = await (await request.get("/")).text();
  const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(page)?.[1];
  expect(chunk, "a script chunk in the home page").toBeTruthy();
  for (const path of [chunk!, "/robots.txt"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
  }
});
