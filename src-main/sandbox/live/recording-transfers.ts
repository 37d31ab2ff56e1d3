/**
 * Transfer of a recording file to the channel's recording-file destinations (spec, Resources:
 * "File transfer destination", kinds ftp, sftp, service, s3; spec, States: the status toggle
 * "controls whether files go to that destination"). docs/platform-facts.md, "Recording files
 * after a broadcast", states the rules in words:
 *
 * - every ACTIVE destination of the channel gets each new file, in id order; an inactive one is
 *   skipped and leaves no result;
 * - a destination is "wrong", and its transfer fails (result 0), when it can never be reached:
 *   for ftp and sftp a `host` that is not a valid host name or IPv4 address, or a name under the
 *   reserved `.invalid` domain (RFC 2606: it never resolves), or a `port` outside 1 to 65535;
 *   for s3 a `bucket` that breaks the bucket naming rules (3 to 63 lowercase letters, digits,
 *   dots and hyphens, starting and ending with a letter or digit, no `..`) or a `region` not
 *   shaped like `ap-northeast-2`; for service a key holding anything but letters, digits,
 *   `_` and `-`. Every other destination reports transferred (result 1);
 * - the result is known when the file appears (the sandbox moves no bytes).
 */
import type { FileTransferRecord, LiveState, RecordingTransferRecord } from './live-state';

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const regionName = /^[a-z]{2}(-[a-z]+)+-\d$/;
const serviceKey = /^[A-Za-z0-9_-]+$/;

/** True when `host` is a valid host name (labels of letters, digits, hyphens) or IPv4. */
export function isValidHost(host: string): boolean {
  if (ipv4.test(host)) return true;
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.replace(/\.$/, '').split('.');
  if (labels.some((part) => !label.test(part))) return false;
  return labels[labels.length - 1]?.toLowerCase() !== 'invalid';
}

/**
 * Why a transfer to `destination` fails, in the operator's words; null when it succeeds
 * (rules in the module comment).
 */
export function destinationProblem(destination: FileTransferRecord): string | null {
  const { fields } = destination;
  const text = (name: string): string => {
    const value = fields[name];
    return value === undefined ? '' : String(value);
  };
  switch (destination.kind) {
    case 'ftp':
    case 'sftp': {
      if (!isValidHost(text('host'))) {
        return `The host "${text('host')}" cannot be reached: it is not a valid host name.`;
      }
      const port = Number(fields.port ?? (destination.kind === 'ftp' ? 21 : 22));
      if (!Number.isInteger(port) || port < 1 || port > 65_535) {
        return `The port ${text('port')} is not a port a server can listen on (1 to 65535).`;
      }
      return null;
    }
    case 's3':
      if (!bucketName.test(text('bucket')) || text('bucket').includes('..')) {
        return `The bucket "${text('bucket')}" does not exist: it is not a valid bucket name.`;
      }
      if (!regionName.test(text('region'))) {
        return `The region "${text('region')}" does not exist.`;
      }
      return null;
    case 'service':
      for (const name of ['vod_service_account_key', 'vod_channel_key', 'vod_category_key']) {
        const value = text(name);
        if (value !== '' && !serviceKey.test(value)) {
          return `The VOD key "${value}" does not exist.`;
        }
      }
      return text('vod_service_account_key') === ''
        ? 'The VOD service account key is missing.'
        : null;
  }
}

/**
 * The transfers of a file of `channelKey` that appears at `at`: one per active destination,
 * in id order, transferred or failed (rules above). No destination gives no transfer.
 */
export function transfersFor(
  live: LiveState,
  channelKey: string,
  at: Date,
): RecordingTransferRecord[] {
  return live.fileTransfers
    .filter((destination) => destination.channelKey === channelKey && destination.isActive)
    .sort((a, b) => a.id - b.id)
    .map((destination) => {
      const problem = destinationProblem(destination);
      return {
        fileTransferId: destination.id,
        kind: destination.kind,
        title: destination.title,
        result: problem === null ? 1 : 0,
        reason: problem,
        finishedAt: at,
      };
    });
}
