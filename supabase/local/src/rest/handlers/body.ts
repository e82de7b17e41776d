import { invalidRange, singularityError } from "../errors";
import type { Media } from "../request/media";
import { toCount, type StatementRow } from "./context";

/** The body for the negotiated media; `.single()` (object media) demands exactly one row. */
export function finalBody(media: Media, row: StatementRow): string {
  const pageTotal = toCount(row.page_total) ?? 0;
  const body = row.body ?? "";
  if (media.kind !== "object") return body;
  if (pageTotal !== 1) throw singularityError(pageTotal);
  const trimmed = body.trim();
  return trimmed.startsWith("[") ? trimmed.slice(1, -1).trim() : trimmed;
}

export function outOfRangeBody(offset: number, total: number | null): string {
  return JSON.stringify(
    invalidRange(
      `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`,
    ).body(),
  );
}
