/** Built files: Next serves them for GET and HEAD only, and fails other methods with a 500. */
const BUILT_FILE = /^\/_next\/static\//;

function refuse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Requests the framework would answer with a bare 500 (no security headers, no words), refused
 * here with a 4xx first. Next decodes each dynamic segment of a route (`/n/<slug>`,
 * `/notes/<id>`) with decodeURIComponent and fails hard on a broken `%` sequence, after this
 * proxy has run, so its answer would lose the headers set here.
 */
export function refuseMalformedRequest(request: Request, pathname: string): Response | null {
  if (!decodable(pathname))
    return refuse(400, "Bad request: the address has a broken percent-encoding.");
  if (BUILT_FILE.test(pathname) && request.method !== "GET" && request.method !== "HEAD")
    return refuse(405, "Method not allowed: built files are only read.", { allow: "GET, HEAD" });
  return null;
}
