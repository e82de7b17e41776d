import { afterEach, describe, expect, it, vi } from "vitest";

import { NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";

const config = { url: "http://127.0.0.1:54321", publishableKey: "sb_publishable_test" };

describe("loadSupabase", () => {
  afterEach(() => {
    vi.doUnmock("@/lib/supabase/client");
    vi.resetModules();
  });

  it("answers the page's browser client once the library has loaded", async () => {
    const { loadSupabase } = await import("@/components/supabase/supabase-config");
    const client = await loadSupabase(config);
    expect(typeof client.auth.getSession).toBe("function");
    expect(typeof client.storage.from).toBe("function");
  });

  it("fails with a sentence a person can read when the library cannot be fetched", async () => {
    vi.doMock("@/lib/supabase/client", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { loadSupabase } = await import("@/components/supabase/supabase-config");
    await expect(loadSupabase(config)).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});
