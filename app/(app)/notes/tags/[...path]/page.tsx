import type { Metadata } from "next";

import { TagView } from "@/components/tags/tag-view";
import { requireUser } from "@/lib/auth/require-user";
import { normalizeTag } from "@/lib/tags/parse";
import { notesWithTag, tagCounts } from "@/lib/tags/queries";

type Props = { params: Promise<{ path: string[] }> };

function tagOf(path: string[]): string | null {
  try {
    return normalizeTag(path.map((part) => decodeURIComponent(part)).join("/"));
  } catch {
    return null;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const tag = tagOf((await params).path);
  return { title: tag ? `#${tag}` : "Tag not found" };
}

export default async function TagPage({ params }: Props) {
  const { path } = await params;
  const tag = tagOf(path);
  const claims = await requireUser(`/notes/tags/${path.join("/")}`);
  if (!tag) return <TagView tag={null} notes={[]} subTags={[]} />;
  const [notes, counts] = await Promise.all([notesWithTag(tag), tagCounts()]);
  const subTags = counts.filter((row) => row.tag.startsWith(`${tag}/`));
  return <TagView tag={tag} notes={notes} subTags={subTags} userId={claims.sub} />;
}
