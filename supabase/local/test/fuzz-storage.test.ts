import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";
import {
  inParallel,
  LEAK,
  nastyBody,
  nastyString,
  rawSender,
  seeded,
  type Random,
} from "./support/fuzz";
import { ALICE, startStorageBackend, userToken } from "./support/storage-support";

// Bad input on Storage: odd paths, bucket names, headers, content types and tus headers. Every
// answer is a 4xx (or a success) and never a 5xx; a refusal from storage-api's routes has its
// `{statusCode, error, message}` shape (src/internal/errors/storage-error.ts render()).

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1200);
const CONCURRENCY = 6;

let t: TestBackend;
let alice = "";
beforeAll(async () => {
  t = await startStorageBackend();
  alice = await userToken(t, ALICE);
});
const raw = rawSender(CONCURRENCY);
afterAll(async () => {
  raw.close();
  await t?.stop();
});

const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
};

function segment(r: Random): string {
  return r.pick([
    () => "avatars",
    () => "attachments",
    () => "seeded",
    () => "no-such-bucket",
    () => ALICE,
    () => "x.png",
    () => "..",
    () => ".",
    () => "",
    () => "%2e%2e",
    () => "%2F",
    () => "%00",
    () => "%E0%A4%A",
    () => "a%20b",
    () => "%ED%A0%80",
    () => "%CE%A9.svg",
    () => "x".repeat(r.pick([101, 1100])),
    () => enc(nastyString(r).slice(0, 60)),
  ])();
}

const key = (r: Random) => Array.from({ length: 1 + r.int(3) }, () => segment(r)).join("/");

function storagePath(r: Random): string {
  return r.pick([
    () => `/bucket`,
    () => `/bucket/${segment(r)}`,
    () => `/bucket/${segment(r)}/empty`,
    () => `/object/${segment(r)}/${key(r)}`,
    () => `/object/${segment(r)}`,
    () => `/object/public/${segment(r)}/${key(r)}`,
    () => `/object/authenticated/${segment(r)}/${key(r)}`,
    () => `/object/info/${segment(r)}/${key(r)}`,
    () => `/object/list/${segment(r)}`,
    () => `/object/list-v2/${segment(r)}`,
    () => `/object/sign/${segment(r)}/${key(r)}`,
    () => `/object/sign/${segment(r)}`,
    () => `/object/upload/sign/${segment(r)}/${key(r)}`,
    () => `/object/move`,
    () => `/object/copy`,
    () => `/render/image/public/${segment(r)}/${key(r)}`,
    () => `/render/image/authenticated/${segment(r)}/${key(r)}`,
    () => `/render/image/sign/${segment(r)}/${key(r)}`,
    () => `/upload/resumable`,
    () => `/upload/resumable/${segment(r)}`,
    () => `/${segment(r)}`,
  ])();
}

function contentType(r: Random): string {
  return r.pick([
    "image/png",
    "image/png;x=,text/html",
    "image/png, text/html",
    "text/html",
    "image/svg+xml",
    "image/",
    "/png",
    "image/png; charset",
    'image/png; a="unterminated',
    "multipart/form-data",
    "multipart/form-data; boundary=x",
    "application/json",
    "application/offset+octet-stream",
    "application/octet-stream",
    "x".repeat(2000),
    nastyString(r)
      .replace(/[\r\n\u0000]/g, "")
      .slice(0, 200),
  ]);
}

const b64 = (s: string) => Buffer.from(s).toString("base64");

