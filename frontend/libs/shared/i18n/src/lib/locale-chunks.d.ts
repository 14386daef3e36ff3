// A language's texts split at build time (frontend/tools/locale-texts-loader.cjs): the same export
// as the language file, holding only the first screen's groups (texts=first) or the others
// (texts=rest). Jest maps these imports to the whole file (jest.preset.js).
declare module '*?texts=first' {
  export const deDE: Record<string, unknown>;
  export const enGB: Record<string, unknown>;
}
declare module '*?texts=rest' {
  export const deDE: Record<string, unknown>;
  export const enGB: Record<string, unknown>;
}
