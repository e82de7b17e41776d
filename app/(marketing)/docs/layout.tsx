import { DocsNav } from "@/components/docs/docs-nav";
import { isNavGroup, siteConfig } from "@/lib/site-config";

const docsLinks = siteConfig.mainNav.find((item) => isNavGroup(item) && item.title === "Docs");

export default function DocsLayout({ children }: { children: React.ReactNode }) {
  const links = docsLinks && isNavGroup(docsLinks) ? docsLinks.items : [];
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 md:grid-cols-[12rem_1fr]">
      <aside className="min-w-0 md:sticky md:top-20 md:self-start">
        <DocsNav links={links} />
      </aside>
      <article className="min-w-0">{children}</article>
    </div>
  );
}
