/**
 * `npx tsx scripts/gen-icon-css.ts`: writes components/ui/icons.css, one `mask-image` per icon of
 * components/ui/icons.tsx, from lucide's own drawing of it (run again after adding an icon or
 * updating lucide-react; tests/unit/icons.test.tsx says when the two differ).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

import { ICON_FILES, LOGO_NODE } from "../components/ui/icon-names";
import { iconMaskUrl, type IconNode } from "../lib/icons/mask";

async function main() {
  const rules: string[] = [];
  for (const [name, file] of Object.entries(ICON_FILES)) {
    const mod = (await import(`lucide-react/dist/esm/icons/${file}.mjs`)) as {
      __iconData: { node: IconNode };
    };
    rules.push(`  .i-${name} {\n    mask-image: ${iconMaskUrl(mod.__iconData.node)};\n  }`);
  }
  rules.push(`  .i-logo {\n    mask-image: ${iconMaskUrl(LOGO_NODE)};\n  }`);
  const css = `/*
 * The app's icons (components/ui/icons.tsx), each lucide's drawing as a mask painted in the text
 * colour: a page's HTML carries \`<svg class="icon i-…">\` per icon, not its paths.
 * Written by scripts/gen-icon-css.ts; do not edit by hand.
 */
@layer components {
  .icon {
    width: 24px;
    height: 24px;
    background-color: currentColor;
    mask: center / contain no-repeat;
  }
${rules.join("\n")}
}
`;
  writeFileSync(path.join(import.meta.dirname, "..", "components", "ui", "icons.css"), css);
}

void main();
