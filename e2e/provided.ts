// Values the global setup hands to the browser tests (vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export {};
