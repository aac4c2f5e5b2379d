// Values the global setup hands to the browser tests (vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Where the shared portal's embedded mail transport writes .eml files (MAIL_DIR). */
    mailDir: string;
    /** When the shared portal started, so loaded its demo (demo-days.ts). */
    demoLoadedOn: string;
  }
}

export {};
