/**
 * The one HTML escaper of the backend, for text and attribute values alike: Go html/template's
 * choice of characters, so built-in mails, configured templates and the inbox pages escape the
 * same characters the same way. Templates spell them as Go does (`&lt;`); the inbox pages ask for
 * numeric references, which read the same inside a `srcdoc` attribute that is parsed twice.
 */
const GO_ENTITIES: Record<string, string> = {
  "\0": "\uFFFD",
  '"': "&#34;",
  "&": "&amp;",
  "'": "&#39;",
  "+": "&#43;",
  "<": "&lt;",
  ">": "&gt;",
};

const UNSAFE = /[\0"&'+<>]/g;

export function escapeHtml(s: string, style: "go" | "numeric" = "go"): string {
  if (style === "go") return s.replace(UNSAFE, (c) => GO_ENTITIES[c]);
  return s.replace(UNSAFE, (c) => (c === "\0" ? "\uFFFD" : `&#${c.charCodeAt(0)};`));
}
