/**
 * The Content Security Policy of the renderer, from `default-src 'none'` plus what the bundle
 * needs: its own scripts and styles, its own origin for the browser host's bridge,
 * data: images for inline icons, and its own origin's media for the sound cues
 * (resources/sounds/, copied into the built renderer; src-renderer/lib/sound-files.ts). Also set as a meta tag in src-renderer/index.html (kept
 * equal by src-main/hosts/csp.test.ts).
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "media-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
