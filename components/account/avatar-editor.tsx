"use client";

import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import dynamic from "next/dynamic";
import { ImagePlus, Loader2, Trash2 } from "lucide-react";
import { toast } from "sonner";
import type { CropperProps } from "react-easy-crop";

import { Avatar } from "@/components/account/avatar";
import { useProfileFlow } from "@/components/account/use-profile-save";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { removeAvatar, replaceAvatar } from "@/lib/profile/avatar";
import { avatarFileProblem, cropToBlob, loadImage, type CropArea } from "@/lib/profile/crop";

// The cropper loads when someone picks a picture, not with the page.
// Its types mark the props it has defaults for as required; these are the ones set here.
type CropperUse = Pick<
  CropperProps,
  | "image"
  | "crop"
  | "zoom"
  | "aspect"
  | "cropShape"
  | "onCropChange"
  | "onZoomChange"
  | "onCropComplete"
>;
const Cropper = dynamic<CropperUse>(
  () =>
    import("react-easy-crop").then((m) => m.default as unknown as React.ComponentType<CropperUse>),
  {
    ssr: false,
    loading: () => (
      <Loader2
        aria-label="Loading the cropper"
        className="absolute inset-0 m-auto size-6 animate-spin"
      />
    ),
  },
);

/** Pick or drop a picture, crop it to a square, and it becomes the avatar everywhere. */
export function AvatarEditor({
  userId,
  name,
  avatarSrc,
  avatarPath,
}: {
  userId: string;
  name: string;
  avatarSrc: string | null;
  avatarPath: string | null;
}) {
  const run = useProfileFlow();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [dragging, setDragging] = useState(false);
  const [pending, startTransition] = useTransition();

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const pick = useCallback((file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) return void toast.error(problem);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSource(URL.createObjectURL(file));
  }, []);

  function upload() {
    if (!source || !area) return;
    startTransition(async () => {
      try {
        const picture = await cropToBlob(await loadImage(source), area);
        const failed = await run((supabase) =>
          replaceAvatar(supabase, userId, picture, avatarPath),
        );
        if (failed) throw new Error(failed);
        setSource(null);
        toast.success("Your new picture is saved.");
      } catch (err) {
        toast.error(`The picture could not be saved: ${(err as Error).message}`);
      }
    });
  }

  function remove() {
    startTransition(async () => {
      const failed = await run((supabase) => removeAvatar(supabase, userId, avatarPath));
      if (failed) return void toast.error(failed);
      toast.success("Your picture is removed.");
    });
  }

  return (
    <div
      className={`flex flex-wrap items-center gap-4 rounded-lg border border-dashed p-4 ${dragging ? "border-primary bg-accent" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        pick(e.dataTransfer.files[0]);
      }}
    >
      <Avatar name={name} src={avatarSrc} size={64} />
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          Drop a JPEG, PNG, WebP or GIF here, or choose one. You crop it to a square next.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden />
            Choose a picture
          </Button>
          {avatarPath ? (
            <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={pending}>
              <Trash2 aria-hidden />
              Remove picture
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-label="Picture file"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>
      <Dialog open={!!source} onOpenChange={(open) => !open && !pending && setSource(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Crop your picture</DialogTitle>
            <DialogDescription>Drag to move it, and zoom to frame your face.</DialogDescription>
          </DialogHeader>
          <div className="relative h-72 overflow-hidden rounded-md bg-muted">
            {source ? (
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            ) : null}
          </div>
          <label className="grid gap-1 text-sm">
            Zoom
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
            />
          </label>
          <DialogFooter>
            <Button
              type="button"
              variant="ghost"
              onClick={() => setSource(null)}
              disabled={pending}
            >
              Cancel
            </Button>
            <Button type="button" onClick={upload} disabled={pending || !area}>
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {pending ? "Saving…" : "Save picture"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
