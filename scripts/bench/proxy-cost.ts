/**
 * The proxy's own cost per request, in this process: no server, no network, no rendering. The
 * signed-in case verifies a real session against the backend's JWKS (fetched once, then cached).
 */
const ITERATIONS = Number(process.env.BENCH_PROXY_ITERATIONS ?? 2000);

export async function proxyCost(siteUrl: string, supabaseUrl: string, cookie: string) {
  process.env.NEXT_PUBLIC_SUPABASE_URL = supabaseUrl;
  process.env.SITE_URL = siteUrl;
  const { NextRequest } = await import("next/server");
  const { proxy } = await import("../../proxy");

  async function perRequest(path: string, withCookie: string) {
    const make = () =>
      new NextRequest(`${siteUrl}${path}`, { headers: withCookie ? { cookie: withCookie } : {} });
    for (let i = 0; i < 50; i++) await proxy(make());
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i++) await proxy(make());
    return ((performance.now() - started) * 1000) / ITERATIONS;
  }

  return {
    staticFile: await perRequest("/_next/static/chunks/app.js", cookie),
    signedOut: await perRequest("/", ""),
    guardRedirect: await perRequest("/account", ""),
    signedIn: await perRequest("/account", cookie),
  };
}
