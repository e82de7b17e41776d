import { AppBar } from "@/components/layout/app-bar";

/**
 * Signed-in pages are an app, not a site: a compact app bar instead of the marketing header and
 * footer (globals.css hides those wherever this frame is), and the screen's full height.
 */
export default function AppLayout({ children }: { children: React.ReactNode }) {
  return (
    <div data-app-frame className="flex h-dvh flex-col">
      <AppBar />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{children}</div>
    </div>
  );
}
