import type { Range } from "../ast";
import { invalidRange } from "../errors";

/**
 * The top-level window: the `Range` header (`0-9`, items) intersected with `limit`/`offset`,
 * then capped by max_rows. Undefined limit means unbounded.
 */
export function topLevelRange(
  headers: Headers | null,
  fromQuery: Range | undefined,
  negativeLimit: boolean,
  maxRows: number | null,
): Range {
  if (negativeLimit) throw invalidRange("Limit should be greater than or equal to zero.");
  let lower = 0;
  let upper = Infinity;
  const header = headers?.get("range");
  const m = header ? /^([0-9]+)-([0-9]*)$/.exec(header.trim()) : null;
  if (m) {
    lower = Number(m[1]);
    upper = m[2] === "" ? Infinity : Number(m[2]);
    if (upper < lower)
      throw invalidRange(
        "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
      );
  }
  if (fromQuery) {
    const qLower = fromQuery.offset;
    const qUpper = fromQuery.limit === undefined ? Infinity : qLower + fromQuery.limit - 1;
    if (fromQuery.limit === 0) return { offset: qLower, limit: 0 };
    lower = Math.max(lower, qLower);
    upper = Math.min(upper, qUpper);
    if (upper < lower) return { offset: lower, limit: 0 };
  }
  let limit = upper === Infinity ? undefined : upper - lower + 1;
  if (maxRows !== null && (limit === undefined || limit > maxRows)) limit = maxRows;
  return { offset: lower, limit };
}

/** `Content-Range` as PostgREST writes it: "first-last/total", with "*" for an empty page or an uncounted total. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : "*";
  return `${range}/${total === null ? "*" : total}`;
}

/** 200, 206 when the page is smaller than the counted total, 416 when the offset is past it. */
export function rangeStatus(offset: number, pageTotal: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  return pageTotal < total ? 206 : 200;
}
