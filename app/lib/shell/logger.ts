/**
 * The only place in the app that writes to the console. Setting the Vite env
 * flag VITE_SILENT=true at build or dev time silences it completely.
 */
const silent = import.meta.env.VITE_SILENT === "true";

export const logger = {
  warn(...details: unknown[]): void {
    if (!silent) console.warn(...details);
  },
  error(...details: unknown[]): void {
    if (!silent) console.error(...details);
  },
};
