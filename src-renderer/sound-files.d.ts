/**
 * Vite answers `import url from '….wav?url&no-inline'` with the URL of the file it copied into
 * the built renderer (`out/renderer/assets/`), never a data: URL (the CSP's `media-src` is
 * 'self' only).
 */
declare module '*.wav?url&no-inline' {
  /** The file's URL, relative to the page. */
  const url: string;
  export default url;
}
