import { notFound } from "next/navigation";

import { HomeContent } from "@/components/marketing/home-content";

/**
 * The kept copy of the visitor's home page (lib/security/kept-page.ts). Rendered on its first
 * request, through the proxy, so the framework's scripts carry the build's nonce, then served as
 * is: the request's headers and cookies read as empty here, as they are for a visitor with none.
 */
export const dynamic = "force-static";
export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

export default async function KeptPage({ params }: { params: Promise<{ page: string }> }) {
  if ((await params).page !== "home") notFound();
  return <HomeContent />;
}
