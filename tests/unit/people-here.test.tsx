import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { PeopleHere } from "@/components/notes/people-here";
import { SupabaseProvider } from "@/components/supabase/supabase-config";
import { colorFor, type PersonHere } from "@/lib/notes/presence";

const person = (n: number, name: string, avatarPath: string | null = null): PersonHere => {
  const userId = `00000000-0000-4000-8000-00000000000${n}`;
  return { userId, name, avatarPath, color: colorFor(userId) };
};

function show(people: PersonHere[]) {
  return render(
    <SupabaseProvider config={{ url: "https://db.example.com", publishableKey: "k" }}>
      <PeopleHere people={people} />
    </SupabaseProvider>,
  );
}

describe("who is here, in the note's toolbar", () => {
  afterEach(cleanup);

  it("shows nothing when nobody else is here", () => {
    show([]);
    expect(screen.queryByRole("list", { name: "People here" })).toBeNull();
  });

  it("names up to three people, by face or initials, then says how many more", () => {
    const ben = person(2, "Ben Ode", "00000000-0000-4000-8000-000000000002/face.png");
    show([person(1, "Ana Lima"), ben, person(3, "Cy"), person(4, "Dee"), person(5, "Eve")]);
    const list = screen.getByRole("list", { name: "People here" });
    expect(list.children).toHaveLength(4);
    expect(screen.getByRole("img", { name: "Ana Lima is here" }).textContent).toBe("AL");
    expect(screen.getByRole("img", { name: "Ana Lima is here" }).getAttribute("title")).toBe(
      "Ana Lima is here",
    );
    const face = screen.getByRole("img", { name: "Ben Ode is here" }).querySelector("img")!;
    expect(face.getAttribute("src")).toMatch(
      /^https:\/\/db\.example\.com\/storage\/v1\/render\/image\/public\/avatars\/00000000-0000-4000-8000-000000000002\/face\.png\?/,
    );
    expect(screen.getByRole("img", { name: "Cy is here" })).toBeTruthy();
    const more = screen.getByRole("img", { name: "Also here: Dee, Eve" });
    expect(more.textContent).toBe("+2");
  });
});
