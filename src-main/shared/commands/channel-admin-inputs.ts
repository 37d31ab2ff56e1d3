/**
 * The inputs of the per-channel administration commands (commands/channel-admin.ts), checked
 * in the operator's words before anything is sent: callback and RTMP addresses, creators'
 * nicknames, syndications' stream keys, recording destinations of each kind (FTP, SFTP,
 * service, S3; live-v1.yaml *TransferForm) and chat settings. Secrets typed in (passwords,
 * secret keys, stream keys) are only validated here.
 */
import { z } from 'zod';
import { key, positiveId, requiredText, wholeNumber } from './fields';

const address = z.string().trim().max(500, 'Addresses are at most 500 characters.');

/** A callback URL: http(s), or empty for none (live-v1.yaml CallbackUrl). */
export const callbackUrl = address.refine(
  (value) => value === '' || (/^https?:\/\/[^\s/]+\S*$/i.test(value) && URL.canParse(value)),
  'Give an http:// or https:// address, or leave it empty for none.',
);
/** An RTMP(S) address a syndication pushes to. */
export const rtmpLink = address.regex(
  /^rtmps?:\/\/[^\s/]+\S*$/i,
  'Give an rtmp:// or rtmps:// address.',
);

/** A creator's nickname. */
export const nickname = requiredText(
  50,
  'A creator needs a nickname.',
  'Nicknames are at most 50 characters.',
);
/** The name of a syndication or a recording destination. */
export const title = requiredText(100, 'Give it a name.', 'Names are at most 100 characters.');
/** A syndication's stream key (a secret: sent, never kept). */
export const streamKey = requiredText(200, 'Give the stream key.', 'That stream key is too long.');

const host = requiredText(
  255,
  'Give the host name.',
  'Host names are at most 255 characters.',
).regex(/^[A-Za-z0-9.-]+$/, 'A host name has only letters, digits, dots and dashes.');
const port = wholeNumber(1, 65535, 'A port is a whole number from 1 to 65535.');
const username = requiredText(100, 'Give the user name.', 'User names are at most 100 characters.');
// Passwords and secret keys are not trimmed: a space can be part of one.
const password = z.string().min(1, 'Give the password.').max(200, 'That password is too long.');
const directory = z.string().trim().max(500, 'Paths are at most 500 characters.');
const bucket = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'A bucket name has 3 to 63 lowercase letters, digits, dots and dashes.',
  );
const region = requiredText(
  50,
  'Give the region, e.g. ap-northeast-2.',
  'Give the region, e.g. ap-northeast-2.',
);
const accessKeyId = requiredText(128, 'Give the access key ID.', 'That access key ID is too long.');
const secretKey = z
  .string()
  .min(1, 'Give the secret access key.')
  .max(256, 'That secret access key is too long.');

/** Each kind of destination as the platform keeps it (live-v1.yaml Ftp/Sftp/Service/S3TransferForm). */
const ftp = z.object({
  kind: z.literal('ftp'),
  title,
  host,
  port,
  username,
  password,
  directory,
  passiveMode: z.boolean(),
});
const sftp = ftp.omit({ passiveMode: true }).extend({ kind: z.literal('sftp') });
const service = z.object({
  kind: z.literal('service'),
  title,
  vodServiceAccountKey: key,
  vodChannelKey: key,
  vodCategoryKey: key,
});
const s3 = z.object({
  kind: z.literal('s3'),
  title,
  bucket,
  region,
  accessKeyId,
  secretAccessKey: secretKey,
  prefix: directory,
});

/** A new destination, by kind: what the platform defaults may be left out. */
export const newDestination = z.discriminatedUnion('kind', [
  ftp.partial({ port: true, directory: true, passiveMode: true }),
  sftp.partial({ port: true, directory: true }),
  service.partial({ vodCategoryKey: true }),
  s3.partial({ prefix: true }),
]);

/**
 * Changes to a destination: the fields of its kind. An omitted password or secret key keeps the
 * stored one (live-v1.yaml FileTransferUpdateForm: omitted fields keep their value); an empty
 * category clears it.
 */
export const destinationChanges = z.discriminatedUnion('kind', [
  ftp.partial({ password: true }),
  sftp.partial({ password: true }),
  service.extend({ vodCategoryKey: key.or(z.literal('')) }),
  s3.partial({ secretAccessKey: true }),
]);

/** Types of the destination inputs, for the service that sends them. */
export type NewDestination = z.output<typeof newDestination>;
export type DestinationChanges = z.output<typeof destinationChanges>;

/** The platform's own chat settings of a channel. */
export const serviceChat = z.object({
  channelKey: key,
  enabled: z.boolean(),
  chattingServiceId: positiveId.optional(),
  slowMode: z.boolean(),
  slowModeSeconds: wholeNumber(1, 300, 'Slow mode waits 1 to 300 seconds.'),
  maxMessageLength: wholeNumber(1, 2000, 'Messages are 1 to 2,000 characters long.'),
  allowGuest: z.boolean(),
});

/** An external chat service's settings of a channel. */
export const externalChat = z.object({
  channelKey: key,
  enabled: z.boolean(),
  url: address
    .regex(/^(https:\/\/[^\s/]+\S*)?$/i, 'Give an https:// address for the external chat.')
    .optional(),
  provider: z.string().trim().max(50, 'Names are at most 50 characters.').optional(),
});
