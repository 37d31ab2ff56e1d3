/**
 * Resume and retry with an administrator's token send VOD content only: program media and
 * waiting screens are the super administrator's (spec, Endpoints), so they stay as they are.
 */
import { describe, expect, it } from 'vitest';
import type { UploadItem } from '../../shared/uploads';
import { sendable } from './upload-commands';

const item = (id: string, kind: UploadItem['kind']) => ({ id, kind }) as UploadItem;
const queue = [item('a', 'vod'), item('b', 'program-media'), item('c', 'waiting-screen')];

describe('sendable', () => {
  it('keeps an administrator to VOD files, of the chosen ones or of the whole queue', () => {
    expect(sendable(queue, undefined, 'admin')).toEqual(['a']);
    expect(sendable(queue, ['b', 'c'], 'admin')).toEqual([]);
    expect(sendable(queue, ['a', 'b'], 'admin')).toEqual(['a']);
  });
  it('leaves the choice alone for the super administrator or an unknown role', () => {
    expect(sendable(queue, ['b'], 'super_admin')).toEqual(['b']);
    expect(sendable(queue, undefined, null)).toBeUndefined();
  });
});
