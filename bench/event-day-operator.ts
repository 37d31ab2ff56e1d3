/**
 * The event-day bench's operator: what a person at the desk does, through the page only
 * (roles and names a screen reader would use, as the e2e specs do): focus the on-air
 * broadcast, rename it, set a cue point, start and stop recording, look at the schedule,
 * queue an upload, and type a new token into the banner when the platform refuses the old.
 *
 * Every command ends in one of three ways: `done` (the view shows the change), `refused`
 * (the view shows why, in words), or `lost` (neither within `answerTimeoutMs`, or refused only
 * for budget: no command is dropped for budget, docs/dev/architecture.md "The API budget").
 */
import type { Locator, Page } from '@playwright/test';

/** The commands of the day, in the order the operator cycles through them. */
export const commandCycle = ['rename', 'cue point', 'start recording', 'stop recording'] as const;
export type CommandKind = (typeof commandCycle)[number];

/** How one command ended, and when (ms since the run began). */
export interface CommandOutcome {
  kind: CommandKind;
  atMs: number;
  outcome: 'done' | 'refused' | 'lost';
  /** The refusal the operator read, or what was missing when lost. */
  message: string | null;
  /** From the click to the answer on screen, in ms. */
  answerMs: number;
}

/** What the screen answered; `kind` when the operator pressed another button than planned. */
interface Answer {
  outcome: 'done' | 'refused';
  message: string | null;
  kind?: CommandKind;
}

/**
 * A refusal for budget as the operator reads it: the platform's 429 message (the sandbox's
 * "Too many requests ...") or ours where it gave none (`platform.rateLimited`, en). A command
 * refused only for budget counts as lost, not answered.
 */
const refusedForBudget = /too many requests|rate limiting this account/i;

/** Longest wait for a command's answer on screen before it counts as lost, in ms. */
export const answerTimeoutMs = 60_000;

/** An operator on one page, focused on one channel's broadcast. */
export class Operator {
  readonly #page: Page;
  readonly #channelTitle: string;
  #renames = 0;

  constructor(page: Page, channelTitle: string) {
    this.#page = page;
    this.#channelTitle = channelTitle;
  }

  /** Opens the control room on the focused channel and waits for its broadcast. */
  async focus(): Promise<void> {
    const page = this.#page;
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Control room' })
      .click();
    const option = page
      .getByRole('listbox', { name: 'Live channels' })
      .getByRole('option', { name: new RegExp(escapeRegExp(this.#channelTitle)) });
    await option.click({ timeout: answerTimeoutMs });
    await page.getByTestId('onair-tally').waitFor({ timeout: answerTimeoutMs });
  }

  /** Sends one command through the UI and waits for its answer on screen. */
  async command(kind: CommandKind, atMs: number): Promise<CommandOutcome> {
    const began = performance.now();
    const end = (
      outcome: CommandOutcome['outcome'],
      message: string | null,
      sent: CommandKind = kind,
    ) => ({
      kind: sent,
      atMs,
      outcome,
      message,
      answerMs: Math.round(performance.now() - began),
    });
    try {
      const answer = await this.#send(kind);
      const forBudget = answer.outcome === 'refused' && refusedForBudget.test(answer.message ?? '');
      return end(forBudget ? 'lost' : answer.outcome, answer.message, answer.kind);
    } catch (error) {
      return end(
        'lost',
        error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
      );
    }
  }

  /** Opens the Schedule view, waits for it to show, and goes back to the broadcast. */
  async visitSchedule(): Promise<void> {
    const page = this.#page;
    await this.#nav('Schedule');
    await page.getByRole('region', { name: 'Schedule' }).waitFor({ timeout: answerTimeoutMs });
    await page.waitForTimeout(5_000);
    await this.focus();
  }

  /** Queues `file` as VOD content from the Uploads view, then goes back to the broadcast. */
  async upload(file: string): Promise<void> {
    const page = this.#page;
    await this.#nav('Uploads');
    await page.getByTestId('upload-file-input').setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: /Upload 1 item/ });
    await dialog.getByRole('radio', { name: /VOD/ }).check();
    await dialog.getByRole('button', { name: 'Queue it' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: answerTimeoutMs });
    await this.focus();
  }

  /** The upload rows' states in the Uploads view (`done`, `uploading`...), then back. */
  async uploadStates(): Promise<string[]> {
    const page = this.#page;
    await this.#nav('Uploads');
    const rows = page.getByTestId('upload-row');
    await rows.first().waitFor({ timeout: answerTimeoutMs });
    const states = await rows.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-state') ?? ''),
    );
    await this.focus();
    return states;
  }

  /** Waits for the banner asking for a new token; ms it took, or null when none came. */
  async waitForTokenBanner(timeoutMs: number): Promise<boolean> {
    return this.#tokenField()
      .waitFor({ timeout: timeoutMs })
      .then(() => true)
      .catch(() => false);
  }

  /** Types `token` into the banner and saves; true once the banner is gone (calls resumed). */
  async renewToken(token: string): Promise<boolean> {
    const field = this.#tokenField();
    await field.fill(token);
    await this.#page.getByRole('button', { name: 'Save new token' }).click();
    return field
      .waitFor({ state: 'detached', timeout: answerTimeoutMs })
      .then(() => true)
      .catch(() => false);
  }

  #tokenField(): Locator {
    return this.#page.getByLabel(/^New token for /);
  }

