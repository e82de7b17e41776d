import Link from "next/link";

import { siteConfig } from "@/lib/site-config";

/** The mark alone: four stacked bars, in the primary colour. */
export function LogoMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <rect x="2" y="14" width="20" height="4" rx="1.5" fill="currentColor" />
      <rect x="5" y="8" width="14" height="4" rx="1.5" fill="currentColor" opacity="0.7" />
      <rect x="8" y="2" width="8" height="4" rx="1.5" fill="currentColor" opacity="0.45" />
      <rect x="2" y="20" width="20" height="2" rx="1" fill="currentColor" opacity="0.3" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <LogoMark className="size-6 text-primary" />
      <span>{siteConfig.name}</span>
    </Link>
  );
}
