/**
 * A stale figure's note as a screen reader meets it: the live region says "stale" and why,
 * once; the age beside it ("last updated 40 s ago") ticks every second outside the live region
 * (a live region whose text changes is read again), but stays in the note for whoever reads it.
 */
import { render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import { displayClock } from '../lib/clock.svelte';
import type { LiveProblem } from '../lib/queries/live';
import StaleNote from './StaleNote.svelte';

const problem: LiveProblem = {
  subject: 'b1',
  topic: 'viewers',
  at: Date.parse('2026-11-29T12:00:40Z'),
  code: 'network',
  message: 'connect ECONNREFUSED',
};

describe('StaleNote', () => {
  it('says why once, and keeps the ticking age out of the live region', async () => {
    displayClock.now = Date.parse('2026-11-29T12:00:40Z');
    render(StaleNote, { problem, fetchedAt: Date.parse('2026-11-29T12:00:00Z'), name: 'viewers' });
    const note = screen.getByTestId('viewers-stale');
    const live = screen.getByRole('status');
    expect(note.contains(live)).toBe(true);
    const said = live.textContent;
    expect(said).toMatch(/stale/i);
    expect(said).not.toMatch(/\d+\s*s\b/);
    const before = note.textContent;
    displayClock.now += 5_000;
    await tick();
    expect(note.textContent).not.toBe(before);
    expect(live.textContent).toBe(said);
  });
});
