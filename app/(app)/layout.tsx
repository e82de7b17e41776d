/**
 * Signed-in pages are an app, not a site: the compact app bar (the root layout's `RouteChrome`
 * picks it for these paths) instead of the marketing header and footer, and the rest of the
 * screen's height.
 */
export default function AppLayout({ children }: { children: React.ReactNode }) {
  return (
    <div data-app-frame className="flex h-[calc(100dvh-2.75rem)] flex-col">
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{children}</div>
    </div>
  );
}
