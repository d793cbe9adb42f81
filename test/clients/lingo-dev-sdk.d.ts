/**
 * lingo.dev 0.70.3 ships `build/sdk.d.ts` as `export * from '@lingo.dev/sdk'`, a package it bundles
 * but does not publish, so its types resolve to nothing. This declares the part the tests use.
 */
declare module "@lingo.dev/sdk" {
  export interface ReplexicaEngineParams {
    apiKey: string;
    apiUrl?: string;
    batchSize?: number;
    idealBatchItemSize?: number;
  }
  export interface LocalizationParams {
    sourceLocale: string;
    targetLocale: string;
    fast?: boolean;
  }
  export class ReplexicaEngine {
    constructor(config: ReplexicaEngineParams);
    localizeObject(
      obj: Record<string, unknown>,
      params: LocalizationParams,
      progressCallback?: (progress: number) => void,
    ): Promise<Record<string, unknown>>;
    localizeText(
      text: string,
      params: LocalizationParams,
      progressCallback?: (progress: number) => void,
    ): Promise<string>;
    recognizeLocale(text: string): Promise<string>;
  }
}
declare module "@lingo.dev/spec";
