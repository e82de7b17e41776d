"use client";

import { usePathname } from "next/navigation";

import { isAppFramePath } from "@/lib/auth/routes";

/**
 * The page's chrome, by its path: a signed-in person's app pages get the app's own bar, every other
 * page the marketing header and footer. Only the one shown is sent as markup and hydrated, and a
 * soft navigation between the site and the app swaps them as the page changes.
 */
export function RouteChrome({
  signedIn,
  appBar,
  header,
  footer,
  children,
}: {
  signedIn: boolean;
  appBar: React.ReactNode;
  header: React.ReactNode;
  footer: React.ReactNode;
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const app = signedIn && isAppFramePath(pathname);
  return (
    <>
      {app ? appBar : header}
      {children}
      {app ? null : footer}
    </>
  );
}
