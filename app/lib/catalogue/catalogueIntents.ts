/** The catalogue's intents on /files/catalogue, with the schema of their form: components, route and tests share them. */
import { z } from "zod";

export const catalogueIntents = { load: "load-catalogue", remove: "remove-catalogue" } as const;

export const catalogueRequestSchema = z.discriminatedUnion("intent", [
  /** The picked file waits beside the form (heldFiles.ts); the form carries its key. */
  z.object({ intent: z.literal(catalogueIntents.load), held: z.string().min(1) }),
  z.object({ intent: z.literal(catalogueIntents.remove) }),
]);

export type CatalogueRequest = z.infer<typeof catalogueRequestSchema>;
