import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";

/** The frame every auth page shares: a heading, the form, and links onward. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          {/* The page's own heading, so not CardTitle (which stops at h2). */}
          <h1 className="text-xl leading-none font-semibold">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <CardFooter className="flex flex-col items-start gap-2 text-sm">{footer}</CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
