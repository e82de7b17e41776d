import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";

import { SupabaseProvider, useLoadedSupabase } from "@/components/supabase/supabase-config";

const made = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/supabase/client", () => ({
  createClient: () => {
    made.count++;
    return { made: made.count };
  },
}));

afterEach(cleanup);

function Shows({ when }: { when?: boolean }) {
  const client = useLoadedSupabase(when) as { made: number } | null;
  return <p>{client ? `client ${client.made}` : "no client"}</p>;
}

const config = { url: "http://127.0.0.1:54321", publishableKey: "key" };

it("fetches the library only once it is wanted, then keeps the client it made", async () => {
  const view = render(
    <SupabaseProvider config={config}>
      <Shows when={false} />
    </SupabaseProvider>,
  );
  // Nothing is fetched while it is not wanted (the offline shell, with no network).
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByText("no client")).toBeTruthy();
  expect(made.count).toBe(0);

  view.rerender(
    <SupabaseProvider config={config}>
      <Shows when />
    </SupabaseProvider>,
  );
  await waitFor(() => expect(screen.getByText("client 1")).toBeTruthy());
  expect(made.count).toBe(1);
});

it("fetches it at once when nothing says otherwise", async () => {
  render(
    <SupabaseProvider config={config}>
      <Shows />
    </SupabaseProvider>,
  );
  await waitFor(() => expect(screen.getByText(/client \d/)).toBeTruthy());
});
