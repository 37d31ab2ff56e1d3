/**
 * The app's model of one live channel's administration: callback URLs, creators, syndications
 * (restream targets), recording destinations and chat settings. Times are ISO-8601 UTC strings
 * (null: not known). No type here carries a password or secret key: the platform never
 * answers them (live-v1.yaml FileTransfer); a syndication's stream key travels only in
 * {@link SyndicationStreamKey}, read when the operator asks to reveal it.
 */

/**
 * Limits per channel the spec leaves out (docs/platform-facts.md, "Live: accounts and
 * roles" and "Live: recording and recording destinations"); the interface shows them before anything is sent and the sandbox enforces them.
 */
export const channelAdminLimits = {
  /** https://docs.kollus.com/en/service-guide/live/account/creator/ */
  creators: 3,
  /** https://catenoid-support.atlassian.net/wiki/spaces/SUP/pages/3311523/Live+stream+syndication */
  syndications: 3,
  /** https://catenoid-support.atlassian.net/wiki/spaces/SUPJP/pages/2687839 (older guide) */
  destinations: 5,
  /** Destinations receiving files at once (same older guide). */
  activeDestinations: 3,
} as const;

/** A channel's callback URLs (spec, Events item 2); null: none set. */
export interface ChannelCallbacks {
  live: string | null;
  /** Called with the result of each recording file sent to a recording destination. */
  recordingDestination: string | null;
  playback: string | null;
  /** False when the platform did not say (the spec reads no callback URL back). */
  known: boolean;
}

/** A creator allowed to broadcast on the channel from the creator app. */
export interface Creator {
  code: string;
  nickname: string;
  email: string | null;
  createdAt: string | null;
}

/** One page of creators, and how many match in all. */
export interface CreatorList {
  items: Creator[];
  total: number;
}

/** A restream target. Its stream key is not here: see {@link SyndicationStreamKey}. */
export interface Syndication {
  id: number;
  title: string;
  /** rtmp:// or rtmps:// ingest URL of the other platform. */
  link: string;
  /** True: restreaming is on; false: paused. */
  active: boolean;
  updatedAt: string | null;
}

/** The stream key of one syndication, answered only when the operator reveals it. */
export interface SyndicationStreamKey {
  id: number;
  streamKey: string;
}

/** The kinds of recording destination (spec): FTP, SFTP, the VOD service, object storage. */
export const destinationKinds = ['ftp', 'sftp', 'service', 's3'] as const;
export type DestinationKind = (typeof destinationKinds)[number];

/**
 * A recording-file destination. Fields of other kinds are null. Secrets are never here:
 * `passwordSet` / `secretKeySet` say whether the platform holds one.
 */
export interface RecordingDestination {
  id: number;
  kind: DestinationKind;
  title: string;
  /** Files go to this destination (spec, States: activate / deactivate). */
  active: boolean;
  host: string | null;
  port: number | null;
  username: string | null;
  passwordSet: boolean;
  directory: string | null;
  passiveMode: boolean | null;
  vodServiceAccountKey: string | null;
  vodChannelKey: string | null;
  vodCategoryKey: string | null;
  bucket: string | null;
  region: string | null;
  accessKeyId: string | null;
  secretKeySet: boolean;
  prefix: string | null;
  updatedAt: string | null;
}

/** A chatting service contract of the service account. */
export interface ChattingService {
  id: number;
  name: string;
  /** Users in one room at once. */
  maxParticipants: number;
  expiresAt: string | null;
  available: boolean;
}

/** Which chat viewers see: none, the service's own chat, or an external chat service. */
export type ChatMode = 'none' | 'service' | 'external';

/** A channel's chat room settings (getChatting, and the answer of both chat updates). */
export interface ChatSettings {
  mode: ChatMode;
  chattingServiceId: number | null;
  slowMode: boolean;
  /** Seconds between two messages of one user in slow mode. */
  slowModeSeconds: number;
  /** Characters. */
  maxMessageLength: number;
  allowGuest: boolean;
  externalUrl: string | null;
  externalProvider: string | null;
  updatedAt: string | null;
}

/** The chat room settings and the room now (getChattingInfo). */
export interface ChannelChat extends ChatSettings {
  room: {
    /** The on-air broadcast's room, null off air. */
    roomKey: string | null;
    chatUrl: string | null;
    open: boolean;
    joinedUsers: number;
  };
}
