import { features } from "@/components/marketing/features";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export function FeatureGrid({ headingLevel = "h3" }: { headingLevel?: "h2" | "h3" }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {features.map(({ title, body, Icon }) => (
        <li key={title}>
          <Card className="h-full gap-3">
            <CardHeader className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <CardTitle as={headingLevel}>{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm leading-6 text-muted-foreground">{body}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
