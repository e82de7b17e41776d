import path from "node:path";

import { expect, test } from "./support/test";

import { admin, createUser, signInWithPassword, userMenuButton } from "./support/auth";

const FACE = path.join(import.meta.dirname, "fixtures", "face.png");

test("username is checked as you type, and the name shows in the header's first HTML", async ({
  page,
}) => {
  const taken = await createUser();
  const takenName = `taken_${Date.now().toString(36)}`;
  await admin().from("profiles").update({ username: takenName }).eq("id", taken.id);

  const user = await createUser();
  await signInWithPassword(page, user.email, undefined, "/account/profile");
  await expect(page).toHaveURL(/\/account\/profile$/);

  const username = page.getByLabel("Username");
  await username.fill("ab");
  await expect(page.getByText("Use at least 3 characters.")).toBeVisible();
  await username.fill(takenName.toUpperCase());
  await expect(username).toHaveValue(takenName);
  await expect(page.getByText("Taken or reserved. Try another.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save profile" })).toBeDisabled();

  const mine = `mine_${Date.now().toString(36)}`;
  await username.fill(mine);
  await expect(page.getByText("Available")).toBeVisible();
  await page.getByLabel("Display name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await expect(userMenuButton(page, user.email)).toHaveAccessibleName(
    `AL: Account menu for ${user.email}, Ada Lovelace`,
  );

  const html = await (await page.request.get("/")).text();
  expect(html).toContain(`Account menu for ${user.email}, Ada Lovelace`);
  const { data } = await admin()
    .from("profiles")
    .select("username, display_name")
    .eq("id", user.id)
    .single();
  expect(data).toEqual({ username: mine, display_name: "Ada Lovelace" });
});

test("an avatar is picked, cropped, shown everywhere from the first HTML, and removed", async ({
  page,
}) => {
  const user = await createUser();
  await signInWithPassword(page, user.email, undefined, "/account/profile");
  await expect(page).toHaveURL(/\/account\/profile$/);

  await page.getByLabel("Picture file").setInputFiles(FACE);
  const dialog = page.getByRole("dialog", { name: "Crop your picture" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByText("Your new picture is saved.")).toBeVisible();

  const headerImage = page.getByRole("banner").getByTestId("avatar-image");
  await expect(headerImage).toHaveAttribute(
    "src",
    new RegExp(
      `/storage/v1/render/image/public/avatars/${user.id}/[0-9a-f-]+\\.webp\\?width=64&height=64`,
    ),
  );
  await expect
    .poll(() => headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(64);

  const html = await (await page.request.get("/")).text();
  expect(html).toContain(`/storage/v1/render/image/public/avatars/${user.id}/`);
  const listed = await admin().storage.from("avatars").list(user.id);
  expect(listed.data).toHaveLength(1);

  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("Your picture is removed.")).toBeVisible();
  await expect(headerImage).toHaveCount(0);
  const after = await admin().storage.from("avatars").list(user.id);
  expect(after.data).toEqual([]);
});
