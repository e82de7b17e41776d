import { NoteSkeleton } from "@/components/notes/note-skeleton";

export default function Loading() {
  return <NoteSkeleton />;
}
