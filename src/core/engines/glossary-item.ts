/** One entry of an engine's glossary (`config.glossary`): a term translated one way, or kept as it is. */
export type GlossaryItem =
  | {
      type: "custom_translation";
      term: string;
      translation: string;
      sourceLocale?: string | undefined;
      targetLocale?: string | undefined;
      caseSensitive?: boolean | undefined;
    }
  | {
      type: "non_translatable";
      term: string;
      sourceLocale?: string | undefined;
      targetLocale?: string | undefined;
      caseSensitive?: boolean | undefined;
    };
