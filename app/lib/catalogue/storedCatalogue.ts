/** What the browser keeps of the loaded catalogue beside its bytes, checked with zod when read back. */
import { z } from "zod";

export const storedCatalogueSchema = z.object({
  fileName: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  rowCount: z.number().int().nonnegative(),
  /** The rows left out, named by line (the first ones), and how many there are in all. */
  badRows: z.array(z.object({ lineNumber: z.number().int().positive(), message: z.string() })),
  badRowCount: z.number().int().nonnegative(),
  /** ISO 8601, UTC. */
  loadedAt: z.string().datetime(),
});

export type StoredCatalogue = z.infer<typeof storedCatalogueSchema>;
