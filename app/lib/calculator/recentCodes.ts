/**
 * The last codes a technician worked with, kept on this device (localStorage),
 * newest first, each once, at most ten, until cleared. Whatever is stored is
 * read through zod: anything unexpected counts as an empty list, never a crash.
 */
import { z } from "zod";
import { logger } from "~/lib/shell/logger";
import { readActionCode } from "./actionCode";

export const maxRecentCodes = 10;
export const recentCodesStorageKey = "technician-toolbox:recent-codes";

/** The part of the Web Storage API this module needs; tests pass their own. */
export interface RecentCodesStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const isValidCode = (code: string) => readActionCode(code).status === "valid";

const storedCodesSchema = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "not JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.unknown()))
  // A stored entry that is not a valid code (hand-edited, older format) is dropped, the rest kept.
  .transform((entries) => tidied(entries.filter((entry): entry is string => typeof entry === "string")));

/** Valid codes only, each once (its first, newest place), at most ten. */
function tidied(codes: readonly string[]): string[] {
  return [...new Set(codes.filter(isValidCode))].slice(0, maxRecentCodes);
}

/** The list after `code` was used: it moves to the front. An invalid code changes nothing. */
export function addRecentCode(codes: readonly string[], code: string): string[] {
  return isValidCode(code) ? tidied([code, ...codes]) : [...codes];
}

export function readRecentCodes(storage: RecentCodesStorage | null): string[] {
  try {
    const stored = storage?.getItem(recentCodesStorageKey);
    if (stored == null) return [];
    const parsed = storedCodesSchema.safeParse(stored);
    return parsed.success ? parsed.data : [];
  } catch (error) {
    logger.warn("Recent codes could not be read", error);
    return [];
  }
}

/** Records `code` as the newest and returns the new list; a storage that refuses (full, blocked) only loses the memory. */
export function rememberRecentCode(storage: RecentCodesStorage | null, code: string): string[] {
  const codes = addRecentCode(readRecentCodes(storage), code);
  try {
    storage?.setItem(recentCodesStorageKey, JSON.stringify(codes));
  } catch (error) {
    logger.warn("Recent codes could not be stored", error);
  }
  return codes;
}

export function clearRecentCodes(storage: RecentCodesStorage | null): string[] {
  try {
    storage?.removeItem(recentCodesStorageKey);
  } catch (error) {
    logger.warn("Recent codes could not be cleared", error);
  }
  return [];
}
