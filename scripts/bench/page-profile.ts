import { load, oneClient, type LoadResult, type OneClient, type Timing } from "./http-load";

/** A page as the benchmark reports it; p50/p95/failures are those at 10 connections. */
export type PageProfile = Timing & { at10: LoadResult; at50: LoadResult; one: OneClient };

export async function profilePage(
  url: string,
  cookie?: string,
  expectStatus = 200,
): Promise<PageProfile> {
  const one = await oneClient(url, cookie, undefined, expectStatus);
  const at10 = await load(url, { cookie, connections: 10, expectStatus });
  const at50 = await load(url, { cookie, connections: 50, expectStatus });
  return {
    p50: at10.p50,
    p95: at10.p95,
    failures: one.failures + at10.failures + at50.failures,
    at10,
    at50,
    one,
  };
}

const num = (n: number, width: number, digits = 1) => n.toFixed(digits).padStart(width);

/**
 * One line per page: rps and p50/p95 (last byte) at 10 and 50 connections, first and last byte
 * and HTML size with one client, and the page's ratio to the floor (rps at 10 connections; above 1
 * is slower than the floor: floor rps / page rps).
 */
export function printPages(rows: { label: string; page: PageProfile }[], floor: PageProfile) {
  console.log(
    "  page                        |  10 conn: rps    p50    p95 |  50 conn: rps    p50    p95 | 1 client: 1st byte last byte   bytes | x floor  fail",
  );
  for (const { label, page } of rows) {
    const { at10, at50, one } = page;
    console.log(
      `  ${label.padEnd(28)}|${num(at10.rps, 13, 0)}${num(at10.p50, 7)}${num(at10.p95, 7)} |${num(at50.rps, 13, 0)}${num(at50.p50, 7)}${num(at50.p95, 7)} |${num(one.firstByte, 18)}${num(one.lastByte, 10)}${String(one.bytes).padStart(8)} |${num(floor.at10.rps / at10.rps, 8, 2)}${String(page.failures).padStart(6)}`,
    );
  }
  console.log(
    "  (times in ms to the last byte unless marked; bytes of HTML as sent, uncompressed)",
  );
}
