import { readFileSync } from "node:fs";
import path from "node:path";

/** Every route of the build under test (pages and route handlers) as a URL path. */
export function appRoutes(): string[] {
  const file = path.join(process.cwd(), ".next", "server", "app-paths-manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return Object.keys(manifest)
    .filter((route) => !route.startsWith("/_"))
    .map(
      (route) =>
        route
          .replace(/\/\([^)]+\)/g, "")
          .replace(/\/(page|route)$/, "")
          .replace(/\[\.{0,3}(\w+)\]/g, "x") || "/",
    );
}
