/**
 * Draws the installed app's icons from the one mark in app/icon.svg: the sizes browsers and
 * stores ask for, a maskable one (the mark inside the central safe zone, on the brand colour to the
 * edges) and Apple's touch icon. Run it after changing the mark: `npx tsx scripts/app-icons.ts`.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const BRAND = "#1f5c3a";

async function main() {
  const mark = await readFile(path.join(root, "app/icon.svg"));
  const out = (name: string) => path.join(root, "public/icons", name);

  for (const size of [192, 512]) {
    await sharp(mark, { density: 1200 })
      .resize(size, size)
      .png()
      .toFile(out(`icon-${size}.png`));
  }
  // Apple draws its own rounded corners and shows no transparency: the mark on the brand colour.
  await flat(mark, 180, 0.9).then((png) => png.toFile(out("apple-touch-icon.png")));
  // Maskable: launchers crop to a circle or squircle from the central 80%; the mark keeps to it.
  await flat(mark, 512, 0.7).then((png) => png.toFile(out("maskable-512.png")));
}

async function flat(mark: Buffer, size: number, share: number) {
  const inner = Math.round(size * share);
  const drawn = await sharp(mark, { density: 1200 }).resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: drawn, gravity: "centre" }])
    .png();
}

await main();
