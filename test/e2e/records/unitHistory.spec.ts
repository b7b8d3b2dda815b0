import { expect, test } from "../test";
import { restoreRecords, sha256 } from "./backupFile";

const pool = "Fjordview pool 2";
const records = [
  { id: "pool-1", label: pool, minute: 1, parText: "P001\r\n1\r\n" },
  { id: "lake-1", label: "Lakeside 7", minute: 2, parText: "P001\r\n7\r\n" },
  { id: "pool-2", label: pool, minute: 3, parText: "P001\r\n2\r\n" },
  { id: "pool-3", label: pool, minute: 4, parText: "P001\r\n3\r\n" },
];
const shaOf = (id: string) => sha256(new TextEncoder().encode(records.find((record) => record.id === id)!.parText));

test.slow();

test("records are found by site/unit label (kept in the URL), grouped by unit, and a record links to the unit's records before and after it", async ({
  page,
}) => {
  await restoreRecords(page, test.info().outputPath("units.zip"), records);
  await expect(page.getByRole("heading", { name: `${pool} (3 records)` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lakeside 7 (1 record)" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Find a site or unit" }).fill("POOL");
  await expect(page).toHaveURL(/\/records\?q=POOL$/);
  await expect(page.getByTestId("service-record")).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Lakeside 7 (1 record)" })).toBeHidden();
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Find a site or unit" })).toHaveValue("POOL");
  const unit = page.getByRole("list", { name: `Records of ${pool}, newest first` });
  await expect(unit.getByTestId("service-record")).toHaveCount(3);
  await expect(page.getByTestId("service-record")).toHaveCount(3);

  await page.getByRole("searchbox", { name: "Find a site or unit" }).fill("harbour");
  await expect(page.getByText("No record has a site or unit label with “harbour”.")).toBeVisible();

  // The middle record of the pool: one before, one after, the lake's record in between is not the unit's.
  await page.goto("/records/pool-2");
  await expect(page.getByTestId("par-sha256")).toHaveText(shaOf("pool-2"));
  const unitLinks = page.getByRole("navigation", { name: "This unit's other records" });
  await unitLinks.getByRole("link", { name: /Earlier record of this unit/ }).click();
  await expect(page.getByTestId("par-sha256")).toHaveText(shaOf("pool-1"));
  await expect(unitLinks.getByText("The unit's first record")).toBeVisible();
  await unitLinks.getByRole("link", { name: /Later record of this unit/ }).click();
  await unitLinks.getByRole("link", { name: /Later record of this unit/ }).click();
  await expect(page.getByTestId("par-sha256")).toHaveText(shaOf("pool-3"));
  await expect(unitLinks.getByText("The unit's latest record")).toBeVisible();
});
