// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  ENDED_SESSIONS_KEY,
  isSessionEnded,
  markSessionEnded,
  sessionIdOf,
} from "@/lib/auth/ended-sessions";

/** A JWT-shaped token with the claims given (unsigned: only the payload is read). */
const token = (claims: Record<string, unknown>) =>
  ["e30", Buffer.from(JSON.stringify(claims)).toString("base64url"), "sig"].join(".");

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe("ended sessions", () => {
  it("reads the session id from an access token, and nothing from anything else", () => {
    expect(sessionIdOf(token({ sub: "u1", session_id: "5f0c-ü-?>" }))).toBe("5f0c-ü-?>");
    expect(sessionIdOf(token({ sub: "u1" }))).toBeNull();
    expect(sessionIdOf(token({ session_id: 42 }))).toBeNull();
    expect(sessionIdOf("not a token")).toBeNull();
    expect(sessionIdOf("a.!!!.c")).toBeNull();
    expect(sessionIdOf(null)).toBeNull();
    expect(sessionIdOf(undefined)).toBeNull();
  });

  it("remembers the sessions that ended, the newest twenty", () => {
    const storage = memoryStorage();
    expect(isSessionEnded(storage, "s1")).toBe(false);
    markSessionEnded(storage, "s1");
    markSessionEnded(storage, "s1");
    expect(isSessionEnded(storage, "s1")).toBe(true);
    expect(isSessionEnded(storage, "s2")).toBe(false);
    expect(isSessionEnded(storage, null)).toBe(false);
    for (let i = 2; i <= 21; i++) markSessionEnded(storage, `s${i}`);
    expect(isSessionEnded(storage, "s1")).toBe(false);
    expect(isSessionEnded(storage, "s2")).toBe(true);
    expect(JSON.parse(storage.getItem(ENDED_SESSIONS_KEY)!)).toHaveLength(20);
  });

  it("treats a damaged record as empty and writes a good one over it", () => {
    const storage = memoryStorage();
    storage.setItem(ENDED_SESSIONS_KEY, "{not json");
    expect(isSessionEnded(storage, "s1")).toBe(false);
    markSessionEnded(storage, "s1");
    expect(isSessionEnded(storage, "s1")).toBe(true);
  });

  it("is kept by a sign-out, which clears the app's own groundwork: keys", () => {
    expect(ENDED_SESSIONS_KEY.startsWith("groundwork:")).toBe(false);
  });
});