  async #nav(name: string): Promise<void> {
    await this.#page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
  }

  async #send(kind: CommandKind): Promise<Answer> {
    const page = this.#page;
    if (kind === 'rename') {
      this.#renames += 1;
      const title = `Event day — feed ${this.#renames}`;
      await page.getByRole('button', { name: 'Rename broadcast' }).click();
      const field = page.getByRole('textbox', { name: 'Broadcast title' });
      await field.fill(title);
      await field.press('Enter');
      const heading = page.getByRole('heading', { level: 1, name: title });
      const answer = await this.#answer(
        () => heading.isVisible(),
        page.locator('#title-help[role="alert"]'),
      );
      // Refused: the operator leaves the title as it was (Esc) and goes on.
      if (answer.outcome === 'refused') await field.press('Escape');
      return answer;
    }
    if (kind === 'cue point') {
      const shown = page.getByTestId('cue-point');
      const before = await shown.innerText();
      await page.getByRole('button', { name: 'Set cue point', exact: true }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'Cue point not set:' });
      return this.#answer(async () => (await shown.innerText()) !== before, refusal);
    }
    // Start or stop, whichever the view offers now: an operator presses what is there.
    const recording = await page.getByTestId('recording-badge').isVisible();
    if (recording) {
      await page.getByRole('button', { name: 'Stop recording' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stop recording?' });
      await dialog.getByRole('button', { name: 'Stop recording' }).click();
      const stopped = await this.#answer(
        async () => !(await page.getByTestId('recording-badge').isVisible()),
        page.getByRole('alert').filter({ hasText: 'Recording did not stop:' }),
      );
      return { ...stopped, kind: 'stop recording' };
    }
    await page.getByRole('button', { name: 'Start recording' }).click();
    const started = await this.#answer(
      () => page.getByTestId('recording-badge').isVisible(),
      page.getByRole('alert').filter({ hasText: 'Recording did not start:' }),
    );
    return { ...started, kind: 'start recording' };
  }

  /** Polls until `done()` holds or `refusal` shows; throws when neither does in time. */
  async #answer(done: () => Promise<boolean>, refusal: Locator): Promise<Answer> {
    const deadline = performance.now() + answerTimeoutMs;
    while (performance.now() < deadline) {
      if (await done()) return { outcome: 'done', message: null };
      // The refusal may be replaced between seeing it and reading it: read it with a short
      // wait, and look again on the next turn rather than counting the command as lost.
      if (await refusal.first().isVisible()) {
        const message = await refusal
          .first()
          .innerText({ timeout: 1_000 })
          .catch(() => null);
        if (message !== null) return { outcome: 'refused', message };
      }
      await this.#page.waitForTimeout(250);
    }
    throw new Error(`no answer on screen within ${answerTimeoutMs / 1000} s`);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
