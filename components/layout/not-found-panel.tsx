import type { LucideIcon } from "lucide-react";

/** The designed 404: an icon, the code, what is missing, why, and where to go instead. */
export function NotFoundPanel({
  icon: Icon,
  title,
  reason,
  children,
}: {
  icon: LucideIcon;
  title: string;
  reason: string;
  /** The ways on, as buttons. */
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <p className="font-mono text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="text-pretty text-muted-foreground">{reason}</p>
      <div className="flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
