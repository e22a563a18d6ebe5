/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PREVIEW_BANNER?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_GRIEVANCE_OFFICER?: string;
  readonly VITE_GRIEVANCE_EMAIL?: string;
  readonly VITE_GRIEVANCE_ADDRESS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
