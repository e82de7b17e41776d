import { Extension } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { ReplaceAroundStep } from "@tiptap/pm/transform";

export { checkedItemsDown } from "@/lib/notes/checklist-preference";

/** Positions of checklist items this transaction ticked (their checkbox, not their text). */
function tickedItems(tr: Transaction): number[] {
  const ticked: number[] = [];
  tr.steps.forEach((step, i) => {
    // A checkbox click changes the item's attributes: one step wrapping the item's content.
    if (!(step instanceof ReplaceAroundStep)) return;
    const pos = tr.mapping.slice(i + 1).map(step.from);
    const node = tr.doc.nodeAt(pos);
    const before = tr.docs[i].nodeAt(step.from);
    if (node?.type.name === "taskItem" && node.attrs.checked && before?.attrs.checked === false)
      ticked.push(pos);
  });
  return ticked;
}

/**
 * With the device's preference on, an item ticked off moves below the items still to do, to the
 * top of the done ones, as the person's own edit (it syncs and undoes like one).
 */
export const ChecklistOrder = Extension.create<{ enabled: () => boolean }>({
  name: "checklistOrder",
  addOptions() {
    return { enabled: () => false };
  },
  addProseMirrorPlugins() {
    const { enabled } = this.options;
    return [
      new Plugin({
        key: new PluginKey("checklistOrder"),
        appendTransaction(transactions, _old, state) {
          const local = transactions.filter((tr) => tr.docChanged && !tr.getMeta("y-sync$"));
          if (local.length !== 1 || !enabled()) return null;
          const ticked = tickedItems(local[0]);
          if (ticked.length !== 1) return null;
          const pos = ticked[0];
          const $pos = state.doc.resolve(pos);
          const list = $pos.parent;
          if (list.type.name !== "taskList") return null;
          const index = $pos.index();
          const item = list.child(index);
          let lastToDo = -1;
          list.forEach((child: ProseMirrorNode, _offset, i) => {
            if (i !== index && !child.attrs.checked) lastToDo = i;
          });
          if (lastToDo < index) return null;
          // After the last item still to do, in the list as it stands once the item is taken out.
          let target = $pos.start();
          for (let i = 0; i <= lastToDo; i++) target += list.child(i).nodeSize;
          const tr = state.tr.insert(target, item).delete(pos, pos + item.nodeSize);
          return tr;
        },
      }),
    ];
  },
});
