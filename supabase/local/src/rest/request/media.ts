import { mediaTypeError } from "../errors";

export type Media =
  | { kind: "json"; stripNulls: boolean }
  | { kind: "object"; stripNulls: boolean }
  | { kind: "csv" }
  | { kind: "openapi" };

interface Accepted {
  type: string;
  params: Record<string, string>;
  q: number;
}

function parseAccept(header: string): Accepted[] {
  return header
    .split(",")
    .map((part, i) => {
      const [type, ...rest] = part.split(";").map((s) => s.trim());
      const params: Record<string, string> = {};
      for (const r of rest) {
        const eq = r.indexOf("=");
        if (eq > 0)
          params[r.slice(0, eq).trim().toLowerCase()] = r
            .slice(eq + 1)
            .trim()
            .replace(/^"|"$/g, "");
      }
      const q = params.q !== undefined ? Number(params.q) : 1;
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((a) => a.type !== "" && a.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
}

/** Chooses the response format from `Accept`, or PGRST107 (406) when none is offered. */
export function negotiate(accept: string | null, { rootSpec = false } = {}): Media {
  const list = parseAccept(accept ?? "");
  if (!list.length) return rootSpec ? { kind: "openapi" } : { kind: "json", stripNulls: false };
  for (const a of list) {
    const stripNulls = a.params.nulls === "stripped";
    if (
      rootSpec &&
      (a.type === "application/openapi+json" || a.type === "application/json" || a.type === "*/*")
    )
      return { kind: "openapi" };
    if (rootSpec) continue;
    if (a.type === "application/json" || a.type === "*/*" || a.type === "application/*")
      return { kind: "json", stripNulls: false };
    if (a.type === "application/vnd.pgrst.array+json" || a.type === "application/vnd.pgrst.array")
      return { kind: "json", stripNulls };
    if (a.type === "application/vnd.pgrst.object+json" || a.type === "application/vnd.pgrst.object")
      return { kind: "object", stripNulls };
    if (a.type === "text/csv" || a.type === "text/*") return { kind: "csv" };
  }
  throw mediaTypeError(list.map((a) => a.type));
}

export function contentType(media: Media): string {
  switch (media.kind) {
    case "json":
      return media.stripNulls
        ? "application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8"
        : "application/json; charset=utf-8";
    case "object":
      return media.stripNulls
        ? "application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8"
        : "application/vnd.pgrst.object+json; charset=utf-8";
    case "csv":
      return "text/csv; charset=utf-8";
    case "openapi":
      return "application/openapi+json; charset=utf-8";
  }
}