function headers(r: Random, body: Buffer | null): Record<string, string> {
  const keys = r.pick<Record<string, string>>([
    { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` },
    { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${alice}` },
    { apikey: LOCAL_PUBLISHABLE_KEY },
    { apikey: LOCAL_PUBLISHABLE_KEY, authorization: "Bearer not.a.token" },
    { apikey: "garbage" },
    {},
  ]);
  const h: Record<string, string> = { ...keys };
  if (r.next() < 0.6) h["content-type"] = contentType(r);
  const optional: [string, () => string][] = [
    ["x-upsert", () => r.pick(["true", "false", "yes", ""])],
    [
      "cache-control",
      () => r.pick(["3600", "max-age=-1", "no-cache", nastyString(r).slice(0, 40)]),
    ],
    ["x-metadata", () => r.pick([b64('{"a":1}'), b64("[1]"), b64("not json"), "%%%", ""])],
    ["range", () => r.pick(["bytes=0-1", "bytes=5-1", "bytes=-0", "bytes=x", "items=0-1", ""])],
    ["if-none-match", () => r.pick(['"abc"', "*", ""])],
    ["tus-resumable", () => r.pick(["1.0.0", "0.2.2", "", "x"])],
    ["upload-length", () => r.pick(["0", "10", "-1", "1e9", "99999999999999999999", "x", ""])],
    ["upload-defer-length", () => r.pick(["1", "0", "2", "x"])],
    ["upload-offset", () => r.pick(["0", "-1", "5", "x", "18446744073709551616"])],
    [
      "upload-metadata",
      () =>
        r.pick([
          `bucketName ${b64(segment(r))},objectName ${b64(key(r))},contentType ${b64(contentType(r))}`,
          `bucketName ${b64("attachments")},objectName ${b64(`${ALICE}/f.bin`)}`,
          `bucketName ${b64("avatars")}`,
          "bucketName",
          "bucketName !!!,objectName ???",
          "a b c",
          ",,,",
          nastyString(r)
            .replace(/[\r\n\u0000]/g, "")
            .slice(0, 100),
        ]),
    ],
    ["upload-concat", () => r.pick(["partial", "final;/x", "x"])],
    ["x-http-method-override", () => r.pick(["PATCH", "DELETE", "HEAD", "GET", "X"])],
    ["x-signature", () => r.pick(["x", "a.b.c", ""])],
  ];
  for (const [name, value] of optional) if (r.next() < 0.25) h[name] = value();
  if (body) h["content-length"] = String(body.byteLength);
  // What HTTP/1.1 can carry in a header value at all (Node refuses to send anything else).
  for (const name of Object.keys(h)) h[name] = h[name].replace(/[^\t\x20-\x7e\x80-\xff]/g, "");
  return h;
}

/**
 * The gateway's own answers come before storage-api, in their own shape: a missing or bad key
 * (`{message, hint}`), and a path that leaves /storage/v1 once `..` is resolved (Kong's 404).
 */
const gateway = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as { message?: unknown }).message === "string" &&
  (typeof (body as { hint?: unknown }).hint === "string" ||
    (body as { message: string }).message === "no Route matched with those values");

function storageShape(body: unknown): boolean {
  const b = body as Record<string, unknown>;
  return (
    typeof b === "object" &&
    b !== null &&
    typeof b.statusCode === "string" &&
    /^\d{3}$/.test(b.statusCode) &&
    typeof b.error === "string" &&
    typeof b.message === "string"
  );
}

describe(`bad input on every Storage route (seed ${SEED})`, () => {
  it("answers a 4xx in storage-api's shape, never a 5xx, never a stack trace or a path", async () => {
    const r = seeded(SEED);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    await inParallel(REQUESTS, CONCURRENCY, async () => {
      const method = r.pick(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
      const target = `/storage/v1${storagePath(r)}${r.next() < 0.2 ? `?${r.pick(["download", "download=x", "width=0", "width=99999&height=-1", "token=x", "quality=1000", "format=gif", "resize=x"])}` : ""}`;
      const body =
        method === "GET" || method === "HEAD"
          ? null
          : r.pick([
              () => null,
              () =>
                nastyBody(r, [
                  "name",
                  "id",
                  "public",
                  "prefix",
                  "bucketId",
                  "sourceKey",
                  "destinationKey",
                  "destinationBucket",
                  "prefixes",
                  "expiresIn",
                  "paths",
                  "file_size_limit",
                  "allowed_mime_types",
                  "limit",
                  "offset",
                  "search",
                  "sortBy",
                ]),
              () => Buffer.alloc(r.pick([1, 1024, 70_000]), 0x41),
            ])();
      const h = headers(r, body);
      const outcome = await raw.send(t.url, method, target, h, body);
      const what = `${method} ${target.slice(0, 160)} [${h["content-type"] ?? ""}]`;
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      if (outcome.status === 0) {
        problems.push(`${what}: no answer (${outcome.error})`);
        return;
      }
      if (outcome.status >= 500)
        problems.push(`${what}: ${outcome.status} ${outcome.body.slice(0, 300)}`);
      if (LEAK.test(outcome.body)) problems.push(`${what}: leaks ${outcome.body.match(LEAK)?.[0]}`);
      const isTus = target.startsWith("/storage/v1/upload/resumable");
      if (outcome.status >= 400 && !isTus && method !== "HEAD") {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(outcome.body);
        } catch {
          problems.push(`${what}: ${outcome.status} not JSON: ${outcome.body.slice(0, 200)}`);
          return;
        }
        if (!storageShape(parsed) && !gateway(parsed))
          problems.push(`${what}: ${outcome.status} shape ${outcome.body.slice(0, 200)}`);
      }
    });
    expect(problems.slice(0, 20)).toEqual([]);
    // The run reached past the gateway: most answers came from Storage itself.
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);

    // And the service still works afterwards.
    const health = await fetch(`${t.url}/storage/v1/bucket`, {
      headers: { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` },
    });
    expect(health.status).toBe(200);
  });
});
