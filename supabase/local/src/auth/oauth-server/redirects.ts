/** Go's url.QueryEscape: everything but letters, digits and -_.~ escaped, spaces as "+". */
function queryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/**
 * `uri` with `params` set in its query, as GoTrue builds it (u.Query(), Set, Encode): the query
 * is re-encoded with its keys in sorted order.
 */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const hashAt = uri.indexOf("#");
  const fragment = hashAt >= 0 ? uri.slice(hashAt) : "";
  const withoutFragment = hashAt >= 0 ? uri.slice(0, hashAt) : uri;
  const queryAt = withoutFragment.indexOf("?");
  const base = queryAt >= 0 ? withoutFragment.slice(0, queryAt) : withoutFragment;
  const query = new URLSearchParams(queryAt >= 0 ? withoutFragment.slice(queryAt + 1) : "");
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const keys = [...new Set(query.keys())].sort();
  const encoded = keys
    .flatMap((key) => query.getAll(key).map((v) => `${queryEscape(key)}=${queryEscape(v)}`))
    .join("&");
  return `${base}${encoded ? `?${encoded}` : ""}${fragment}`;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&#34;",
  "'": "&#39;",
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);

/** A 302 as Go's http.Redirect answers a GET: Location plus a one-link HTML body. */
export function found(location: string): Response {
  return new Response(`<a href="${escapeHtml(location)}">Found</a>.\n\n`, {
    status: 302,
    headers: { location, "content-type": "text/html; charset=utf-8" },
  });
}

/** The client's redirect URI carrying an RFC 6749 error (and the request's state). */
export function errorRedirect(
  uri: string,
  error: string,
  description: string,
  state: string,
): string {
  return withQuery(uri, { error, error_description: description, state });
}
