import { mediaTypeError } from "../errors";

export type Media =
  | { kind: "json"; stripNulls: boolean }
  | { kind: "object"; stripNulls: boolean }
  | { kind: "csv" }
  | { kind: "openapi" }
  | { kind: "plan"; format: "json" | "text"; options: PlanOption[]; for: string };

const PLAN_OPTIONS = ["analyze", "verbose", "settings", "buffers", "wal"] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];

const PLAN_TYPES: Record<string, "json" | "text"> = {
  "application/vnd.pgrst.plan": "text",
  "application/vnd.pgrst.plan+text": "text",
  "application/vnd.pgrst.plan+json": "json",
};

function planMedia(a: Accepted): Media | null {
  const format = PLAN_TYPES[a.type];
  if (!format) return null;
  const asked = (a.params.options ?? "").split("|").map((o) => o.trim().toLowerCase());
  return {
    kind: "plan",
    format,
    options: PLAN_OPTIONS.filter((o) => asked.includes(o)),
    for: a.params.for ?? "application/json",
  };
}

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
export function negotiate(accept: string | null, { rootSpec = false, plan = false } = {}): Media {
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
    const explained = plan ? planMedia(a) : null;
    if (explained) return explained;
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
    case "plan": {
      const options = media.options.length ? `; options=${media.options.join("|")}` : "";
      return `application/vnd.pgrst.plan+${media.format}; for="${media.for}"${options}; charset=utf-8`;
    }
  }
}
