import { randomBytes } from "node:crypto";

import type { NextConfig } from "next";

import { keptPageRewrites } from "./lib/security/kept-pages";

// The kept home page's nonce (lib/security/kept-page.ts): drawn once per build and written into the
// built code; the build's workers inherit it through the environment, so all agree on one value.
process.env.GROUNDWORK_KEPT_PAGE_NONCE ??= randomBytes(16).toString("base64");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The header names the framework to anyone who asks; there is no reason to advertise it.
  poweredByHeader: false,
  // One copy of Yjs on the server: bundled into each server chunk that uses it, the copies fail
  // each other's constructor checks ("Yjs was already imported"), and a document made by one
  // copy is not a document to the other's functions.
  serverExternalPackages: ["yjs"],
  turbopack: {
    // No Node Buffer in the browser's code (lib/browser/no-buffer.ts says why).
    resolveAlias: {
      "next/dist/compiled/buffer": { browser: "./lib/browser/no-buffer.ts" },
    },
  },
  env: { GROUNDWORK_KEPT_PAGE_NONCE: process.env.GROUNDWORK_KEPT_PAGE_NONCE },
  // The proxy marks a request that may have a kept page; these serve it, inside the server.
  async rewrites() {
    return { beforeFiles: keptPageRewrites(), afterFiles: [], fallback: [] };
  },
};

export default nextConfig;
