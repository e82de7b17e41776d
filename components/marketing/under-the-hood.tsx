import { ChevronDownIcon } from "@/components/ui/icons";

import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";

const layers = [
  ["Postgres", "Notes, profiles and sharing live in tables guarded by row-level security."],
  ["Realtime", "Changes are broadcast over a websocket to every device you have open."],
  ["Storage", "Attachments and avatars sit in buckets with their own access policies."],
  ["Auth", "Email sign-in with optional two-factor; your session is known on the first paint."],
] as const;

/** For the curious: details most visitors skip, so they start folded away. */
export function UnderTheHood() {
  return (
    <Collapsible className="rounded-xl border bg-card text-card-foreground">
      <CollapsibleTrigger className="group flex w-full items-center justify-between gap-4 rounded-xl px-6 py-4 text-left font-medium outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50">
        How Groundwork works under the hood
        <ChevronDownIcon
          aria-hidden="true"
          className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
        />
      </CollapsibleTrigger>
      <CollapsibleContent className="overflow-hidden data-[state=closed]:animate-collapsible-up data-[state=open]:animate-collapsible-down">
        <dl className="grid gap-4 border-t px-6 py-5 sm:grid-cols-2">
          {layers.map(([term, detail]) => (
            <div key={term}>
              <dt className="font-medium">{term}</dt>
              <dd className="text-sm leading-6 text-muted-foreground">{detail}</dd>
            </div>
          ))}
        </dl>
      </CollapsibleContent>
    </Collapsible>
  );
}
