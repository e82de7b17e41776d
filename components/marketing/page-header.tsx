export function PageHeader({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="flex flex-col gap-3 pb-8">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {lead && <p className="max-w-2xl text-lg text-pretty text-muted-foreground">{lead}</p>}
    </div>
  );
}

/** Readable long-form text for docs and about pages, without a typography plugin. */
export function Prose({ children }: { children: React.ReactNode }) {
  return (
    <div className="max-w-2xl space-y-4 leading-7 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm [&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2">
      {children}
    </div>
  );
}
