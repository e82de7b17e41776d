/**
 * The security headers every response of the app carries. Pure, so the policy can be read and
 * tested apart from the proxy that applies it.
 */

/** Where server components find this request's nonce (the theme script needs it). */
export const NONCE_HEADER = "x-nonce";

export type SecurityHeaderOptions = {
  /** Fresh for every response; Next puts it on each inline script it renders. */
  nonce: string;
  /** The Supabase project the browser talks to, read at run time. */
  supabaseUrl: string;
  /** `next dev` evaluates code for its fast refresh and error overlay. */
  dev: boolean;
  /** HSTS only means something on a response that reached the browser over https. */
  https: boolean;
};

/** 128 random bits, base64: unguessable, and valid inside a CSP source expression. */
export function createNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  const bytes = pool.subarray(used, (used += NONCE_BYTES));
  return btoa(String.fromCharCode(...bytes));
}

const NONCE_BYTES = 16;
/**
 * Random bytes asked for 256 nonces at a time, each byte handed out once: asking the system for
 * 16 bytes on every request cost about 0.7% of the app server's CPU under load (as Node batches
 * the entropy behind crypto.randomUUID for the same reason).
 */
const pool = new Uint8Array(NONCE_BYTES * 256);
let used = pool.length;

function buildPolicy(nonce: string, supabaseUrl: string, dev: boolean): string {
  const supabase = new URL(supabaseUrl);
  // Realtime is the same host over WebSocket; CSP does not derive ws(s) from http(s) by itself.
  const realtime = `${supabase.protocol === "https:" ? "wss:" : "ws:"}//${supabase.host}`;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': the nonced bootstrap may load Next's chunks; no host list to keep in step.
    "script-src": [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(dev ? ["'unsafe-eval'"] : []),
    ],
    // Radix and sonner position popovers and toasts with inline styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Avatars and attachments come from Storage; previews of picked files are blob: or data: URLs.
    "img-src": ["'self'", "blob:", "data:", supabase.origin],
    "font-src": ["'self'"],
    "connect-src": ["'self'", supabase.origin, realtime],
    // The service worker is this origin's own script (public/sw.js); 'strict-dynamic' above would
    // otherwise decide for workers too. The web app manifest is the app's own.
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

const NONCE_SLOT = "\u0000nonce\u0000";
const policies = new Map<string, string>();

/** The policy is the same for every response but its nonce: built once, then filled in. */
export function contentSecurityPolicy({
  nonce,
  supabaseUrl,
  dev,
}: Pick<SecurityHeaderOptions, "nonce" | "supabaseUrl" | "dev">): string {
  const key = `${dev ? "dev" : "prod"} ${supabaseUrl}`;
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = buildPolicy(NONCE_SLOT, supabaseUrl, dev);
    policies.set(key, policy);
  }
  return policy.replace(NONCE_SLOT, () => nonce);
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // For browsers that predate frame-ancestors.
    "X-Frame-Options": "DENY",
    "Permissions-Policy":
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.https
      ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" }
      : {}),
  };
}
