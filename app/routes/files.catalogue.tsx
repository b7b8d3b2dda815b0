/**
 * /files/catalogue: loading and removing the parameter catalogue, posted by a fetcher from /files. Its own
 * route keeps the file list's action as it is; /files reads the catalogue again after each of these.
 */
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { changeCatalogue } from "~/lib/catalogue/browser/catalogueActions";
import { catalogueRequestSchema } from "~/lib/catalogue/catalogueIntents";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const formData = await request.formData();
  const parsed = catalogueRequestSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response("Not a catalogue request", { status: 400 });
  return changeCatalogue(parsed.data, getMergeClient());
}
