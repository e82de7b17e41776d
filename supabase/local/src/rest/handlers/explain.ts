import type { Transaction } from "../../database/db";
import { contentType, type Media } from "../request/media";
import { asText } from "./context";

type PlanMedia = Extract<Media, { kind: "plan" }>;

export const isPlan = (media: Media): media is PlanMedia => media.kind === "plan";

/**
 * `Accept: application/vnd.pgrst.plan`: the statement's EXPLAIN instead of its rows, one line per
 * row of output as PostgREST sends it.
 */
export async function explain(
  tx: Transaction,
  media: PlanMedia,
  sql: string,
  params: (string | null)[],
): Promise<Response> {
  const options = [`format ${media.format}`, ...media.options].join(", ");
  // The JSON plan goes out as Postgres printed it, so it is not parsed here.
  const raw = (text: string) => text;
  const result = await tx.query<{ "QUERY PLAN": unknown }>(`explain (${options}) ${sql}`, params, {
    serializers: asText,
    parsers: { 114: raw, 3802: raw },
  });
  const lines = result.rows.map((r) => {
    const v = r["QUERY PLAN"];
    return typeof v === "string" ? v : JSON.stringify(v);
  });
  return new Response(lines.map((l) => `${l}\n`).join(""), {
    status: 200,
    headers: { "content-type": contentType(media) },
  });
}
