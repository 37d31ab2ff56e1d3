/**
 * Recording destinations as the operator types them: a new one may leave out what the
 * platform defaults, a change may leave out the stored secret but nothing else of its kind
 * (live-v1.yaml FileTransferUpdateForm), each refusal in the operator's words.
 */
import { describe, expect, it } from 'vitest';
import { channelAdminCommands } from './channel-admin';

const create = channelAdminCommands['channelAdmin.createDestination'].input;
const update = channelAdminCommands['channelAdmin.updateDestination'].input;
const ftp = {
  kind: 'ftp',
  title: 'Archive',
  host: 'ftp.example.com',
  port: 21,
  username: 'desk',
  password: ' secret ',
  directory: '/live',
  passiveMode: true,
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('recording destination inputs', () => {
  it('take a new FTP destination without port, directory or passive mode, password untrimmed', () => {
    const { port: _port, directory: _directory, passiveMode: _passive, ...bare } = ftp;
    const parsed = create.parse({ channelKey: 'ch-1', destination: bare });
    expect(parsed.destination).toEqual({ ...bare, password: ' secret ' });
  });

  it('take a change without the password, and keep the rest of the kind required', () => {
    const { password: _password, ...kept } = ftp;
    expect(update.safeParse({ channelKey: 'ch-1', destinationId: 7, changes: kept }).success).toBe(
      true,
    );
    const { port: _port, ...noPort } = ftp;
    const refused = update.safeParse({ channelKey: 'ch-1', destinationId: 7, changes: noPort });
    expect(messages(refused)).toHaveLength(1);
    const badPort = { ...ftp, kind: 'sftp', port: 70_000 };
    expect(
      messages(update.safeParse({ channelKey: 'ch-1', destinationId: 7, changes: badPort })),
    ).toEqual(['A port is a whole number from 1 to 65535.']);
  });

  it('clear a VOD-service category only on a change', () => {
    const service = {
      kind: 'service',
      title: 'To VOD',
      vodServiceAccountKey: 'vod-sa',
      vodChannelKey: 'vod-ch',
      vodCategoryKey: '',
    };
    expect(update.safeParse({ channelKey: 'c', destinationId: 1, changes: service }).success).toBe(
      true,
    );
    expect(messages(create.safeParse({ channelKey: 'c', destination: service }))).toContain(
      'A key is required.',
    );
  });
});
