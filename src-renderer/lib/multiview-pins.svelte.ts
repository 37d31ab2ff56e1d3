/**
 * The Multiview's pins: at most two tiles, by channel, kept per workspace in settings.json
 * (`settings.multiviewPins`). Their chat is read every 8.5 s, the other tiles' chat takes what
 * is left (watch-plan.ts, `multiviewShares`). A third pin is refused with a line saying which
 * two are pinned, rather than unpinning the oldest: the operator chose those two, and dropping
 * one silently would slow the chat they were following without telling them. A pinned channel
 * that left the air keeps its pin until another tile is pinned in its place.
 */
import { createMutation, createQuery, useQueryClient } from '@tanstack/svelte-query';
import type { Broadcast, ChannelSummary } from '../../src-main/shared/model';
import { t } from '../i18n/i18n.svelte';
import { call, errorText } from './bridge';
import { keys } from './queries/keys';

/** What the pins are toggled among: the broadcasts on air and their channels by key. */
export interface PinsOnAir {
  broadcasts: readonly Broadcast[];
  channelByKey: ReadonlyMap<string, ChannelSummary>;
}

/** The Multiview's pins as its tiles use them. */
export interface MultiviewPins {
  /** The keys of the pinned channels, on air or not. */
  readonly channels: string[];
  /** The line saying why the last pin was refused or not saved; null when there is none. */
  readonly note: string | null;
  /** A change of pins is being saved. */
  readonly busy: boolean;
  /** Pins `broadcast`'s channel, or unpins it; a third pin is refused with `note`. */
  toggle(broadcast: Broadcast): void;
}

/**
 * The pins, read once and saved on each change; `onAir` answers what is on air now. Call
 * during component initialisation (it creates queries).
 */
export function useMultiviewPins(onAir: () => PinsOnAir): MultiviewPins {
  const client = useQueryClient();
  const pins = createQuery(() => ({
    queryKey: keys.multiviewPins(),
    queryFn: ({ signal }) => call('settings.multiviewPins', {}, { signal }),
    staleTime: Infinity,
  }));
  const channels = $derived(pins.data?.pins ?? []);
  let note = $state<string | null>(null);
  const save = createMutation(() => ({
    mutationFn: (next: string[]) => call('settings.multiviewPins', { pins: next }),
    onSuccess: (answer) => client.setQueryData(keys.multiviewPins(), answer),
    onError: (error) => (note = t('multiview.pinFailed', { reason: errorText(error) })),
  }));

  function toggle(broadcast: Broadcast): void {
    const { broadcasts, channelByKey } = onAir();
    const channelKey = broadcast.channelKey;
    note = null;
    if (channels.includes(channelKey)) {
      save.mutate(channels.filter((key) => key !== channelKey));
      return;
    }
    const kept = channels.filter((key) => broadcasts.some((b) => b.channelKey === key));
    if (kept.length >= 2) {
      note = t('multiview.pinFull', {
        title: channelByKey.get(channelKey)?.title ?? broadcast.title,
        pinned: kept
          .map(
            (key) =>
              channelByKey.get(key)?.title ??
              broadcasts.find((b) => b.channelKey === key)?.title ??
              key,
          )
          .join(', '),
      });
      return;
    }
    save.mutate([...kept, channelKey]);
  }

  return {
    get channels() {
      return channels;
    },
    get note() {
      return note;
    },
    get busy() {
      return save.isPending;
    },
    toggle,
  };
}
