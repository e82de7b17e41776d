import Link from "next/link";

import { siteConfig } from "@/lib/site-config";

/**
 * The mark alone: four stacked bars, in the primary colour. Drawn by the stylesheet (`.i-logo`,
 * components/ui/icons.css), so a page does not carry its shapes.
 */
export function LogoMark({ className }: { className: string }) {
  return <svg aria-hidden="true" className={`icon i-logo ${className}`} />;
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
