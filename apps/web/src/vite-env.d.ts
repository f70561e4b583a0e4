/// <reference types="vite/client" />

declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Base address of the API; empty means the same origin that serves the app. */
  readonly VITE_API_BASE?: string;
}
