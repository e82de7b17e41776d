// @vitest-environment node
import { describe, expect, it } from "vitest";

import { removeAvatar, replaceAvatar } from "@/lib/profile/avatar";
import { saveProfile, usernameAvailability, type ProfileClient } from "@/lib/profile/save";

type Step = string;

/** A stand-in for the browser client that records each call, failing the ones named in `fail`. */
function fakeClient(fail: { upload?: string; update?: { code: string; message: string } } = {}) {
  const steps: Step[] = [];
  const files = new Set<string>(["old/avatar.webp"]);
  const client = {
    from: (table: string) => ({
      update: (change: object) => ({
        eq: async (_column: string, id: string) => {
          steps.push(`update ${table} ${id} ${JSON.stringify(change)}`);
          return { error: fail.update ?? null };
        },
      }),
    }),
    auth: {
      refreshSession: async () => {
        steps.push("refresh session");
        return { error: null };
      },
    },
    rpc: async (name: string, args: { name: string }) => {
      steps.push(`rpc ${name} ${args.name}`);
      if (args.name === "offline") return { data: null, error: { message: "fetch failed" } };
      return { data: args.name !== "taken", error: null };
    },
    storage: {
      from: (bucket: string) => ({
        upload: async (path: string) => {
          steps.push(`upload ${bucket}`);
          if (fail.upload) return { error: { message: fail.upload } };
          files.add(path);
          return { error: null };
        },
        remove: async (paths: string[]) => {
          for (const path of paths) files.delete(path);
          steps.push(`remove ${paths.length}`);
          return { error: null };
        },
      }),
    },
  };
  return { supabase: client as unknown as ProfileClient, steps, files };
}

const USER = "6f1c7f7e-0e5b-4c55-9a3e-1f0f4d2b2a10";
const picture = new Blob(["webp"], { type: "image/webp" });

describe("saving the profile", () => {
  it("writes the row, then refreshes the session so the token carries the change", async () => {
    const { supabase, steps } = fakeClient();
    expect(await saveProfile(supabase, USER, { display_name: "Ada" })).toBeNull();
    expect(steps).toEqual([`update profiles ${USER} {"display_name":"Ada"}`, "refresh session"]);
  });

  it("answers a taken username with a sentence and keeps the session as it was", async () => {
    const { supabase, steps } = fakeClient({
      update: { code: "23505", message: "duplicate key value violates unique constraint" },
    });
    expect(await saveProfile(supabase, USER, { username: "ada" })).toMatch(/taken/i);
    expect(steps).not.toContain("refresh session");
  });

  it("tells available, taken and could-not-check usernames apart", async () => {
    const { supabase } = fakeClient();
    expect(await usernameAvailability(supabase, "ada")).toBe("available");
    expect(await usernameAvailability(supabase, "taken")).toBe("taken");
    expect(await usernameAvailability(supabase, "offline")).toBe("unknown");
  });
});

describe("changing the picture", () => {
  it("stores the new picture, points the profile at it, and only then removes the old one", async () => {
    const { supabase, steps, files } = fakeClient();
    expect(await replaceAvatar(supabase, USER, picture, "old/avatar.webp")).toBeNull();
    expect(steps[0]).toBe("upload avatars");
    expect(steps[1]).toMatch(new RegExp(`^update profiles ${USER} \\{"avatar_path":"${USER}/`));
    expect(steps.slice(2)).toEqual(["refresh session", "remove 1"]);
    expect([...files]).toEqual([expect.stringMatching(new RegExp(`^${USER}/.+\\.webp$`))]);
  });

  it("keeps the old picture when the upload fails, and says why", async () => {
    const { supabase, steps, files } = fakeClient({
      upload: "The object exceeded the maximum allowed size",
    });
    expect(await replaceAvatar(supabase, USER, picture, "old/avatar.webp")).toBe(
      "The object exceeded the maximum allowed size",
    );
    expect(steps).toEqual(["upload avatars"]);
    expect([...files]).toEqual(["old/avatar.webp"]);
  });

  it("removes the new file again when the profile cannot point at it", async () => {
    const { supabase, files } = fakeClient({ update: { code: "42501", message: "denied" } });
    expect(await replaceAvatar(supabase, USER, picture, "old/avatar.webp")).toBeTruthy();
    expect([...files]).toEqual(["old/avatar.webp"]);
  });

  it("clears the profile's picture before removing the file", async () => {
    const { supabase, steps, files } = fakeClient();
    expect(await removeAvatar(supabase, USER, "old/avatar.webp")).toBeNull();
    expect(steps).toEqual([
      `update profiles ${USER} {"avatar_path":null}`,
      "refresh session",
      "remove 1",
    ]);
    expect(files.size).toBe(0);
  });
});
