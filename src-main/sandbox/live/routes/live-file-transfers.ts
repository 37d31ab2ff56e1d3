/**
 * Recording-file destinations of a channel (live-v1.yaml: listFileTransfers,
 * create{Ftp,Sftp,Service,S3}FileTransfer, getFileTransfer, updateFileTransfer,
 * deleteFileTransfer, setFileTransferStatus). Spec: kinds ftp, sftp, service, s3; update
 * parameters depend on the kind. Secrets are stored and never answered (live-present.ts).
 * Typed from the generated OpenAPI types.
 */
import type { FieldErrors } from '../../state/http-error';
import { ApiError, unprocessable } from '../../state/http-error';
import { presentFileTransfer } from '../live-present';
import type { FileTransferKind, FileTransferRecord } from '../live-state';
import { nextId } from '../../state/ids';
import { findIn, removeWhere } from '../live-state';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { paginate } from '../../kernel/paging';
import { findChannel } from '../../state/state';
import type { Op, Schema } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

/** A destination's form, whatever its kind: the update form names every kind's fields. */
type TransferForm = Schema<'live', 'FileTransferUpdateForm'>;

/** A form field of some kind, besides `title`. */
type KindField = Exclude<keyof TransferForm, 'title'>;

/**
 * What the four create operations share (create{Ftp,Sftp,Service,ObjectStorage}FileTransfer):
 * the channel in the path, a form with a title and its kind's fields, one `FileTransfer`.
 */
type CreateHandler = (input: {
  params: Op<'live', 'createFtpFileTransfer'>['params'];
  body: TransferForm & { title: string };
}) => Op<'live', 'createFtpFileTransfer'>['reply'];

/**
 * Destinations per channel, and how many of them receive files at once (older public service
 * guide: https://catenoid-support.atlassian.net/wiki/spaces/SUPJP/pages/2687839).
 */
export const maxDestinations = 5;
export const maxActiveDestinations = 3;

/** The form fields of each kind, besides `title`. */
const kindFields: Record<FileTransferKind, readonly KindField[]> = {
  ftp: ['host', 'port', 'username', 'password', 'directory', 'passive_mode'],
  sftp: ['host', 'port', 'username', 'password', 'directory'],
  service: ['vod_service_account_key', 'vod_channel_key', 'vod_category_key'],
  s3: ['bucket', 'region', 'access_key_id', 'secret_access_key', 'prefix'],
};

/** Handlers by operationId, given their slice of the state: the live records and the channels. */
export function liveFileTransferOperations({
  state,
  clock,
}: SliceContext<'live' | 'channels' | 'ids'>): OperationHandlers {
  const live = state.live;
  const now = (): Date => new Date(Math.floor(clock.nowMs() / 1000) * 1000);
  const transferOf = (params: Op<'live', 'getFileTransfer'>['params']): FileTransferRecord => {
    const channel = findChannel(state, params.channel_key);
    const id = params.file_transfer_id;
    return findIn(
      live.fileTransfers,
      (transfer) => transfer.channelKey === channel.key && transfer.id === id,
      'file transfer destination',
      id,
    );
  };
  const create =
    (kind: FileTransferKind): CreateHandler =>
    ({ params, body }) => {
      const channel = findChannel(state, params.channel_key);
      const count = live.fileTransfers.filter((t) => t.channelKey === channel.key).length;
      if (count >= maxDestinations) {
        throw unprocessable(
          `A channel can have at most ${maxDestinations} file transfer destinations; delete one first.`,
        );
      }
      const active = live.fileTransfers.filter(
        (t) => t.channelKey === channel.key && t.isActive,
      ).length;
      const at = now();
      const transfer: FileTransferRecord = {
        id: nextId(state),
        channelKey: channel.key,
        kind,
        title: body.title,
        // Active on creation unless three already receive files (guide): then it waits, inactive.
        isActive: active < maxActiveDestinations,
        fields: pickFields(body, kindFields[kind]),
        createdAt: at,
        updatedAt: at,
      };
      live.fileTransfers.push(transfer);
      return { data: presentFileTransfer(transfer) };
    };

  return typedOperations<'live'>({
    listFileTransfers: ({ params, query }) => {
      const channel = findChannel(state, params.channel_key);
      const kind = query.kind;
      const list = live.fileTransfers.filter(
        (transfer) =>
          transfer.channelKey === channel.key && (kind === undefined || transfer.kind === kind),
      );
      const page = paginate(
        list,
        defaulted(query.page, 'page'),
        defaulted(query.per_page, 'per_page'),
      );
      return { data: page.items.map(presentFileTransfer), meta: page.meta };
    },
    createFtpFileTransfer: create('ftp'),
    createSftpFileTransfer: create('sftp'),
    createServiceFileTransfer: create('service'),
    createObjectStorageFileTransfer: create('s3'),

    getFileTransfer: ({ params }) => ({ data: presentFileTransfer(transferOf(params)) }),

    updateFileTransfer: ({ params, body }) => {
      const transfer = transferOf(params);
      const allowed = kindFields[transfer.kind];
      const errors: FieldErrors = {};
      for (const field of Object.keys(body)) {
        if (field !== 'title' && !allowed.some((name) => name === field)) {
          errors[field] = [`The ${field} field does not apply to ${transfer.kind} destinations.`];
        }
      }
      const first = Object.keys(errors)[0];
      if (first !== undefined) {
        throw new ApiError(
          422,
          `The field ${first} does not apply to ${transfer.kind} destinations (fields: title, ${allowed.join(', ')}).`,
          errors,
        );
      }
      transfer.title = body.title ?? transfer.title;
      Object.assign(transfer.fields, pickFields(body, allowed));
      transfer.updatedAt = now();
      return { data: presentFileTransfer(transfer) };
    },

    deleteFileTransfer: ({ params }) => {
      const transfer = transferOf(params);
      removeWhere(live.fileTransfers, (candidate) => candidate === transfer);
      return undefined;
    },

    setFileTransferStatus: ({ params, body }) => {
      const transfer = transferOf(params);
      const activate = body.is_active === 1;
      const active = live.fileTransfers.filter(
        (t) => t.channelKey === transfer.channelKey && t.isActive && t !== transfer,
      ).length;
      if (activate && active >= maxActiveDestinations) {
        throw unprocessable(
          `At most ${maxActiveDestinations} destinations of a channel receive files at once; deactivate one first.`,
          'is_active',
        );
      }
      transfer.isActive = activate;
      transfer.updatedAt = now();
      return { data: presentFileTransfer(transfer) };
    },
  });
}

/** The string and number values of `names` present in `body`. */
function pickFields(
  body: TransferForm,
  names: readonly KindField[],
): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string' || typeof value === 'number') fields[name] = value;
  }
  return fields;
}
