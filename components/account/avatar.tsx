import { cn } from "@/lib/utils";

export function initialsOf(name: string): string {
  const parts = name
    .replace(/^@/, "")
    .split(/[\s._\-+]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? parts[0]![0]! + parts[1]![0]! : (parts[0] ?? "").slice(0, 2);
  return letters.toUpperCase() || "?";
}

/** The person's picture, or their initials on a coloured disc; decorative (the name is said nearby). */
export function Avatar({
  name,
  src,
  size,
  className,
}: {
  name: string;
  src: string | null;
  size: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  if (src) {
    return (
      // A Storage rendition already at the right size; next/image would only resize it again.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        className={cn("rounded-full object-cover", className)}
        data-testid="avatar-image"
      />
    );
  }
  return (
    <span
      aria-hidden
      style={style}
      className={cn(
        "flex items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground",
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
