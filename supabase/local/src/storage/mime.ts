import { errors } from "./errors";

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QUOTED = /^"(?:[\t !#-[\]-~\u0080-\u00ff]|\\[\t -~\u0080-\u00ff])*"$/;

export interface MediaType {
  /** `type/subtype`, lower case. */
  essence: string;
  type: string;
  subtype: string;
}

/**
 * One media type as RFC 9110 spells it: `type/subtype` and `; name=value` parameters, nothing
 * else (no list, no stray comma or slash). Null for anything that is not exactly that.
 */
export function parseMediaType(text: string): MediaType | null {
  if (text.length > 1024 || /[^\t\x20-\x7e]/.test(text)) return null;
  const [head, ...params] = splitParameters(text);
  const slash = head.trim().split("/");
  if (slash.length !== 2 || !TOKEN.test(slash[0]) || !TOKEN.test(slash[1])) return null;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 1) return null;
    const name = param.slice(0, eq).trim();
    const value = param.slice(eq + 1).trim();
    if (!TOKEN.test(name) || !(TOKEN.test(value) || QUOTED.test(value))) return null;
  }
  const type = slash[0].toLowerCase();
  const subtype = slash[1].toLowerCase();
  return { essence: `${type}/${subtype}`, type, subtype };
}

/** Splits at `;` outside quoted strings. */
function splitParameters(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === "\\") {
      current += ch + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** The media type of an upload, or storage-api's refusal of a malformed Content-Type. */
export function mustParseMediaType(text: string): MediaType {
  const parsed = parseMediaType(text);
  if (!parsed) throw errors.invalidContentType();
  return parsed;
}

/** Whether `allowed` (a bucket's allowed_mime_types entry: `type/subtype` or `type/*`) admits it. */
export function mimeAllowed(media: MediaType, allowed: string): boolean {
  const rule = allowed.trim().toLowerCase();
  if (rule.endsWith("/*")) return rule.slice(0, -2) === media.type;
  return rule === media.essence;
}

/** Types a browser runs script in when it shows them: HTML and anything XML (SVG, XHTML, …). */
function isActive(essence: string): boolean {
  return (
    essence === "text/html" ||
    essence === "text/xml" ||
    essence === "application/xml" ||
    essence === "text/xsl" ||
    essence.endsWith("+xml")
  );
}

/**
 * How an object's stored type is served. As storage-api does, anything naming text/html is sent as
 * text/plain; other types a browser would run script in (SVG, XHTML, XML) are sent as they are but
 * only as a download, and a type that does not parse is sent as bytes.
 */
export function servedType(stored: string | undefined | null): {
  contentType: string;
  download: boolean;
} {
  const value = stored || "application/octet-stream";
  if (value.toLowerCase().includes("text/html"))
    return { contentType: "text/plain", download: false };
  const media = parseMediaType(value);
  if (!media) return { contentType: "application/octet-stream", download: false };
  return { contentType: value, download: isActive(media.essence) };
}

/**
 * Sent with every object: the bytes are never a page of the API's origin, whatever they are
 * (no script, no plugin, no form, no same-origin access), and never sniffed as another type.
 */
export const OBJECT_SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; sandbox",
  "x-content-type-options": "nosniff",
} as const;
