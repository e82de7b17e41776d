import { load, oneClient, type LoadResult, type OneClient, type Timing } from "./http-load";
import { sampleCpu } from "./process-cpu";

/** CPU milliseconds per view under load, of the app server and of the local backend. */
export type CpuPerView = { app: number; backend: number | null };

/** A page as the benchmark reports it; p50/p95/failures are those at 10 connections. */
export type PageProfile = Timing & {
  at10: LoadResult;
  at50: LoadResult;
  one: OneClient;
  cpu?: CpuPerView;
};

type Processes = { app?: number; backend?: number };
const serving = new Map<string, Processes>();

/**
 * The processes behind an app's origin (its server, and the backend it uses): each profile of a
 * page there then also says how much of their CPU a view costs under load, a figure the machine's
 * other work barely moves.
 */
export function measureCpuOf(origin: string, pids: Processes) {
  serving.set(new URL(origin).origin, pids);
}

/** The processes behind an app's origin, as given to measureCpuOf (none: not known). */
export function processesOf(origin: string): Processes {
  return serving.get(new URL(origin).origin) ?? {};
}

export async function profilePage(
  url: string,
  cookie?: string,
  expectStatus = 200,
): Promise<PageProfile> {
  const one = await oneClient(url, cookie, undefined, expectStatus);
  const processes = serving.get(new URL(url).origin) ?? {};
  const before = processes.app ? sampleCpu(processes) : null;
  const at10 = await load(url, { cookie, connections: 10, expectStatus });
  const at50 = await load(url, { cookie, connections: 50, expectStatus });
  const after = before ? sampleCpu(processes) : null;
  const views = at10.requests + at50.requests;
  const cpu =
    before && after && views > 0
      ? {
          app: (after.app - before.app) / views,
          backend: processes.backend ? (after.backend - before.backend) / views : null,
        }
      : undefined;
  return {
    p50: at10.p50,
    p95: at10.p95,
    failures: one.failures + at10.failures + at50.failures,
    at10,
    at50,
    one,
    cpu,
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
  for (const { label, page } of rows) {
    const seen = Object.entries({ ...page.at10.unexpected })
      .concat(Object.entries({ ...page.at50.unexpected }))
      .map(([what, n]) => `${what} ×${n}`);
    if (seen.length > 0)
      console.log(`  ${label} answered otherwise under load: ${seen.join(", ")}`);
  }
  if (!floor.cpu) return;
  // The same views by CPU: what the app server spends per view, apart from the local backend
  // (hosted Postgres runs elsewhere), and its ratio to the floor's.
  console.log("  CPU per view under load (ms) |    app  backend | app x floor");
  for (const { label, page } of rows) {
    if (!page.cpu) continue;
    const backend = page.cpu.backend === null ? "       -" : num(page.cpu.backend, 8, 2);
    console.log(
      `  ${label.padEnd(28)}|${num(page.cpu.app, 7, 2)} ${backend} |${num(page.cpu.app / floor.cpu.app, 12, 2)}`,
    );
  }
}
