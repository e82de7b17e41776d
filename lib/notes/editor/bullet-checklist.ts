import { Extension, InputRule } from "@tiptap/core";
import { Fragment } from "@tiptap/pm/model";
import { TextSelection } from "@tiptap/pm/state";

/**
 * `- [ ] ` and `* [ ] ` (or `[x]`) typed at the start of a line make a checklist item, as in Bear
 * and Notion: the `- ` has already made a bullet by the time `[ ] ` is typed, so that bullet
 * leaves its list and becomes a checklist item (ticked for `[x]`) in the same place. Only that
 * bullet changes: the bullets before and after it stay bullets, and a nested one stays nested.
 */
export const BulletChecklist = Extension.create({
  name: "bulletChecklist",
  // Before the checklist's own rule, which would leave the bullet as it is.
  priority: 1000,
  addInputRules() {
    return [
      new InputRule({
        find: /^\[([ xX])?\]\s$/,
        handler: ({ state, range, match }) => {
          const { schema, tr } = state;
          const taskList = schema.nodes.taskList;
          const taskItem = schema.nodes.taskItem;
          const $from = state.doc.resolve(range.from);
          if (!taskList || !taskItem || $from.depth < 3) return null;
          const item = $from.node(-1);
          const list = $from.node(-2);
          // Only the first line of a bullet, not a later paragraph of it.
          if (item.type.name !== "listItem" || list.type.name !== "bulletList") return null;
          if ($from.index(-1) !== 0) return null;
          const checked = (match[1] ?? " ").toLowerCase() === "x";

          const at = $from.index(-2);
          const listPos = $from.before(-2);
          // The item's first line without the brackets, then whatever the item held below it.
          const line = $from.parent.copy($from.parent.content.cut(range.to - $from.start()));
          const content = Fragment.from(line).append(item.content.cut(item.child(0).nodeSize));
          const task = taskItem.createChecked({ checked }, content);
          const pieces = [];
          const before: (typeof list)[] = [];
          const after: (typeof list)[] = [];
          list.forEach((child, _offset, index) => {
            if (index < at) before.push(child);
            else if (index > at) after.push(child);
          });
          if (before.length > 0) pieces.push(list.copy(Fragment.from(before)));
          pieces.push(taskList.create(null, task));
          if (after.length > 0) pieces.push(list.copy(Fragment.from(after)));
          tr.replaceWith(listPos, listPos + list.nodeSize, pieces);
          const beforeSize = before.length > 0 ? pieces[0].nodeSize : 0;
          // Into the new checklist, its item, its first line.
          tr.setSelection(TextSelection.create(tr.doc, listPos + beforeSize + 3));
        },
      }),
    ];
  },
});
