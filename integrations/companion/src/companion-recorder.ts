/**
 * Test support: Companion's side of a connection, as a recorder. `@companion-module/base` has
 * no test harness (its `InstanceBase` talks to Companion over the process's IPC channel, which
 * Vitest's workers use for themselves), so the tests give {@link DeskConnection} this instead:
 * it keeps what the module tells Companion (definitions, variable values, status, log) and
 * runs actions and feedbacks the way Companion does, by calling their definitions' callbacks
 * with a button's options. Nothing of OnAir Desk is faked: the connection talks to a real
 * control API for panels.
 */
import type {
  CompanionActionDefinitions,
  CompanionFeedbackDefinitions,
  CompanionOptionValues,
  CompanionPresetDefinitions,
  CompanionVariableDefinition,
  CompanionVariableValue,
  CompanionVariableValues,
  InstanceStatus,
  LogLevel,
} from '@companion-module/base';
import type { CompanionHost } from './connection';

/** What Companion was told, and a button's press and feedback as Companion would run them. */
export class CompanionRecorder implements CompanionHost {
  readonly label = 'onair-desk';
  actions: CompanionActionDefinitions = {};
  feedbacks: CompanionFeedbackDefinitions = {};
  variableDefinitions: CompanionVariableDefinition[] = [];
  presets: CompanionPresetDefinitions = {};
  readonly variables = new Map<string, CompanionVariableValue | undefined>();
  readonly statuses: { status: InstanceStatus; message: string | null }[] = [];
  readonly logs: { level: LogLevel; message: string }[] = [];
  /** Every `checkFeedbacks` call's feedback ids. */
  readonly checked: string[][] = [];

  setActionDefinitions(actions: CompanionActionDefinitions): void {
    this.actions = actions;
  }
  setFeedbackDefinitions(feedbacks: CompanionFeedbackDefinitions): void {
    this.feedbacks = feedbacks;
  }
  setVariableDefinitions(variables: CompanionVariableDefinition[]): void {
    this.variableDefinitions = variables;
  }
  setVariableValues(values: CompanionVariableValues): void {
    for (const [id, value] of Object.entries(values)) this.variables.set(id, value);
  }
  setPresetDefinitions(presets: CompanionPresetDefinitions): void {
    this.presets = presets;
  }
  checkFeedbacks(...feedbackTypes: string[]): void {
    this.checked.push(feedbackTypes);
  }
  updateStatus(status: InstanceStatus, message?: string | null): void {
    this.statuses.push({ status, message: message ?? null });
  }
  log(level: LogLevel, message: string): void {
    this.logs.push({ level, message });
  }

  /** The latest status Companion was given, or undefined. */
  status(): InstanceStatus | undefined {
    return this.statuses.at(-1)?.status;
  }

  /**
   * Presses a button whose action is `actionId` with `options`, as Companion does.
   * @throws Error when the module defines no such action.
   */
  async press(actionId: string, options: CompanionOptionValues): Promise<void> {
    const action = this.actions[actionId];
    if (!action) throw new Error(`no action ${actionId}`);
    await action.callback(
      { id: 'a1', controlId: 'bank:1', actionId, options, surfaceId: undefined },
      // The context's type still requires these deprecated members; Companion's own has them.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      { parseVariablesInString: (text) => Promise.resolve(text), setCustomVariableValue: () => {} },
    );
  }

  /**
   * A boolean feedback's value for a button with `options`, as Companion asks it.
   * @throws Error when the module defines no such boolean feedback.
   */
  async feedback(feedbackId: string, options: CompanionOptionValues): Promise<boolean> {
    const feedback = this.feedbacks[feedbackId];
    if (feedback?.type !== 'boolean') throw new Error(`no boolean feedback ${feedbackId}`);
    return feedback.callback(
      { type: 'boolean', id: 'f1', controlId: 'bank:1', feedbackId, options },
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- required by the type, as above
      { parseVariablesInString: (text) => Promise.resolve(text) },
    );
  }
}
