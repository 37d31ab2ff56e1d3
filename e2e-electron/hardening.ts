/**
 * What a desktop window's page can reach (src-main/hosts/window-policy.ts, the hardening every
 * window shares): read from inside the page, for the `_electron` specs of the main window
 * (desktop.spec.ts) and of the pop-outs (pop-out.spec.ts).
 */
import type { ElectronApplication, Page } from '@playwright/test';
import type { BaseWindow, MessageBoxOptions, MessageBoxReturnValue } from 'electron';

/** What a page of a hardened window sees: no Node, the bridge's four keys, no new window. */
export const hardenedPage = {
  process: 'undefined',
  require: 'undefined',
  bridge: ['filePaths', 'host', 'invoke', 'on'],
  opened: true,
} as const;

/**
 * Reads from `page` whether Node's `process` and `require` exist, the bridge's keys (sorted),
 * and whether `window.open` of a loopback address was refused (`opened: true` when it answered
 * null; the window-open handler refuses it before anything is sent).
 */
export function pageHardening(page: Page): Promise<{
  process: string;
  require: string;
  bridge: string[];
  opened: boolean;
}> {
  return page.evaluate(() => ({
    process: typeof (globalThis as { process?: unknown }).process,
    require: typeof (globalThis as { require?: unknown }).require,
    bridge: Object.keys((window as unknown as { desk: object }).desk).sort(),
    opened: window.open('http://127.0.0.1:9/') === null,
  }));
}

/** A question main asked through `dialog.showMessageBox`, as {@link answerQuestionsCancel} kept it. */
export interface AskedQuestion {
  title: string | undefined;
  message: string;
  detail: string | undefined;
  buttons: string[] | undefined;
}

/** Main's global where the stub keeps the questions. */
type WithQuestions = typeof globalThis & { onairAsked?: AskedQuestion[] };

/**
 * Replaces main's `dialog.showMessageBox` with a stub that keeps each question and answers
 * its first button (the link question's "Cancel"), so a spec leaves no native dialog open and
 * opens nothing outside the app. `questionsAsked` reads what was asked.
 */
export async function answerQuestionsCancel(app: ElectronApplication): Promise<void> {
  await app.evaluate(({ dialog }) => {
    const asked: AskedQuestion[] = [];
    (globalThis as WithQuestions).onairAsked = asked;
    const stub = (
      first: BaseWindow | MessageBoxOptions,
      second?: MessageBoxOptions,
    ): Promise<MessageBoxReturnValue> => {
      const options = second ?? (first as MessageBoxOptions);
      asked.push({
        title: options.title,
        message: options.message,
        detail: options.detail,
        buttons: options.buttons,
      });
      return Promise.resolve({ response: 0, checkboxChecked: false });
    };
    dialog.showMessageBox = stub;
  });
}

/** The questions main asked since {@link answerQuestionsCancel}, oldest first. */
export function questionsAsked(app: ElectronApplication): Promise<AskedQuestion[]> {
  return app.evaluate(() => (globalThis as WithQuestions).onairAsked ?? []);
}
