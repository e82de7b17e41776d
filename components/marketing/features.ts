import { CloudIcon, DatabaseIcon, LinkIcon, PaperclipIcon, type LucideIcon } from "lucide-react";

export type Feature = { title: string; body: string; Icon: LucideIcon };

/** The four promises of Groundwork, shared by the landing page and /features. */
export const features: Feature[] = [
  {
    title: "Live sync",
    body: "Type on your laptop, watch it appear on your phone. Every open device gets each change as it happens, and concurrent edits never overwrite each other.",
    Icon: CloudIcon,
  },
  {
    title: "Attachments",
    body: "Drop images, PDFs and other files onto a note. They are stored privately with the note and only you can open them.",
    Icon: PaperclipIcon,
  },
  {
    title: "Public share links",
    body: "Publish a single note through a link anyone can read, without an account. Switch it off and the link stops working at once.",
    Icon: LinkIcon,
  },
  {
    title: "Built on Supabase",
    body: "Postgres with row-level security guards every note, so nothing is visible that should not be. Run it on a hosted project or entirely on your own machine.",
    Icon: DatabaseIcon,
  },
];
