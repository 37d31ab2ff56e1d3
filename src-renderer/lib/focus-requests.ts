/**
 * Focus requests from main (`channel.focusRequested`): a hardware panel's "focus channel N"
 * or "focus channel <key>" (`channel.focus`, docs/admin/panels.md). Main only asks; the page
 * owns which channel is in focus: it opens the control room and focuses that channel there.
 */
import type { ChannelFocus } from '../../src-main/shared/commands/control-room';
import { desk } from './bridge';
import { navigation } from './navigation.svelte';

/** Opens the control room on the channel a focus request names. */
export function focusChannel(request: ChannelFocus): void {
  navigation.go('control-room');
  if ('channelKey' in request) navigation.channel = request.channelKey;
  else navigation.channelAt = request.position;
}

/** Follows main's focus requests; returns the function that stops following. */
export function connectFocusRequests(): () => void {
  return desk.on('channel.focusRequested', focusChannel);
}
