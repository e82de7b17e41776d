import { execFileSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../../../..");

/**
 * Debian's Chromium, as the end-to-end tests drive it. The same script finds or installs it, so a
 * fresh machine gets it here too. `localhost` is pinned to the loopback address the test servers
 * listen on: WebAuthn refuses IP addresses as relying party ids, and localhost is a secure context.
 */
export async function launchChromium(): Promise<Browser> {
  execFileSync("bash", [path.join(root, "scripts/ensure-chromium.sh")], { stdio: "inherit" });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--host-resolver-rules=MAP localhost 127.0.0.1",
    ],
  });
}

export interface PageServer {
  /** The page's origin, on localhost. */
  origin: string;
  close(): Promise<void>;
}

/** Serves an empty page with supabase-js's own browser bundle on 127.0.0.1. */
export async function servePageWithSupabaseJs(): Promise<PageServer> {
  const bundle = path.join(root, "node_modules/@supabase/supabase-js/dist/umd/supabase.js");
  const server: Server = createServer((req, res) => {
    if (req.url === "/supabase.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      createReadStream(bundle).pipe(res);
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end('<!doctype html><title>ceremony</title><script src="/supabase.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
