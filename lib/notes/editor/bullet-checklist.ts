import { Extension, InputRule } from "@tiptap/core";

/**
 * `- [ ] ` and `* [ ] ` (or `[x]`) typed at the start of a line make a checklist item, as in Bear
 * and Notion: the `- ` has already made a bullet by the time `[ ] ` is typed, so the bullet's
 * line leaves its list and becomes a checklist item (ticked for `[x]`). Bullets around it stay.
 */
export const BulletChecklist = Extension.create({
  name: "bulletChecklist",
  // Before the checklist's own rule, which would leave the bullet as it is.
  priority: 1000,
  addInputRules() {
    return [
      new InputRule({
        find: /^\[([ xX])?\]\s$/,
        handler: ({ state, range, match, chain }) => {
          const $from = state.doc.resolve(range.from);
          const item = $from.depth >= 2 ? $from.node(-1) : null;
          const list = $from.depth >= 2 ? $from.node(-2) : null;
          // Only the first line of a bullet, not a later paragraph of it.
          if (item?.type.name !== "listItem" || list?.type.name !== "bulletList") return null;
          if ($from.index(-1) !== 0) return null;
          const checked = (match[1] ?? " ").toLowerCase() === "x";
          chain()
            .deleteRange(range)
            .toggleTaskList()
            .updateAttributes("taskItem", { checked })
            .run();
        },
      }),
    ];
  },
});
