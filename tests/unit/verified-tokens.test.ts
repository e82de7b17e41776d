// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  recallVerified,
  rememberVerified,
  storedAccessToken,
} from "@/lib/supabase/verified-tokens";

const NOW = 1_800_000_000;
const claims = (exp: number) => ({ sub: "u1", exp }) as Parameters<typeof rememberVerified>[1];

describe("tokens the proxy has verified", () => {
  it("answers for a verified token until it is due for refresh, then verifies again", () => {
    rememberVerified("token-a", claims(NOW + 3600));
    expect(recallVerified("token-a", NOW)?.sub).toBe("u1");
    // Within the library's 90-second refresh margin the session must go through the client.
    expect(recallVerified("token-a", NOW + 3600 - 90)).toBeNull();
    expect(recallVerified("token-a", NOW)).toBeNull();
  });

  it("knows nothing of a token it never verified", () => {
    rememberVerified("token-b", claims(NOW + 3600));
    expect(recallVerified("token-b-forged", NOW)).toBeNull();
  });

  it("reads the access token from a base64 session cookie split in chunks", async () => {
    const session = JSON.stringify({ access_token: "header.payload.signature", user: {} });
    const value = `base64-${Buffer.from(session).toString("base64url")}`;
    const cookies: Record<string, string> = {
      "sb-127-auth-token.0": value.slice(0, 10),
      "sb-127-auth-token.1": value.slice(10),
    };
    const token = await storedAccessToken("http://127.0.0.1:54321", (name) => cookies[name]);
    expect(token).toBe("header.payload.signature");
    expect(await storedAccessToken("http://127.0.0.1:54321", () => "base64-%%%")).toBeNull();
  });
});
