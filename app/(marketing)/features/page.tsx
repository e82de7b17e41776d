import type { Metadata } from "next";

import { FeatureGrid } from "@/components/marketing/feature-grid";
import { PageHeader } from "@/components/marketing/page-header";
import { UnderTheHood } from "@/components/marketing/under-the-hood";

export const metadata: Metadata = { title: "Features" };

export default function FeaturesPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader
        title="Features"
        lead="Everything Groundwork does, and nothing that gets in the way of writing."
      />
      <FeatureGrid headingLevel="h2" />
      <UnderTheHood />
    </div>
  );
}
