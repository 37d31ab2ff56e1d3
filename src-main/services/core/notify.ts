/**
 * How a part of main tells the operator something (a damaged file set aside, a keychain
 * missing, a batch of uploads finished): the one signature every giver of notices takes, so
 * that domains post notices without knowing the app wiring that keeps them
 * (services/app/notices.ts).
 */
import type { MessageRef } from '../../shared/i18n/message';
import type { Notice } from '../../shared/model';

/**
 * Adds a notice at `level`: plain English text, or `say(...)`'s English text with its
 * catalogue message (shown in the operator's language).
 */
export type Notify = (
  level: Notice['level'],
  said: string | { message: string; text?: MessageRef | undefined },
) => void;
