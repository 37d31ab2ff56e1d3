/**
 * A batch's cost to the live budget in its confirmation: always the calls and the time it
 * holds the budget, and a status warning when main's forecast says it fills the budget, with
 * how long commands wait meanwhile, in English and Korean.
 */
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguageChoice } from '../i18n/i18n.svelte';
import { formatSpan } from '../lib/format';
import BatchBudgetNote from './BatchBudgetNote.svelte';

afterEach(() => applyLanguageChoice('en'));

describe('BatchBudgetNote', () => {
  it('states the cost from main’s forecast and warns when the batch fills the budget', () => {
    render(BatchBudgetNote, {
      calls: 200,
      seconds: 200,
      budget: { calls: 200, seconds: 200, fillsBudget: true, commandWaitSeconds: 7 },
      testid: 'cost',
    });
    const line = screen.getByTestId('cost');
    expect(line.textContent).toContain(
      `About 200 calls, about ${formatSpan(200)} of the live budget`,
    );
    expect(formatSpan(200)).toMatch(/3.*20/);
    const warning = screen.getByRole('status');
    expect(warning.textContent).toContain(
      `This batch fills the budget for about ${formatSpan(200)}; commands wait up to ${formatSpan(7)} meanwhile.`,
    );
  });

  it('shows only the cost when the batch leaves room for commands', () => {
    render(BatchBudgetNote, {
      calls: 3,
      seconds: 3,
      budget: { calls: 3, seconds: 3, fillsBudget: false, commandWaitSeconds: 0 },
      testid: 'cost',
      suffix: 'on Main stage',
    });
    expect(screen.getByTestId('cost').textContent).toContain(
      `About 3 calls, about ${formatSpan(3)} of the live budget · on Main stage`,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('cost-warning')).toBeNull();
  });

  it('falls back to the plan’s own count without a forecast, and never shows 0 s for calls', () => {
    render(BatchBudgetNote, { calls: 1, seconds: 0, testid: 'cost' });
    expect(screen.getByTestId('cost').textContent).toContain(
      `About 1 call, about ${formatSpan(1)} of the live budget`,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Korean', () => {
    applyLanguageChoice('ko');
    render(BatchBudgetNote, {
      calls: 200,
      seconds: 200,
      budget: { calls: 200, seconds: 200, fillsBudget: true, commandWaitSeconds: 7 },
      testid: 'cost',
    });
    expect(screen.getByTestId('cost').textContent).toContain(
      `약 200회 호출, 라이브 API 호출 한도의 약 ${formatSpan(200)}`,
    );
    expect(formatSpan(200)).toMatch(/3분/);
    expect(screen.getByRole('status').textContent).toContain(
      `이 일괄 작업은 약 ${formatSpan(200)} 동안 호출 한도를 모두 사용합니다.`,
    );
  });
});
