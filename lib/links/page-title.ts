import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * A pasted link's page title, fetched by the server under strict limits so that the fetch can be
 * pointed at nothing but a public web page: http(s) only, every address the name resolves to must
 * be public (and the connection goes to the address that was checked, so a second DNS answer
 * cannot swap in a private one), a few redirects each checked again, a time limit, a size cap and
 * HTML only. Anything else is refused and the editor keeps the bare URL.
 */
export const TITLE_LIMITS = { timeoutMs: 5_000, maxBytes: 512 * 1024, maxRedirects: 3 };

export type TitleOutcome =
  { ok: true; title: string } | { ok: false; status: 400 | 403 | 422; message: string };

const refused = (status: 400 | 403 | 422, message: string): TitleOutcome => ({
  ok: false,
  status,
  message,
});

/** Ranges no page on the public web lives in: private, loopback, link-local, reserved. */
const PRIVATE = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(net6, prefix, "ipv6");

/** Whether an IP address is outside the public internet (IPv4 inside IPv6 is judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return PRIVATE.check(address, "ipv4");
  const lower = address.toLowerCase();
  const embedded = lower.match(/^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/);
  if (embedded) return PRIVATE.check(embedded[1], "ipv4");
  const mapped = lower.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mapped) {
    const hi = parseInt(mapped[1], 16);
    const lo = parseInt(mapped[2], 16);
    return PRIVATE.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, "ipv4");
  }
  return PRIVATE.check(lower, "ipv6");
}

type Options = {
  /** Origins trusted despite a private address (a deployment's own test pages); none by default. */
  allowedOrigins?: string[];
  resolve?: (host: string) => Promise<string[]>;
};

const systemResolve = async (host: string) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The checked address a URL's host may be reached at, or why it may not. */
async function vettedAddress(url: URL, options: Options): Promise<string | TitleOutcome> {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refused(400, "Only http and https links can be previewed.");
  if (url.username || url.password)
    return refused(400, "Links with a password can't be previewed.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await (options.resolve ?? systemResolve)(host);
  } catch {
    return refused(422, "That site could not be found.");
  }
  if (addresses.length === 0) return refused(422, "That site could not be found.");
  const trusted = options.allowedOrigins?.includes(url.origin) ?? false;
  if (!trusted && addresses.some(isPrivateAddress))
    return refused(403, "Links to private or local addresses can't be previewed.");
  return addresses[0];
}

type Fetched = { redirect: string } | { html: string } | TitleOutcome;

function getOnce(url: URL, address: string, deadline: number): Promise<Fetched> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    const family = net.isIP(address);
    const request = client.get(
      url,
      {
        // The connection goes to the address that was checked, whatever DNS says a moment later.
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all) callback(null, [{ address, family }]);
          else (callback as (e: null, a: string, f: number) => void)(null, address, family);
        },
        headers: { accept: "text/html", "user-agent": "GroundworkLinkPreview/1.0" },
        timeout: Math.max(1, deadline - Date.now()),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          return resolve({ redirect: new URL(location, url).toString() });
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          return resolve(refused(422, "That page could not be read."));
        }
        const type = String(response.headers["content-type"] ?? "").toLowerCase();
        if (!/^(text\/html|application\/xhtml\+xml)\b/.test(type)) {
          response.destroy();
          return resolve(refused(422, "That link is not a web page."));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          resolve({ html: Buffer.concat(chunks).toString("utf8") });
        };
        response.on("data", (chunk: Buffer) => {
          // Past the cap only what arrived is read: the title is near the top of a page.
          const room = TITLE_LIMITS.maxBytes - size;
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          size += chunk.length;
          if (size >= TITLE_LIMITS.maxBytes || /<\/title>/i.test(chunk.toString("latin1")))
            finish();
        });
        response.on("end", finish);
        response.on("error", () => resolve(refused(422, "That page could not be read.")));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error("timeout")), deadline - Date.now());
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) =>
      resolve(
        refused(
          422,
          error.message === "timeout" ? "That page took too long." : "That page could not be read.",
        ),
      ),
    );
    request.on("close", () => clearTimeout(timer));
  });
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The text of a page's title (or its Open Graph title), entities decoded, spaces collapsed. */
export function titleFromHtml(html: string): string | null {
  const raw =
    html.match(/<title\b[^>]*>([\s\S]*?)<\/title>/i)?.[1] ??
    html.match(/<meta[^>]+property=["']og:title["'][^>]*content=["']([^"']*)["']/i)?.[1];
  if (!raw) return null;
  const text = raw
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/\s+/g, " ")
    .trim();
  return text ? text.slice(0, 200) : null;
}

export async function fetchPageTitle(input: string, options: Options = {}): Promise<TitleOutcome> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refused(400, "That is not a link.");
  }
  const deadline = Date.now() + TITLE_LIMITS.timeoutMs;
  for (let hop = 0; hop <= TITLE_LIMITS.maxRedirects; hop++) {
    const address = await vettedAddress(url, options);
    if (typeof address !== "string") return address;
    const fetched = await getOnce(url, address, deadline);
    if ("redirect" in fetched) {
      url = new URL(fetched.redirect);
      continue;
    }
    if ("html" in fetched) {
      const title = titleFromHtml(fetched.html);
      return title ? { ok: true, title } : refused(422, "That page has no title.");
    }
    return fetched;
  }
  return refused(422, "That link redirects too many times.");
}
