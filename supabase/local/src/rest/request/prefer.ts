/** The `Prefer` header as PostgREST reads it (the first value of each kind wins). */
export interface Preferences {
  resolution?: "merge-duplicates" | "ignore-duplicates";
  representation?: "full" | "minimal" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  missing?: "default" | "null";
  handling?: "strict" | "lenient";
  /** `tx=commit|rollback`: the local stack lets a request override how its transaction ends. */
  tx?: "commit" | "rollback";
  maxAffected?: number;
  invalid: string[];
}

const KNOWN: Record<string, (p: Preferences) => void> = {
  "resolution=merge-duplicates": (p) => (p.resolution ??= "merge-duplicates"),
  "resolution=ignore-duplicates": (p) => (p.resolution ??= "ignore-duplicates"),
  "return=representation": (p) => (p.representation ??= "full"),
  "return=minimal": (p) => (p.representation ??= "minimal"),
  "return=headers-only": (p) => (p.representation ??= "headers-only"),
  "count=exact": (p) => (p.count ??= "exact"),
  "count=planned": (p) => (p.count ??= "planned"),
  "count=estimated": (p) => (p.count ??= "estimated"),
  "missing=default": (p) => (p.missing ??= "default"),
  "missing=null": (p) => (p.missing ??= "null"),
  "handling=strict": (p) => (p.handling ??= "strict"),
  "handling=lenient": (p) => (p.handling ??= "lenient"),
  "tx=commit": (p) => (p.tx ??= "commit"),
  "tx=rollback": (p) => (p.tx ??= "rollback"),
};

export function parsePrefer(headers: Headers): Preferences {
  const p: Preferences = { invalid: [] };
  const raw = headers.get("prefer") ?? "";
  for (const part of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const known = KNOWN[part];
    if (known) known(p);
    else if (part.startsWith("max-affected=") && /^[0-9]+$/.test(part.slice(13)))
      p.maxAffected ??= Number(part.slice(13));
    else if (!part.startsWith("timezone=")) p.invalid.push(part);
  }
  return p;
}

/**
 * Whether the statement counts the rows behind the response: `planned` asks only the planner, and
 * only reads do that, so a call or a write with `count=planned` names no total, as in PostgREST.
 */
export const countsRows = (p: Preferences): boolean =>
  p.count === "exact" || p.count === "estimated";

/** `Preference-Applied`, listing what was honoured, in PostgREST's order. */
export function preferenceApplied(
  p: Preferences,
  kinds: (
    "resolution" | "missing" | "representation" | "count" | "tx" | "handling" | "max-affected"
  )[],
): string | null {
  const values: string[] = [];
  const rep = {
    full: "return=representation",
    minimal: "return=minimal",
    "headers-only": "return=headers-only",
  };
  if (kinds.includes("resolution") && p.resolution) values.push(`resolution=${p.resolution}`);
  if (kinds.includes("missing") && p.missing) values.push(`missing=${p.missing}`);
  if (kinds.includes("representation") && p.representation) values.push(rep[p.representation]);
  if (kinds.includes("count") && p.count) values.push(`count=${p.count}`);
  if (kinds.includes("tx") && p.tx) values.push(`tx=${p.tx}`);
  if (kinds.includes("handling") && p.handling) values.push(`handling=${p.handling}`);
  if (kinds.includes("max-affected") && p.handling === "strict" && p.maxAffected !== undefined)
    values.push(`max-affected=${p.maxAffected}`);
  return values.length ? values.join(", ") : null;
}
