// @vitest-environment node
import { describe, expect, it } from "vitest";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";

import { caretAwareness } from "@/lib/notes/editor/collaborator-carets";

describe("the caret plugin's awareness", () => {
  it("keeps this device's caret to itself while nobody else has the note open", () => {
    const awareness = new Awareness(new Y.Doc());
    const carets = caretAwareness(awareness);
    const changes: unknown[] = [];
    carets.awareness.on("change", (change: unknown) => changes.push(change));

    // Alone: the caret is not written, so nothing changes and nothing is redrawn or sent.
    carets.awareness.setLocalStateField("cursor", { anchor: 1, head: 1 });
    expect(awareness.getLocalState()?.cursor).toBeUndefined();
    expect(changes).toHaveLength(0);
    // Who this device is still goes through.
    carets.awareness.setLocalStateField("user", { id: "u", name: "Ana" });
    expect(awareness.getLocalState()?.user).toEqual({ id: "u", name: "Ana" });
    expect(changes).toHaveLength(1);

    // Someone arrives: the caret is written again.
    carets.setAlone(false);
    carets.awareness.setLocalStateField("cursor", { anchor: 2, head: 2 });
    expect(awareness.getLocalState()?.cursor).toEqual({ anchor: 2, head: 2 });
    expect(changes).toHaveLength(2);
    // The rest of the awareness is the real one's.
    expect(carets.awareness.clientID).toBe(awareness.clientID);
    expect(carets.awareness.getStates()).toBe(awareness.getStates());
    awareness.destroy();
  });
});
