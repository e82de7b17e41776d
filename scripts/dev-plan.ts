import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";

import { parseSiteUrl, SiteUrlError } from "../lib/site-url";

type Env = Record<string, string | undefined>;

export interface DevPlan {
  /** Whether `npm run dev` runs the local backend beside Next. */
  startBackend: boolean;
  /** The Supabase URL the app will use (for the local backend: where it is expected to listen). */
  supabaseUrl: string;
  /** Variables added to Next's environment; empty when a hosted project is configured. */
  appEnv: Record<string, string>;
  /** One line for the person running it. */
  reason: string;
}

export class DevPlanError extends Error {}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "0.0.0.0"]);

/** True when `url` is the local backend on `localPort` (any loopback spelling). */
export function isLocalBackendUrl(url: URL, localPort: number): boolean {
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  return url.protocol === "http:" && LOOPBACK.has(url.hostname) && port === localPort;
}

/**
 * The `next dev` arguments that serve the app at the address SITE_URL names (by default
 * http://127.0.0.1:3000, the local backend's site_url). The two must agree: the app takes server
 * actions only from the site's own origin, and Next.js serves its development scripts only to the
 * host it was started for, so a page opened at the other spelling of loopback cannot create a note
 * (or, the other way round, never becomes interactive). A SITE_URL that is not loopback (a tunnel,
 * a name on the network) keeps Next's defaults. Arguments given to `npm run dev` come after these
 * and win.
 */
export function nextDevArgs(env: Env): string[] {
  let site: URL;
  try {
    site = new URL(parseSiteUrl({ ...env, NODE_ENV: "development" }));
  } catch (err) {
    if (err instanceof SiteUrlError) throw new DevPlanError(err.message);
    throw err;
  }
  if (site.protocol !== "http:" || !LOOPBACK.has(site.hostname) || site.hostname === "0.0.0.0")
    return [];
  const host = site.hostname.replace(/^\[(.*)\]$/, "$1");
  return ["-H", host, ...(site.port ? ["-p", site.port] : [])];
}

/**
 * Decides what `npm run dev` starts from the environment (.env files included). Without
 * NEXT_PUBLIC_SUPABASE_URL, or with it pointing at the local backend's port, the local backend
 * runs and the app gets its URL and well-known keys (keys already set are kept). Pointing
 * anywhere else (a hosted project, a CLI stack on another port) leaves the environment alone.
 */
export function planDev(env: Env, localPort: number): DevPlan {
  const configured = env.NEXT_PUBLIC_SUPABASE_URL?.trim();
  const localUrl = `http://127.0.0.1:${localPort}`;
  if (configured) {
    let url: URL;
    try {
      url = new URL(configured);
    } catch {
      throw new DevPlanError(`NEXT_PUBLIC_SUPABASE_URL is not a URL: "${configured}"`);
    }
    if (!isLocalBackendUrl(url, localPort)) {
      return {
        startBackend: false,
        supabaseUrl: configured.replace(/\/+$/, ""),
        appEnv: {},
        reason: `NEXT_PUBLIC_SUPABASE_URL points at ${url.origin}; the local backend is not started.`,
      };
    }
  }
  return {
    startBackend: true,
    supabaseUrl: configured ? configured.replace(/\/+$/, "") : localUrl,
    appEnv: {
      NEXT_PUBLIC_SUPABASE_URL: configured ? configured.replace(/\/+$/, "") : localUrl,
      NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY:
        env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY?.trim() || LOCAL_PUBLISHABLE_KEY,
      SUPABASE_SECRET_KEY: env.SUPABASE_SECRET_KEY?.trim() || LOCAL_SECRET_KEY,
    },
    reason: configured
      ? `NEXT_PUBLIC_SUPABASE_URL is the local backend; starting it on port ${localPort}.`
      : `NEXT_PUBLIC_SUPABASE_URL is not set; starting the local backend on ${localUrl}.`,
  };
}
