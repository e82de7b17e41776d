import { describe, expect, it } from "vitest";

import { referenceSignedInProblem } from "../../scripts/bench/compare";

describe("the side by side's check of the reference's signed-in page", () => {
  it("accepts the page itself", () => {
    expect(referenceSignedInProblem({ status: 200 }, 54661)).toBeNull();
  });

  it("refuses a redirect to sign-in and names the address the build must have inlined", () => {
    const problem = referenceSignedInProblem(
      { status: 307, location: "http://127.0.0.1:3461/auth/login" },
      54661,
    );
    expect(problem).toContain("307 to http://127.0.0.1:3461/auth/login");
    expect(problem).toContain("NEXT_PUBLIC_SUPABASE_URL=http://127.0.0.1:54661");
  });

  it("without a pinned proxy port, says to pin it", () => {
    const problem = referenceSignedInProblem({ status: 500 }, 0);
    expect(problem).toContain("answered its signed-in page with 500, not the page");
    expect(problem).toContain("set BENCH_PROXY_PORT");
  });
});
