import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snippetParts } from "@/lib/notes/list";
import { startNotesWorld, type NotesWorld } from "./notes-support";
import { LOCAL_SECRET_KEY } from "@groundwork/local-backend/testing";
import { seeded } from "@groundwork/local-backend/testing/fuzz";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
}, 60_000);
afterAll(() => w?.t.stop());

const WORDS = [
  "harbour",
  "lantern",
  "orchard",
  "granite",
  "velvet",
  "meadow",
  "compass",
  "thistle",
  "ember",
  "quarry",
  "saddle",
  "willow",
  "pebble",
  "canvas",
  "falcon",
  "juniper",
  "copper",
  "ripple",
  "tundra",
  "walnut",
  "basalt",
  "cobalt",
  "fennel",
  "glacier",
] as const;

/** Exactly `length` characters of ordinary prose-like text, `phrase` starting near `at`. */
function body(seed: number, length: number, phrase: string, at: number): string {
  const r = seeded(seed);
  const words: string[] = [];
  let size = 0;
  while (size < length) {
    const word = r.int(12) === 0 ? `${r.pick(WORDS)}.\n\n` : `${r.pick(WORDS)} `;
    words.push(word);
    size += word.length;
  }
  const text = words.join("");
  return `${text.slice(0, at)} ${phrase} ${text.slice(at)}`.slice(0, length);
}

const plain = (snippet: string) =>
  snippetParts(snippet)
    .map((p) => p.text)
    .join("");
const marked = (snippet: string) =>
  snippetParts(snippet)
    .filter((p) => p.match)
    .map((p) => p.text.toLowerCase());

const PHRASE = "the crimson zeppelin lands softly";
const bodyOf = (n: number) => body(n + 1, 200_000, PHRASE, n % 2 === 0 ? 300 : 150_000);
const numberOf = (title: string) => Number(/^Logbook (\d+)$/.exec(title)?.[1]);
/** Even notes mention the phrase in their opening; odd ones only deep in the body. */
const early = (title: string) => numberOf(title) % 2 === 0;

/**
 * What a hit's snippet must be: around the match when it is in the body's opening (2,000
 * characters); else the opening words, with nothing marked.
 */
function expectedSnippet(title: string, snippet: string): string {
  const opening = bodyOf(numberOf(title)).slice(0, 2000);
  if (early(title)) {
    expect(marked(snippet)).toContain("zeppelin");
    expect(plain(snippet)).toContain(PHRASE);
  } else {
    expect(marked(snippet)).toEqual([]);
    expect(opening.startsWith(plain(snippet).trimEnd())).toBe(true);
  }
  return snippet;
}

/** Milliseconds /auth/v1/health takes to answer, asked again and again until `done` settles. */
async function healthWhile(done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void done.finally(() => (settled = true));
  const times: number[] = [];
  while (!settled) {
    const started = performance.now();
    const res = await fetch(`${w.t.url}/auth/v1/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 25));
  }
  return times;
}

describe("search over large notes (200,000 characters each)", () => {
  beforeAll(async () => {
    // 100 notes: half mention the phrase near the start, half deep in the body.
    for (let i = 0; i < 100; i += 5) {
      const rows = Array.from({ length: 5 }, (_, k) => {
        const n = i + k;
        return { title: `Logbook ${n}`, body: bodyOf(n) };
      });
      const { error } = await w.owner.from("notes").insert(rows);
      expect(error).toBeNull();
    }
  }, 300_000);

  it("one search does not hold up the other services, and finds every note with its snippet", async () => {
    const search = Promise.resolve(
      w.owner.rpc("search_notes", { query: "zeppelin", max_results: 100 }),
    );
    const [times, { data, error }] = await Promise.all([healthWhile(search), search]);
    expect(error).toBeNull();
    expect(Math.max(...times)).toBeLessThan(1000);
    expect(data).toHaveLength(100);
    for (const hit of data!) expect(hit.snippet).toBe(expectedSnippet(hit.title, hit.snippet));
  });

  it("matches stems and prefixes anywhere in a body, ranked as before", async () => {
    const stemmed = await w.owner.rpc("search_notes", {
      query: "landing zeppelins",
      max_results: 100,
    });
    expect(stemmed.error).toBeNull();
    expect(stemmed.data).toHaveLength(100);
    // Each note holds the phrase once: the same rank wherever in the body it is.
    expect(new Set(stemmed.data!.map((h) => h.rank)).size).toBe(1);
    for (const hit of stemmed.data!.filter((h) => early(h.title))) {
      expect(marked(hit.snippet)).toEqual(expect.arrayContaining(["zeppelin", "lands"]));
    }
    const typing = await w.owner.rpc("search_notes", { query: "crimson zepp", max_results: 100 });
    expect(typing.error).toBeNull();
    expect(typing.data).toHaveLength(100);
    for (const hit of typing.data!.filter((h) => early(h.title)))
      expect(marked(hit.snippet)).toContain("zeppelin");
  });
});

describe("statement timeouts per role, as PostgREST applies the role's settings", () => {
  it("anon runs with 3s, authenticated with 8s, as the roles are configured", async () => {
    const res = await fetch(`${w.t.url}/pg/query`, {
      method: "POST",
      headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        query: `create function public.statement_timeout_now() returns text language sql stable
                  as $$ select current_setting('statement_timeout') $$;
                grant execute on function public.statement_timeout_now() to anon, authenticated;
                notify pgrst, 'reload schema';`,
      }),
    });
    expect(res.status).toBe(200);
    const ask = async (c: typeof w.anon) => {
      for (let i = 0; ; i++) {
        const { data, error } = await c.rpc("statement_timeout_now" as never);
        if (!error || i === 50) return data ?? error;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    expect(await ask(w.anon)).toBe("3s");
    expect(await ask(w.owner)).toBe("8s");
  });
});
