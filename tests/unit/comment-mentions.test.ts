// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  activeMention,
  currentMentionSegments,
  insertMention,
  mentionSegments,
  mentionsKept,
  peopleMatching,
} from "@/lib/comments/mentions";

const ANA = { userId: "a", name: "Ana Lima" };
const ANAM = { userId: "am", name: "Ana Maria" };
const BEN = { userId: "b", name: "Ben Ode" };
const ZOE = { userId: "z", name: "Zoë Ángel" };
const NAMELESS = { userId: "n", name: "" };

describe("the mention being typed", () => {
  it("starts at an @ at the start or after a space or bracket, up to the caret", () => {
    expect(activeMention("@", 1)).toEqual({ start: 0, query: "" });
    expect(activeMention("Ask @An", 7)).toEqual({ start: 4, query: "An" });
    expect(activeMention("Ask @Ana L then", 10)).toEqual({ start: 4, query: "Ana L" });
    expect(activeMention("(@be", 4)).toEqual({ start: 1, query: "be" });
  });

  it("is none inside an address, after a line break, a space right after @ or at the end, or a long run", () => {
    expect(activeMention("mail ana@example.com", 20)).toBeNull();
    expect(activeMention("@Ana\nmore", 9)).toBeNull();
    expect(activeMention("@ Ana", 5)).toBeNull();
    expect(activeMention("@Ana Lima ", 10)).toBeNull();
    expect(activeMention(`@${"x".repeat(41)}`, 42)).toBeNull();
    expect(activeMention("no at sign", 5)).toBeNull();
  });
});

describe("the people offered", () => {
  const people = [BEN, ANA, ZOE, ANAM, NAMELESS];

  it("match the start of the name or of a word in it, case and accents aside", () => {
    expect(peopleMatching(people, "an").map((p) => p.userId)).toEqual(["a", "am", "z"]);
    expect(peopleMatching(people, "LIM").map((p) => p.userId)).toEqual(["a"]);
    expect(peopleMatching(people, "zoe").map((p) => p.userId)).toEqual(["z"]);
    expect(peopleMatching(people, "angel").map((p) => p.userId)).toEqual(["z"]);
    expect(peopleMatching(people, "x")).toEqual([]);
  });

  it("are everyone with a name for a bare @, never the writer themselves", () => {
    expect(peopleMatching(people, "", "b").map((p) => p.name)).toEqual([
      "Ana Lima",
      "Ana Maria",
      "Zoë Ángel",
    ]);
  });
});

describe("picking a person", () => {
  it("writes @Name and a space in place of what was typed, the caret after it", () => {
    const text = "Ask @an about it";
    expect(insertMention(text, { start: 4, query: "an" }, 7, "Ana Lima")).toEqual({
      text: "Ask @Ana Lima about it",
      caret: 14,
    });
    expect(insertMention("@b", { start: 0, query: "b" }, 2, "Ben Ode")).toEqual({
      text: "@Ben Ode ",
      caret: 9,
    });
  });

  it("keeps only the people whose @Name is still in the text, each once", () => {
    const chosen = [ANA, BEN, ANA, ANAM];
    expect(mentionsKept("@Ana Lima and @Ana Maria", chosen)).toEqual(["a", "am"]);
    expect(mentionsKept("@Ana Limas", chosen)).toEqual([]);
    expect(mentionsKept("@Ben Ode, @Ana Lima.", chosen)).toEqual(["a", "b"]);
    expect(mentionsKept("Ben Ode", chosen)).toEqual([]);
  });
});

describe("a comment as shown", () => {
  it("makes each mentioned person's @Name a piece of its own, longest names first", () => {
    const ANA_ONLY = { userId: "x", name: "Ana" };
    expect(mentionSegments("Hi @Ana Maria and @Ana, see @Ben", [ANA_ONLY, ANAM])).toEqual([
      { text: "Hi " },
      { text: "@Ana Maria", mention: "am" },
      { text: " and " },
      { text: "@Ana", mention: "x" },
      { text: ", see @Ben" },
    ]);
  });

  it("leaves text alone that names nobody mentioned, or only starts like a name", () => {
    expect(mentionSegments("@Ana Limasol", [ANA])).toEqual([{ text: "@Ana Limasol" }]);
    expect(mentionSegments("plain", [])).toEqual([{ text: "plain" }]);
    expect(mentionSegments("", [ANA])).toEqual([]);
  });
});

describe("a mention shown by the person's name now", () => {
  const names = new Map([["a", "Ana Lima"]]);
  it("finds the name it was written with and shows the current one; others stay as written", () => {
    expect(
      currentMentionSegments("Ask @Ana L today", ["a"], ["Ana L"], (id) => names.get(id)),
    ).toEqual([{ text: "Ask " }, { text: "@Ana Lima", mention: "a" }, { text: " today" }]);
    expect(currentMentionSegments("@Ana L", ["gone"], ["Ana L"], (id) => names.get(id))).toEqual([
      { text: "@Ana L", mention: "gone" },
    ]);
  });
  it("an older comment without written names is read by the current names", () => {
    expect(currentMentionSegments("@Ana Lima!", ["a"], [], (id) => names.get(id))).toEqual([
      { text: "@Ana Lima", mention: "a" },
      { text: "!" },
    ]);
  });
});
