import type { ComponentProps } from "react";

import type { IconName } from "@/components/ui/icon-names";

export type IconProps = ComponentProps<"svg">;

/**
 * lucide's icons as one short element each: the drawing is a mask in components/ui/icons.css, so
 * a page's HTML does not repeat its paths. Still an `<svg>` (a button sizes and spaces its icon by
 * that), hidden from screen readers as lucide's are (the button or link around it names it),
 * unless, as with lucide, it is given a name of its own.
 */
function maskIcon(name: IconName) {
  function Icon({ className, ...props }: IconProps) {
    const named = Boolean(props["aria-label"] || props["aria-labelledby"] || props.role);
    return (
      <svg
        aria-hidden={named ? undefined : "true"}
        {...props}
        className={className ? `icon i-${name} ${className}` : `icon i-${name}`}
      />
    );
  }
  return Icon;
}

export const ArrowLeftIcon = maskIcon("arrow-left");
export const ChevronDownIcon = maskIcon("chevron-down");
export const DownloadIcon = maskIcon("download");
export const FileQuestionIcon = maskIcon("file-question");
export const FolderInputIcon = maskIcon("folder-input");
export const FolderPlusIcon = maskIcon("folder-plus");
export const GlobeIcon = maskIcon("globe");
export const HistoryIcon = maskIcon("history");
export const ListChecksIcon = maskIcon("list-checks");
export const MenuIcon = maskIcon("menu");
export const MonitorIcon = maskIcon("monitor");
export const MoonIcon = maskIcon("moon");
export const NotebookIcon = maskIcon("notebook");
export const PanelLeftCloseIcon = maskIcon("panel-left-close");
export const PanelLeftOpenIcon = maskIcon("panel-left-open");
export const PinIcon = maskIcon("pin");
export const PinOffIcon = maskIcon("pin-off");
export const PlusIcon = maskIcon("plus");
export const SearchIcon = maskIcon("search");
export const SunIcon = maskIcon("sun");
export const Trash2Icon = maskIcon("trash-2");
export const UsersIcon = maskIcon("users");
