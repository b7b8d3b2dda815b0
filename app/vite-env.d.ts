/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** "true" silences every console message of the app (app/lib/logger.ts). */
  readonly VITE_SILENT?: string;
}
