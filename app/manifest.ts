import type { MetadataRoute } from "next";

import { siteConfig } from "@/lib/site-config";

/**
 * The web app manifest (served at /manifest.webmanifest, linked from every page): what a browser
 * needs to offer "Install", and what the installed app opens to. The launcher's shortcuts open
 * /notes with an action the notes page carries out (components/notes/launch-action.tsx).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/notes",
    name: siteConfig.name,
    short_name: siteConfig.name,
    description: siteConfig.description,
    start_url: "/notes",
    scope: "/",
    display: "standalone",
    // The light theme's page colour; the page's own theme-color meta follows dark mode.
    theme_color: "#fbfcf9",
    background_color: "#fbfcf9",
    categories: ["productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      {
        name: "New note",
        url: "/notes?action=new",
        icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
      },
      {
        name: "Search",
        url: "/notes?action=search",
        icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
      },
    ],
  };
}
