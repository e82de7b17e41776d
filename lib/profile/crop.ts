/** The area of the source image to keep, in its own pixels (as the cropper reports it). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Avatars are stored as one square WebP at this size; smaller renditions come from Storage. */
export const AVATAR_SIZE = 512;
/** Pictures larger than this are refused before they are decoded. */
export const AVATAR_SOURCE_LIMIT = 20 * 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

/** Why a picked file cannot become an avatar, in plain words; null when it can. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return "Choose a JPEG, PNG, WebP or GIF picture.";
  if (file.size > AVATAR_SOURCE_LIMIT) return "Choose a picture smaller than 20 MB.";
  return null;
}

/** A fresh object name inside the person's folder, so caches never serve an old face. */
export function newAvatarPath(userId: string, random: string): string {
  return `${userId}/${random}.webp`;
}

/** Draws the chosen square of `image` onto a canvas and encodes it as WebP. */
export async function cropToBlob(image: HTMLImageElement, area: CropArea): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot crop pictures.");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be encoded."))),
      "image/webp",
      0.9,
    ),
  );
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("That file is not a picture this browser can open."));
    image.src = src;
  });
}
