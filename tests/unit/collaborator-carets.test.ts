import { describe, expect, it } from "vitest";

import {
  caretElement,
  relabelCarets,
  type CaretPerson,
} from "@/lib/notes/editor/collaborator-carets";
import { colorFor } from "@/lib/notes/presence";

const ANA = "0f8fad5b-d9cb-469f-a165-70867728950e";
const BEN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

const label = (caret: HTMLElement) => caret.querySelector(".collaborator-caret-label")!;

describe("a collaborator's caret", () => {
  it("is labelled with the server's name and face for its id, not the name its device wrote", () => {
    const server = new Map<string, CaretPerson>([
      [ANA, { name: "Ana Lima", avatarUrl: "https://db.example.com/ana.webp" }],
    ]);
    const personOf = (id: string) => server.get(id) ?? null;

    const ana = caretElement({ id: ANA, name: "Ben Ode" }, personOf);
    expect(ana.textContent).toContain("Ana Lima");
    expect(ana.textContent).not.toContain("Ben Ode");
    expect(label(ana).querySelector("img")?.getAttribute("src")).toBe(
      "https://db.example.com/ana.webp",
    );
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colorFor(ANA).slice(i, i + 2), 16));
    expect(ana.style.borderLeft).toContain(`rgb(${r}, ${g}, ${b})`);

    // An id the list does not name yet: "Someone", without a face; then named once it is read.
    const ben = caretElement({ id: BEN, name: "Ana Lima" }, personOf);
    expect(label(ben).textContent).toBe("Someone");
    expect(label(ben).querySelector("img")).toBeNull();
    const root = document.createElement("div");
    root.append(ana, ben);
    server.set(BEN, { name: "Ben Ode", avatarUrl: null });
    relabelCarets(root, personOf);
    expect(label(ben).textContent).toBe("Ben Ode");
    expect(ben.dataset.collaborator).toBe("Ben Ode");
    expect(label(ana).textContent).toBe("Ana Lima");

    // No id, or a made-up one: nobody in particular.
    expect(label(caretElement({ name: "Ana Lima" }, personOf)).textContent).toBe("Someone");
    expect(label(caretElement({ id: "<b>", name: "x" }, personOf)).textContent).toBe("Someone");
  });
});
