import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, rest, startRestBackend, type Clients } from "./support/rest-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
let c: Clients;
beforeAll(async () => {
  t = await startRestBackend();
  c = await clients(t);
});
afterAll(() => t?.stop());

/** Everything an attack could have changed, read with the service role. */
async function snapshot(): Promise<unknown> {
  const [notes, labels, secrets, profiles] = await Promise.all([
    c.service.from("notes").select("*").order("id"),
    c.service.from("labels").select("*").order("id"),
    c.service.from("secrets").select("*").order("id"),
    c.service.from("profiles").select("*").order("id"),
  ]);
  return { notes: notes.data, labels: labels.data, secrets: secrets.data, profiles: profiles.data };
}

const drop = "; drop table public.labels; --";

describe("nothing from the URL becomes SQL", () => {
  let before: unknown;
  beforeAll(async () => {
    before = await snapshot();
    expect((before as { labels: unknown[] }).labels).toHaveLength(3);
  });

  it.each([
    ["column in select", `/notes?select=${encodeURIComponent(`"id\\" from notes${drop}"`)}`],
    [
      "column in select with parentheses",
      `/notes?select=${encodeURIComponent(`id,title)${drop}`)}`,
    ],
    ["cast in select", `/notes?select=${encodeURIComponent(`id::text)${drop}`)}`],
    [
      "quoted cast type",
      `/notes?select=${encodeURIComponent(`id::"int4""; drop table labels; --"`)}`,
    ],
    ["embed name", `/notes?select=${encodeURIComponent(`id,"labels(*) x${drop}"(*)`)}`],
    ["embed hint", `/notes?select=${encodeURIComponent(`id,labels!"x${drop}"(*)`)}`],
    ["filter column", `/notes?${encodeURIComponent(`"id\\"=1 or 1=1${drop}"`)}=eq.1`],
    ["filter operator", `/notes?id=${encodeURIComponent(`eq;delete from notes.1`)}`],
    ["order column", `/notes?order=${encodeURIComponent(`id;${drop}`)}`],
    ["order quoted column", `/notes?order=${encodeURIComponent(`"id""${drop}".desc`)}`],
    ["logic tree", `/notes?or=${encodeURIComponent(`(id.eq.1${drop})`)}`],
    ["json path key in filter column", `/notes?${encodeURIComponent(`"data\\"->>x${drop}"`)}=eq.1`],
    ["on_conflict", `/labels?on_conflict=${encodeURIComponent(`id) do nothing${drop}`)}`],
    ["columns", `/labels?columns=${encodeURIComponent(`id,"name""${drop}"`)}`],
    ["table name", `/${encodeURIComponent(`labels${drop}`)}`],
    ["function name", `/rpc/${encodeURIComponent(`add${drop}`)}`],
    ["fts language", `/notes?search=${encodeURIComponent(`fts(english${drop}).x`)}`],
  ])("%s is a 4xx", async (_label, path) => {
    const method = path.startsWith("/labels") ? "POST" : "GET";
    const res = await rest(
      t,
      path,
      method === "POST"
        ? {
            method,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ id: 9, name: "x" }),
          }
        : {},
    );
    expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    ["filter value", (q: Clients["anon"]) => q.from("notes").select("id").eq("title", `x'${drop}`)],
    [
      "in list",
      (q: Clients["anon"]) =>
        q
          .from("notes")
          .select("id")
          .in("title", [`a')${drop}`, `b"${drop}`]),
    ],
    [
      "like pattern",
      (q: Clients["anon"]) => q.from("notes").select("id").like("title", `%'${drop}`),
    ],
    [
      "json path key",
      (q: Clients["anon"]) =>
        q
          .from("notes")
          .select(`id, data->>x`)
          .eq(`data->>'a'${drop.replace(/ /g, "")}`, "1"),
    ],
    [
      "fts query",
      (q: Clients["anon"]) =>
        q.from("notes").select("id").textSearch("search", `x')${drop}`, { type: "plain" }),
    ],
    ["rpc argument", (q: Clients["anon"]) => q.rpc("hello", { name: `x'${drop}` })],
  ])("a value with SQL in it (%s) is only ever a value", async (_label, run) => {
    const { error, status } = await run(c.anon);
    expect(status < 500, JSON.stringify(error)).toBe(true);
  });

  it("values with quotes are stored and matched literally", async () => {
    const evil = `Robert'); drop table public.notes; --`;
    const ins = await c.alice.from("notes").insert({ title: evil }).select("title").single();
    expect(ins.data).toEqual({ title: evil });
    const found = await c.alice.from("notes").select("title").eq("title", evil);
    expect(found.data).toEqual([{ title: evil }]);
    await c.service.from("notes").delete().eq("title", evil);
  });

  it("a schema header outside the exposed list is refused", async () => {
    const res = await rest(t, "/labels", {
      headers: { "accept-profile": `public"; drop table labels; --` },
    });
    expect(res.status).toBe(406);
  });

  it("left every table as it was", async () => {
    expect(await snapshot()).toEqual(before);
  });
});
