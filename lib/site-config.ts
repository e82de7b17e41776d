/** Navigation as data: the desktop menu, the mobile menu and the footer all read from here. */
export type NavLink = {
  title: string;
  href: string;
  description?: string;
};

export type NavGroup = {
  title: string;
  items: NavLink[];
};

export type NavItem = NavLink | NavGroup;

export function isNavGroup(item: NavItem): item is NavGroup {
  return "items" in item;
}

export type SiteConfig = {
  name: string;
  description: string;
  mainNav: NavItem[];
};

export const siteConfig: SiteConfig = {
  name: "Groundwork",
  description:
    "Notes that sync live across your devices, with attachments and public share links. Built on Supabase.",
  mainNav: [
    { title: "Features", href: "/features" },
    {
      title: "Docs",
      items: [
        {
          title: "Getting started",
          href: "/docs/getting-started",
          description: "Create an account, write your first note and open it on another device.",
        },
        {
          title: "Sharing notes",
          href: "/docs/sharing",
          description: "Publish a note through a public link and take it back at any time.",
        },
        {
          title: "Attachments",
          href: "/docs/attachments",
          description: "Add images and files to a note; they stay private unless you share.",
        },
      ],
    },
    { title: "About", href: "/about" },
  ],
};

/** Links that only a signed-in person has somewhere to go with. */
export const signedInNav: NavLink[] = [{ title: "Notes", href: "/notes" }];

/** The main navigation as this visitor sees it: their notes first once signed in. */
export function mainNavFor(signedIn: boolean): NavItem[] {
  return signedIn ? [...signedInNav, ...siteConfig.mainNav] : siteConfig.mainNav;
}
