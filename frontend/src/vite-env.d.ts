/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PREVIEW_BANNER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
