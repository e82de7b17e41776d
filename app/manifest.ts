import type { MetadataRoute } from "next";

import { ATTACHMENT_ACCEPT } from "@/lib/attachments/limits";
import { SHARED_FILES_FIELD } from "@/lib/share-target/shared-files";
import { siteConfig } from "@/lib/site-config";

/**
 * The web app manifest (served at /manifest.webmanifest, linked from every page): what a browser
 * needs to offer "Install", and what the installed app opens to. The launcher's shortcuts open
 * /notes with an action the notes page carries out (components/notes/launch-action.tsx). As a
 * share target (W3C Web Share Target level 2; Android and desktop Chromium), it takes text, links
 * and files from other apps' share sheets into a new note (app/share/route.ts, and the service
 * worker for files: sw/share-target.ts).
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
    // POST, as the spec and web.dev advise for a target that changes something (it makes a note):
    // the answer is a 303 to the note, so a reload or Back never makes a second one, and what was
    // shared stays out of the address, history and logs, with no URL length to cut it short.
    // Files need multipart/form-data; they are offered only of the types a note's attachments take.
    share_target: {
      action: "/share",
      method: "POST",
      enctype: "multipart/form-data",
      params: {
        title: "title",
        text: "text",
        url: "url",
        files: [{ name: SHARED_FILES_FIELD, accept: ATTACHMENT_ACCEPT }],
      },
    },
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
