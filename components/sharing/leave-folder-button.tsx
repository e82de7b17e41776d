"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { leave } from "@/lib/sharing/actions";

/** Leaves a folder shared with the person: its notes leave Shared with me with it. */
export function LeaveFolderButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = () =>
    startTransition(async () => {
      const result = await leave("folder", id);
      if (result.error) toast.error(result.error);
      else {
        toast(`You left “${name}”.`);
        router.refresh();
      }
    });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      onClick={go}
      aria-label={`Leave ${name}`}
    >
      Leave
    </Button>
  );
}
