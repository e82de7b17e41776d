import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { SharePeople } from "@/components/notes/share-people";
import { SupabaseProvider } from "@/components/supabase/supabase-config";
import type { People } from "@/lib/sharing/actions";
import { ROLE_OPTIONS } from "@/lib/sharing/roles";

const router = { push: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router }));
vi.mock("sonner", () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const actions = vi.hoisted(() => ({
  sharingPeople: vi.fn(),
  inviteTo: vi.fn(),
  changeRole: vi.fn(),
  removeMember: vi.fn(),
  withdrawInvitation: vi.fn(),
  leave: vi.fn(),
}));
vi.mock("@/lib/sharing/actions", () => actions);

const FOLDER = "10000000-0000-4000-8000-000000000001";
const ANA = "00000000-0000-4000-8000-000000000001";
const BEN = "00000000-0000-4000-8000-000000000002";
const DEE = "00000000-0000-4000-8000-000000000003";

const people: People = {
  mine: true,
  people: [
    {
      userId: ANA,
      role: "owner",
      name: "Ana Lima",
      email: "ana@example.com",
      avatarPath: null,
      through: null,
    },
    {
      userId: BEN,
      role: "editor",
      name: "Ben Ode",
      email: "ben@example.com",
      avatarPath: `${BEN}/face.png`,
      through: null,
    },
  ],
  invitations: [
    { id: "20000000-0000-4000-8000-000000000001", email: "cy@example.com", role: "viewer" },
  ],
};

function show(owner = true) {
  return render(
    <SupabaseProvider config={{ url: "https://db.example.com", publishableKey: "k" }}>
      <SharePeople target="folder" id={FOLDER} owner={owner} />
    </SupabaseProvider>,
  );
}

describe("the Share dialog's people, for a folder", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    actions.sharingPeople.mockResolvedValue(people);
    for (const name of ["inviteTo", "changeRole", "removeMember", "withdrawInvitation", "leave"])
      actions[name as keyof typeof actions].mockResolvedValue({});
  });
  afterEach(cleanup);

  it("lists someone who has it through a folder above read-only, saying which folder", async () => {
    actions.sharingPeople.mockResolvedValue({
      ...people,
      people: [
        ...people.people!,
        {
          userId: DEE,
          role: "commenter",
          name: "Dee Park",
          email: "dee@example.com",
          avatarPath: null,
          through: "Garden",
        },
      ],
    });
    show();
    const list = await screen.findByRole("list", { name: "People with access" });
    const dee = within(list).getAllByRole("listitem")[2]!;
    expect(dee.textContent).toContain("Through Garden");
    expect(dee.textContent).toContain("Can comment");
    expect(within(dee).queryByRole("combobox")).toBeNull();
    expect(within(dee).queryByRole("button")).toBeNull();
    // The direct share beside it keeps its controls.
    expect(screen.getByLabelText("Role of Ben Ode")).toBeTruthy();
  });

  it("shows each person's face, or their initials without one", async () => {
    show();
    const list = await screen.findByRole("list", { name: "People with access" });
    const [ana, ben] = within(list).getAllByRole("listitem");
    expect(actions.sharingPeople).toHaveBeenCalledWith("folder", FOLDER);
    expect(ana!.textContent).toContain("AL");
    expect(ana!.querySelector("img")).toBeNull();
    expect(ben!.querySelector("img")!.getAttribute("src")).toMatch(
      /^https:\/\/db\.example\.com\/storage\/v1\/render\/image\/public\/avatars\/00000000-0000-4000-8000-000000000002\/face\.png\?/,
    );
    expect(ana!.textContent).toContain("Owner");
  });

  it("offers every role of the one list, and asks for the folder when a role changes", async () => {
    show();
    const picker = await screen.findByLabelText("Role of Ben Ode");
    const offered = within(picker as HTMLSelectElement)
      .getAllByRole("option")
      .map((o) => [o.getAttribute("value"), o.textContent]);
    expect(offered).toEqual(ROLE_OPTIONS.map((o) => [o.value, o.label]));
    await userEvent.selectOptions(picker, "viewer");
    expect(actions.changeRole).toHaveBeenCalledWith("folder", FOLDER, BEN, "viewer");
  });

  it("invites to the folder, withdraws its invitations and removes its people", async () => {
    show();
    await userEvent.type(await screen.findByLabelText("Invite by email"), "dee@example.com");
    await userEvent.selectOptions(screen.getByLabelText("Role", { exact: true }), "viewer");
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(actions.inviteTo).toHaveBeenCalledWith("folder", FOLDER, "dee@example.com", "viewer");
    await userEvent.click(
      screen.getByRole("button", { name: "Withdraw the invitation to cy@example.com" }),
    );
    expect(actions.withdrawInvitation).toHaveBeenCalledWith(
      "folder",
      FOLDER,
      "20000000-0000-4000-8000-000000000001",
    );
    await userEvent.click(screen.getByRole("button", { name: "Remove Ben Ode" }));
    expect(actions.removeMember).toHaveBeenCalledWith("folder", FOLDER, BEN);
  });

  it("lets a member leave the folder, with no invitation form", async () => {
    actions.sharingPeople.mockResolvedValue({
      ...people,
      mine: false,
      member: true,
      invitations: [],
    });
    show(false);
    await screen.findByRole("list", { name: "People with access" });
    expect(screen.queryByLabelText("Invite by email")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Leave this folder" }));
    expect(actions.leave).toHaveBeenCalledWith("folder", FOLDER);
    expect(router.push).toHaveBeenCalledWith("/notes/shared");
  });

  it("tells someone who has a note through a folder to leave the folder instead", async () => {
    actions.sharingPeople.mockResolvedValue({ ...people, mine: false, member: false });
    render(
      <SupabaseProvider config={{ url: "https://db.example.com", publishableKey: "k" }}>
        <SharePeople id={FOLDER} owner={false} />
      </SupabaseProvider>,
    );
    await screen.findByText(/You have this note through a shared folder/);
    expect(screen.queryByRole("button", { name: "Leave this note" })).toBeNull();
    expect(screen.getByRole("link", { name: "Shared with me" }).getAttribute("href")).toBe(
      "/notes/shared",
    );
  });
});
