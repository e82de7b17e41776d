import {
  FileArchiveIcon,
  FileIcon,
  FileImageIcon,
  FileMusicIcon,
  FileSpreadsheetIcon,
  FileTextIcon,
  FileVideoIcon,
} from "lucide-react";

/** The icon a file's type is known by; decorative, since the name beside it says the rest. */
export function FileTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = type.startsWith("image/")
    ? FileImageIcon
    : type.startsWith("audio/")
      ? FileMusicIcon
      : type.startsWith("video/")
        ? FileVideoIcon
        : type === "application/zip"
          ? FileArchiveIcon
          : /csv|spreadsheet/.test(type)
            ? FileSpreadsheetIcon
            : /pdf|text|json|word|presentation/.test(type)
              ? FileTextIcon
              : FileIcon;
  return <Icon aria-hidden="true" className={className} />;
}
