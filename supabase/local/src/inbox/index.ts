import { json, type Service } from "../http";
import { listPage, messagePage, notFoundPage } from "./pages";

/**
 * Inbox pages may frame their own srcdoc and load mail images; nothing else, and no script. The
 * framed mail inherits the policy, so it runs no script either. No other page may frame the inbox.
 */
const HTML_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

const html = (body: string, status = 200) => new Response(body, { status, headers: HTML_HEADERS });

/**
 * The local mail inbox, at the root of its own port: a page a person opens in the browser, and a
 * JSON API (`/api/messages[?to=]`, `/api/messages/:id`) for tests. Like the CLI's mail
 * catcher it needs no key: it only ever holds mail from a local development stack.
 */
/** A path segment with a broken percent-encoding names no message. */
function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function createInboxService(): Service {
  return async (req, { backend, path, url }) => {
    if (req.method !== "GET" && req.method !== "HEAD")
      return json({ error: "Method not allowed" }, 405, { allow: "GET, HEAD" });
    const to = url.searchParams.get("to") || null;
    const mail = backend.mail;

    if (path === "/" || path === "") return html(listPage(await mail.list(to ?? undefined), to));

    const page = /^\/messages\/([^/]+)$/.exec(path);
    if (page) {
      const id = decodedOrNull(page[1]);
      const message = id === null ? null : await mail.get(id);
      return message ? html(messagePage(message)) : html(notFoundPage(), 404);
    }

    if (path === "/api/messages")
      return json(await mail.list(to ?? undefined), 200, { "cache-control": "no-store" });

    const one = /^\/api\/messages\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodedOrNull(one[1]);
      const message = id === null ? null : await mail.get(id);
      return message ? json(message) : json({ error: "Message not found" }, 404);
    }
    return json({ error: "Route not found" }, 404);
  };
}
