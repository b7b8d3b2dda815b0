import { useCallback, useState } from "react";
import {
  browserRecentCodesStorage,
  clearRecentCodes,
  readRecentCodes,
  recordRecentCode,
} from "~/lib/calculator/recentCodes";

export interface RecentCodesState {
  codes: string[];
  record(code: string): void;
  clear(): void;
}

/** The recent codes kept on this device. The calculator only runs in the browser, so storage is read at once. */
export function useRecentCodes(): RecentCodesState {
  const [codes, setCodes] = useState(() => readRecentCodes(browserRecentCodesStorage()));
  const record = useCallback((code: string) => setCodes(recordRecentCode(browserRecentCodesStorage(), code)), []);
  const clear = useCallback(() => setCodes(clearRecentCodes(browserRecentCodesStorage())), []);
  return { codes, record, clear };
}
