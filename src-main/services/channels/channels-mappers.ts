/**
 * Maps the live API's channel, contract and profile objects (snake_case, as the platform
 * sends them) to the Channels view's model (shared/channels-model.ts). Defensive about
 * fields the spec leaves "not shown": an absent type is `live`, an absent URL is null.
 */
import type { components } from '../../platform/generated/live-v1';
import type {
  ChannelContract,
  ChannelDetails,
  ChannelRow,
  EncodingProfile,
  ProfileGroup,
} from '../../shared/channels-model';
import { toChannelSummary } from '../core/live-mappers';

type LiveChannel = components['schemas']['Channel'];

/** A channel as every channel list shows it (core/live-mappers.ts: the one mapper). */
export const toChannelRow: (channel: LiveChannel) => ChannelRow = toChannelSummary;

/** A channel's settings. */
export function toChannelDetails(channel: LiveChannel): ChannelDetails {
  const policy = channel.recording_file_policy;
  return {
    ...toChannelRow(channel),
    profileGroupKey: channel.live_media_profile_group_key,
    useTimeshift: channel.use_timeshift,
    useChat: channel.use_chatting_service,
    recordingFilePolicy: policy === 0 || policy === 3 ? policy : 1,
    useDuplicateBlock: channel.use_duplicate_block,
    useCaptureBlock: channel.use_capture_block,
    rtmpPublishUrl: nonEmpty(channel.rtmp_publish_url),
    viewUrl: nonEmpty(channel.view_url),
  };
}

/** The contract's limits. */
export function toContract(contract: components['schemas']['Contract']): ChannelContract {
  return {
    name: contract.name,
    plan: contract.plan,
    channelLimit: contract.channel_limit,
    viewerLimit: contract.concurrently_viewer_limit,
    activeProfileLimit: contract.active_profile_limit,
    useTimeshift: contract.use_timeshift,
  };
}

/** An encoding profile. */
export function toProfile(profile: components['schemas']['Profile']): EncodingProfile {
  return {
    id: profile.id,
    name: profile.name,
    screenType: profile.video_screen_type,
    width: profile.video_width,
    height: profile.video_height,
    videoKbps: profile.video_bitrate,
    audioKbps: profile.audio_bitrate,
    active: profile.is_active,
  };
}

/** An encoding profile group, without its profiles. */
export function toProfileGroup(group: components['schemas']['ProfileGroup']): ProfileGroup {
  return { key: group.key, name: group.name, profilesCount: group.profiles_count };
}

function nonEmpty(value: string | null | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
