/**
 * Types i18next's `t` by the `en` catalogue: an unknown key or a missing `{param}` is a
 * compile error in the renderer and in main.
 */
import type { en } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    interpolationPrefix: '{';
    interpolationSuffix: '}';
    returnNull: false;
  }
}
