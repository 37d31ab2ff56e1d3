/**
 * Faults of the main process the app survives: an uncaught exception, an unhandled promise
 * rejection, or a child process gone (Electron's `app` event `child-process-gone`: the GPU
 * process, a utility process, a renderer's helper). Each is written to the log with its stack,
 * journaled as the app's own line and told to the operator as a notice (the core's `fault`), and
 * the app keeps serving: the upload and download queues are persisted files, so nothing queued
 * is lost either way (docs/admin/workstation.md, "Faults and crash dumps").
 *
 * Without Electron: the process and the app are reached through {@link FaultProcess} and
 * {@link FaultApp}, so tests give typed fakes and the browser host passes `process` alone.
 */
import type { MainFaultKind } from '../services/app/desk-core';

/** What of Node's `process` is used: its fault events. */
export interface FaultProcess {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/** Electron's `Details` of `child-process-gone`, as far as it is read. */
export interface ChildProcessGoneDetails {
  /** `GPU`, `Utility`, `Zygote`, ... */
  type: string;
  /** `crashed`, `killed`, `oom`, `clean-exit`, ... */
  reason: string;
  exitCode: number;
  /** A utility process's name, when Electron gives one. */
  name?: string;
  serviceName?: string;
}

/** What of Electron's `app` is used: `child-process-gone`. */
export interface FaultApp {
  on(
    event: 'child-process-gone',
    listener: (event: unknown, details: ChildProcessGoneDetails) => void,
  ): unknown;
  off(
    event: 'child-process-gone',
    listener: (event: unknown, details: ChildProcessGoneDetails) => void,
  ): unknown;
}

export interface MainFaultOptions {
  process: FaultProcess;
  /** Electron's `app`; absent in the browser host. */
  app?: FaultApp;
  /** Journals and tells one fault (the core's `fault`); null while the core is not open yet. */
  tell: () => ((kind: MainFaultKind, what: string) => void) | null;
  log: (message: string) => void;
}

/** The longest fault line told to the operator and journaled, characters. */
export const faultLineMax = 200;

/**
 * Listens for the faults of the module comment; answers the function that stops listening.
 * A fault in telling a fault is logged, never thrown again.
 */
export function watchMainFaults(options: MainFaultOptions): () => void {
  const report = (kind: MainFaultKind, what: string, detail: string) => {
    options.log(`fault (${kind}): ${detail}`);
    try {
      options.tell()?.(kind, what);
    } catch (error) {
      options.log(`fault: could not tell the operator: ${String(error)}`);
    }
  };
  const onException = (error: Error) =>
    report('exception', faultLine(error), error.stack ?? String(error));
  const onRejection = (reason: unknown) =>
    report(
      'rejection',
      faultLine(reason),
      reason instanceof Error ? (reason.stack ?? String(reason)) : String(reason),
    );
  const onChildGone = (_event: unknown, details: ChildProcessGoneDetails) => {
    // A helper that ended on purpose is no fault.
    if (details.reason === 'clean-exit') return;
    const who = details.name ?? details.serviceName ?? details.type;
    const what = `${who}: ${details.reason}, exit code ${details.exitCode}`;
    report('childGone', what, what);
  };
  options.process.on('uncaughtException', onException);
  options.process.on('unhandledRejection', onRejection);
  options.app?.on('child-process-gone', onChildGone);
  return () => {
    options.process.off('uncaughtException', onException);
    options.process.off('unhandledRejection', onRejection);
    options.app?.off('child-process-gone', onChildGone);
  };
}

/** One line of `fault` for the operator: the error's name and first message line, bounded. */
export function faultLine(fault: unknown): string {
  const text =
    fault instanceof Error
      ? `${fault.name}: ${fault.message.split('\n')[0] ?? ''}`
      : String(fault).split('\n')[0];
  const line = text ?? '';
  return line.length > faultLineMax ? `${line.slice(0, faultLineMax - 1)}…` : line;
}
