import type { Page } from '@playwright/test';

/** The DevTools protocol's modifier bits (`Input.dispatchKeyEvent`). */
export const modifierBits = { ctrl: 2, shift: 8 } as const;

/**
 * One key as a Hangul input method sends it: the physical key's `code` with the jamo as `key`
 * (R gives ㄱ, Shift+R ㄲ, K ㅏ, / stays /), through the DevTools protocol as the OS would, so
 * shortcuts are tried as they match: by `KeyboardEvent.code`.
 * @param modifiers the protocol's bits, `modifierBits` (2 Ctrl, 8 Shift); 0 for none
 * @param withText also send the jamo as the key's text (a key typed outside a text field)
 */
export async function pressHangul(
  page: Page,
  code: string,
  jamo: string,
  modifiers = 0,
  withText = false,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const event = { code, key: jamo, modifiers };
  const text = withText ? { text: jamo, unmodifiedText: jamo } : {};
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...event, ...text });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event });
  await cdp.detach();
}
