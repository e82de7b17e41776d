/**
 * `npx tsx scripts/gen-icon-css.ts`: writes components/ui/icons.css, the sprite of every icon of
 * components/ui/icons.tsx, from lucide's own drawing of it, and each icon's place in it (run again
 * after adding an icon or updating lucide-react; tests/unit/icons.test.tsx says when they differ).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

import { ICON_FILES, LOGO_NODE } from "../components/ui/icon-names";
import {
  spritePosition,
  spriteSize,
  spriteSvg,
  svgDataUrl,
  type IconNode,
} from "../lib/icons/mask";

async function main() {
  const icons: [string, IconNode][] = [];
  for (const [name, file] of Object.entries(ICON_FILES)) {
    const mod = (await import(`lucide-react/dist/esm/icons/${file}.mjs`)) as {
      __iconData: { node: IconNode };
    };
    icons.push([name, mod.__iconData.node]);
  }
  icons.push(["logo", LOGO_NODE]);
  const places = icons.map(([name], i) => `    --i-${name}: ${spritePosition(i, icons.length)};`);
  const classes = icons.map(
    ([name]) => `  .i-${name} {\n    mask-position: var(--i-${name});\n  }`,
  );
  const css = `/*
 * The app's icons (components/ui/icons.tsx): lucide's drawings side by side in one SVG, of which
 * each icon's box shows its own cell as a mask painted in the text colour (lib/icons/mask.ts). A
 * page's HTML carries \`<svg class="icon i-…">\` per icon, not its paths, and the browser makes one
 * SVG image for them all. Other stylesheets draw an icon from it too: --icon-sprite and
 * --icon-sprite-size, and --i-<name> for the icon's place.
 * Written by scripts/gen-icon-css.ts; do not edit by hand.
 */
@layer components {
  :root {
    --icon-sprite: ${svgDataUrl(spriteSvg(icons.map(([, node]) => node)))};
    --icon-sprite-size: ${spriteSize(icons.length)};
${places.join("\n")}
  }
  .icon {
    width: 24px;
    height: 24px;
    background-color: currentColor;
    mask-image: var(--icon-sprite);
    mask-size: var(--icon-sprite-size);
    mask-repeat: no-repeat;
  }
${classes.join("\n")}
}
`;
  writeFileSync(path.join(import.meta.dirname, "..", "components", "ui", "icons.css"), css);
}

void main();
