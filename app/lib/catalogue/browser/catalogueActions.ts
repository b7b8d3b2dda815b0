/**
 * The handlers of the parameter catalogue's intents (/files/catalogue) and what /files shows of it. The merge
 * worker reads the catalogue and checks every merge against it; this side keeps it across reloads and brings the
 * worker to the kept one before each preview (another tab may have replaced it). The merge client is the merger's:
 * the routes hand it in.
 */
import type { MergeClient } from "~/lib/merger/browser/mergeClient";
import { catalogueIntents, type CatalogueRequest } from "~/lib/catalogue/catalogueIntents";
import { catalogueTexts } from "~/lib/catalogue/catalogueTexts";
import type { StoredCatalogue } from "~/lib/catalogue/storedCatalogue";
import { takeHeldFiles } from "~/lib/shell/browser/heldFiles";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { jsonWithError, jsonWithSuccess } from "~/lib/shell/browser/toastSession";
import { logger } from "~/lib/shell/logger";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { getCatalogueStore } from "./catalogueStore";

/** Gives the worker the kept catalogue (or none), sending its bytes only when the worker holds another. */
async function bringWorkerTo(client: MergeClient, kept: StoredCatalogue | null): Promise<boolean> {
  if ((kept?.sha256 ?? null) === client.catalogueInWorker()) return true;
  if (!kept) {
    await client.setCatalogue(null);
    return true;
  }
  const bytes = await getCatalogueStore().bytes();
  if (!bytes) return false;
  const outcome = await client.setCatalogue({ fileName: kept.fileName, sha256: kept.sha256, bytes });
  return outcome?.kind === "loaded";
}

/** What /files shows of the catalogue: the kept one, once the worker checks with it; null for none. */
export async function loadCatalogueScreen(client: MergeClient): Promise<StoredCatalogue | null> {
  try {
    const kept = await getCatalogueStore().facts();
    return (await bringWorkerTo(client, kept)) ? kept : null;
  } catch (error) {
    logger.error("The kept catalogue could not be used", error);
    return null;
  }
}

export async function changeCatalogue(request: CatalogueRequest, client: MergeClient) {
  return request.intent === catalogueIntents.load
    ? loadCatalogue(client, (await takeHeldFiles(request.held))[0])
    : removeCatalogue(client);
}

async function loadCatalogue(client: MergeClient, file: File | undefined) {
  const store = getCatalogueStore();
  let bytes: ArrayBuffer;
  try {
    if (!file) throw new Error("no file was picked");
    bytes = await file.arrayBuffer();
  } catch (error) {
    logger.error("The catalogue file could not be read", error);
    return jsonWithError(null, catalogueTexts.notRead);
  }
  const before = await store.facts();
  const sha256 = await sha256Hex(bytes);
  // A copy crosses to the worker; these bytes are kept.
  const outcome = await client.setCatalogue({ fileName: file.name, sha256, bytes: bytes.slice(0) });
  if (outcome?.kind !== "loaded") {
    return jsonWithError(null, {
      message: catalogueTexts.refused(outcome?.missing ?? ["code", "name"]),
      description: catalogueTexts.refusedWhy,
    });
  }
  const facts: StoredCatalogue = {
    ...outcome.facts,
    badRows: outcome.badRows,
    badRowCount: outcome.badRowCount,
    loadedAt: new Date().toISOString(),
  };
  try {
    await store.keep(facts, bytes);
  } catch (error) {
    logger.error("The catalogue could not be stored", error);
    // The worker goes back to the catalogue that is kept: what the screen shows is what a reload brings.
    await bringWorkerTo(client, before).catch(() => undefined);
    return jsonWithError(null, catalogueTexts.notStored(storageFailureReason(error)));
  }
  return jsonWithSuccess(
    null,
    facts.badRowCount > 0
      ? catalogueTexts.loadedWithBadRows(facts.rowCount, facts.badRowCount)
      : catalogueTexts.loaded(facts.rowCount),
  );
}

async function removeCatalogue(client: MergeClient) {
  try {
    await getCatalogueStore().forget();
  } catch (error) {
    logger.error("The catalogue could not be removed", error);
    return jsonWithError(null, catalogueTexts.notRemoved(storageFailureReason(error)));
  }
  await client.setCatalogue(null);
  return jsonWithSuccess(null, catalogueTexts.removed);
}
