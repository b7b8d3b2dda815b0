import { useCallback, useState } from "react";
import { browserRecentCodesStorage } from "~/lib/calculator/browser/recentCodesStorage";
import { clearRecentCodes, readRecentCodes, rememberRecentCode } from "~/lib/calculator/recentCodes";

export interface RecentCodesState {
  codes: string[];
  remember(code: string): void;
  clear(): void;
}

/** The recent codes kept on this device. The calculator only runs in the browser, so storage is read at once. */
export function useRecentCodes(): RecentCodesState {
  const [codes, setCodes] = useState(() => readRecentCodes(browserRecentCodesStorage()));
  const remember = useCallback((code: string) => setCodes(rememberRecentCode(browserRecentCodesStorage(), code)), []);
  const clear = useCallback(() => setCodes(clearRecentCodes(browserRecentCodesStorage())), []);
  return { codes, remember, clear };
}
