/**
 * Every source the palette lists, registered by importing it. A feature adds its own source
 * with one line here, e.g. `import "@/lib/folders/palette";`.
 */
import "@/lib/palette/commands";
import "@/lib/folders/palette";
import "@/lib/tags/palette";
import "@/lib/history/palette";

export { paletteSources, paletteHooks } from "@/lib/palette/registry";
