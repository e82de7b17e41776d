// @vitest-environment node
import { describe, expect, it } from "vitest";

import { avatarUrl, profileFromClaims, shownName } from "@/lib/profile/session-profile";

const sub = "6f1c2a8e-3b1d-4c55-9a55-0d6d2e1f0a11";

describe("profileFromClaims", () => {
  it("reads the mirrored profile", () => {
    const profile = profileFromClaims({
      sub,
      email: "ada@example.com",
      user_metadata: {
        profile: {
          username: "ada",
          display_name: "Ada",
          avatar_path: `${sub}/a1.webp`,
          theme: "dark",
        },
      },
    });
    expect(profile).toEqual({
      userId: sub,
      email: "ada@example.com",
      username: "ada",
      displayName: "Ada",
      avatarPath: `${sub}/a1.webp`,
      theme: "dark",
    });
  });

  it("is null when signed out", () => {
    expect(profileFromClaims(null)).toBeNull();
    expect(profileFromClaims({})).toBeNull();
  });

  it("drops what a person could have written into their own metadata", () => {
    const profile = profileFromClaims({
      sub,
      email: "x@example.com",
      user_metadata: {
        profile: {
          username: "Not Valid!",
          display_name: "   ",
          avatar_path: `other-user/../${sub}/a.png`,
          theme: "neon",
        },
      },
    });
    expect(profile).toMatchObject({
      username: null,
      displayName: null,
      avatarPath: null,
      theme: null,
    });
    for (const path of [
      `${sub}/../x.png`,
      `${sub}/.hidden`,
      `${sub}/a/b.png`,
      "someone/a.png",
      `${sub}/`,
    ]) {
      const p = profileFromClaims({ sub, user_metadata: { profile: { avatar_path: path } } });
      expect(p?.avatarPath, path).toBeNull();
    }
  });

  it("caps a long display name", () => {
    const p = profileFromClaims({
      sub,
      user_metadata: { profile: { display_name: "x".repeat(500) } },
    });
    expect(p?.displayName).toHaveLength(80);
  });
});

describe("shownName", () => {
  it("prefers the display name, then @username, then the address", () => {
    expect(shownName({ displayName: "Ada", username: "ada", email: "a@x.io" })).toBe("Ada");
    expect(shownName({ displayName: null, username: "ada", email: "a@x.io" })).toBe("@ada");
    expect(shownName({ displayName: null, username: null, email: "ada.l@x.io" })).toBe("ada.l");
  });
});

describe("avatarUrl", () => {
  it("asks Storage for a square rendition at twice the shown size", () => {
    expect(avatarUrl("http://127.0.0.1:54321/", `${sub}/a 1.webp`, 32)).toBe(
      `http://127.0.0.1:54321/storage/v1/render/image/public/avatars/${sub}/a%201.webp?width=64&height=64&resize=cover`,
    );
  });
});
