// @vitest-environment node
import { describe, expect, it } from "vitest";

import { cn } from "@/lib/utils";

describe("cn", () => {
  it("joins truthy class names and drops falsy ones", () => {
    expect(cn("a", false && "b", undefined, null, "c", { d: true, e: false })).toBe("a c d");
  });

  it("lets a later Tailwind utility win over a conflicting earlier one", () => {
    expect(cn("px-2 py-1 text-sm", "px-4")).toBe("py-1 text-sm px-4");
    expect(cn("bg-primary", "bg-destructive")).toBe("bg-destructive");
  });

  it("keeps utilities that do not conflict", () => {
    expect(cn("px-2", "py-2")).toBe("px-2 py-2");
  });
});
