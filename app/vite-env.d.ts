/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "true" silences every console message of the app (app/lib/logger.ts). */
  readonly VITE_SILENT?: string;
}
