/**
 * The operator's notices (a damaged file set aside, a keychain missing, a batch finished):
 * kept for `app.notices`, written to the log, and pushed as `app.notice`.
 */
import type { Notice } from '../../shared/model';
import type { Notify } from '../core/notify';
import type { Emit } from './events';

/** Every notice of this run, oldest first. */
export class Notices {
  private readonly notices: Notice[] = [];

  constructor(
    private readonly emit: Emit,
    private readonly log: (message: string) => void,
  ) {}

  /** Adds a notice, logs it and pushes it to the views. */
  readonly notify: Notify = (level, said) => {
    const { message, text } = typeof said === 'string' ? { message: said, text: undefined } : said;
    const notice: Notice = {
      id: `n${this.notices.length + 1}`,
      level,
      message,
      ...(text ? { text } : {}),
    };
    this.notices.push(notice);
    this.log(`notice: ${message}`);
    this.emit('app.notice', notice);
  };

  /** A copy of every notice so far. */
  list(): Notice[] {
    return [...this.notices];
  }
}
