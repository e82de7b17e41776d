import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, rest } from "./support/rest-support";
import { startTestBackend, type TestBackend } from "./support/local-backend";

// PostgREST's single unnamed parameter convention (docs/references/api/functions.rst, "Functions
// with a single unnamed parameter"; src/library/PostgREST/Plan.hs findProc and callPlan;
// ApiRequest/Payload.hs payloadAttributes), with fixtures shaped like its own
// test/spec/fixtures/schema.sql and test/spec/Feature/Query/RpcSpec.hs.

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({
    supabaseDir: path.join(import.meta.dirname, "fixtures", "rest-unnamed"),
  });
});
afterAll(() => t?.stop());

const post = (fn: string, body: BodyInit, type = "application/json") =>
  rest(t, `/rpc/${fn}`, { method: "POST", body, headers: { "content-type": type } });

async function answer(res: Response): Promise<[number, unknown]> {
  return [res.status, await res.json()];
}

describe("a function with one unnamed json or jsonb parameter", () => {
  it("takes a JSON object body whole, through supabase-js", async () => {
    const { data, error } = await client(t).rpc("unnamed_json", { A: 1, B: [2], C: null });
    expect(error).toBeNull();
    expect(data).toEqual({ A: 1, B: [2], C: null });
    const jsonb = await client(t).rpc("unnamed_jsonb", { nested: { x: "y" } });
    expect(jsonb.data).toEqual({ nested: { x: "y" } });
  });

  it("takes an array of objects whole, and refuses one whose objects differ", async () => {
    expect(await answer(await post("unnamed_jsonb", '[{"a":1},{"a":2}]'))).toEqual([
      200,
      [{ a: 1 }, { a: 2 }],
    ]);
    expect(await answer(await post("unnamed_jsonb", '[{"a":1},{"b":2}]'))).toEqual([
      400,
      { code: "PGRST102", message: "All object keys must match", details: null, hint: null },
    ]);
  });

  it("is called with a bare value, which PostgREST keeps as an empty array", async () => {
    for (const bare of ["42", '"words"', "true", "null"]) {
      expect(await answer(await post("unnamed_json", bare))).toEqual([200, []]);
      expect(await answer(await post("unnamed_jsonb", bare))).toEqual([200, []]);
    }
    const viaClient = await client(t).rpc("unnamed_jsonb", 42 as never);
    expect(viaClient).toMatchObject({ status: 200, error: null, data: [] });
  });
});

describe("a function with one unnamed text, xml or bytea parameter", () => {
  it("takes a text/plain body whole", async () => {
    expect(await answer(await post("unnamed_text", "plain words", "text/plain"))).toEqual([
      200,
      "<plain words>",
    ]);
  });

  it("is not called with a JSON body, as PostgREST answers it", async () => {
    expect(await answer(await post("unnamed_text", '"plain words"'))).toEqual([
      404,
      {
        code: "PGRST202",
        message:
          "Could not find the function public.unnamed_text without parameters in the schema cache",
        details:
          "Searched for the function public.unnamed_text without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
        hint: "Perhaps you meant to call the function public.unnamed_text()",
      },
    ]);
  });
});

describe("a function whose one unnamed parameter has a default", () => {
  it("still receives the body positionally, whatever its media type", async () => {
    expect(await answer(await post("unnamed_text_default", "hello", "text/plain"))).toEqual([
      200,
      "got hello",
    ]);
    expect(await answer(await post("unnamed_jsonb_default", '{"a":2}'))).toEqual([200, { a: 2 }]);
    expect(await answer(await post("unnamed_jsonb_default", "7"))).toEqual([200, []]);
    expect(await answer(await post("unnamed_text_default", "{}"))).toEqual([200, "got {}"]);
  });

  it("by GET receives the (empty) arguments as a JSON object, as PostgREST's DirectArgs", async () => {
    const { data, error } = await client(t).rpc("unnamed_jsonb_default", {}, { get: true });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const text = await client(t).rpc("unnamed_text_default", {}, { get: true });
    expect(text.data).toBe("got {}");
  });
});

describe("types the convention does not take", () => {
  it.each([
    ["unnamed_int", "42"],
    ["unnamed_bool", "true"],
    ["unnamed_int_default", "{}"],
    ["unnamed_any", "5"],
  ])("%s is not in the schema cache, so PGRST202 names no parameters", async (fn, body) => {
    const res = await post(fn, body);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: "PGRST202",
      message: `Could not find the function public.${fn} without parameters in the schema cache`,
      details: `Searched for the function public.${fn} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    });
  });

  it("a text/plain body for an int parameter answers PGRST202 with no hint", async () => {
    expect(await answer(await post("unnamed_int", "42", "text/plain"))).toEqual([
      404,
      {
        code: "PGRST202",
        message: "Could not find the function public.unnamed_int in the schema cache",
        details:
          "Searched for the function public.unnamed_int with a single unnamed text parameter, but no matches were found in the schema cache.",
        hint: null,
      },
    ]);
  });
});

describe("overloads", () => {
  it("prefer the overload the argument names fit, then the unnamed one the media type takes", async () => {
    expect(await answer(await post("overloaded_unnamed", "{}"))).toEqual([200, 1]);
    expect(await answer(await post("overloaded_unnamed", '{"x":1,"y":2}'))).toEqual([200, 3]);
    expect(await answer(await post("overloaded_unnamed", '{"A":1}'))).toEqual([200, { A: 1 }]);
    expect(await answer(await post("overloaded_unnamed", "words", "text/plain"))).toEqual([
      200,
      "text:words",
    ]);
    const bytes = await post(
      "overloaded_unnamed",
      new Uint8Array([0, 1, 2]),
      "application/octet-stream",
    );
    expect(await answer(bytes)).toEqual([200, 3]);
  });

  it("answer PGRST203 naming both when json and jsonb could take the body", async () => {
    const ambiguous = {
      code: "PGRST203",
      message:
        "Could not choose the best candidate function between: public.json_or_jsonb( => json), public.json_or_jsonb( => jsonb)",
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    };
    expect(await answer(await post("json_or_jsonb", '{"A":1}'))).toEqual([300, ambiguous]);
    expect(await answer(await post("json_or_jsonb", '{"x":1,"y":2}'))).toEqual([200, 3]);
  });

  it("answer PGRST203 when two defaulted unnamed parameters both fit no arguments", async () => {
    const res = await post("defaults_clash", "{}");
    expect(res.status).toBe(300);
    expect(await res.json()).toMatchObject({
      code: "PGRST203",
      message:
        "Could not choose the best candidate function between: public.defaults_clash( => text), public.defaults_clash( => jsonb)",
    });
  });
});
