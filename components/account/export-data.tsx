"use client";

import { useState } from "react";
import { Download, Loader2 } from "lucide-react";
import { toast } from "sonner";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/format-bytes";
import { filenameFrom, readWithProgress } from "@/lib/account/export-download";

type Progress = { received: number; total: number | null } | null;

/** Downloads everything the person owns as one archive, made by the `export-data` function. */
export function ExportData() {
  const config = useSupabaseConfig();
  const { url, publishableKey } = config;
  const [progress, setProgress] = useState<Progress>(null);
  const busy = progress !== null;

  async function exportData() {
    setProgress({ received: 0, total: null });
    try {
      // The client library loads when an export starts, not with the page.
      const supabase = await loadSupabase(config);
      const { data } = await supabase.auth.getSession();
      if (!data.session) throw new Error("Your session has ended. Sign in again.");
      // Streamed rather than through functions.invoke, so the bytes can be counted as they come.
      const response = await fetch(`${url}/functions/v1/export-data`, {
        method: "POST",
        headers: { authorization: `Bearer ${data.session.access_token}`, apikey: publishableKey },
      });
      if (!response.ok) throw new Error(`The export failed (${response.status}). Try again.`);
      const blob = await readWithProgress(response, (received, total) =>
        setProgress({ received, total }),
      );
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = filenameFrom(
        response.headers.get("content-disposition"),
        "groundwork-export.zip",
      );
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      toast.success("Your data is downloaded.");
    } catch (err) {
      toast.error(
        err instanceof TypeError
          ? "The export could not reach the server. Check your connection and try again."
          : (err as Error).message,
      );
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        One ZIP archive: your profile, every note as a Markdown file, and their attachments.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={exportData} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          {busy ? "Preparing…" : "Export my data"}
        </Button>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {progress && progress.received > 0
            ? progress.total
              ? `${formatBytes(progress.received)} of ${formatBytes(progress.total)}`
              : `${formatBytes(progress.received)} received`
            : ""}
        </p>
      </div>
      {progress?.total ? (
        <progress
          className="h-2 w-full max-w-sm"
          value={progress.received}
          max={progress.total}
          aria-label="Export progress"
        />
      ) : null}
    </div>
  );
}
