#!/usr/bin/env node
/**
 * Writes the sound cues the app ships (issue 35 §4) as 16-bit PCM mono WAV files into
 * resources/sounds/: synthesized here, so they are the project's own (CC0,
 * resources/sounds/LICENSE) and the same bytes every run. Each is under 0.5 s and a few KB,
 * and differs from the others in pitch and rhythm so an operator can tell them apart unseen:
 *
 * - unexpected-off-air.wav: three falling notes (B5, E5, A4), something ended;
 * - recording-stopped.wav: two low knocks on one pitch (C5), a double tap;
 * - token-refused.wav: a low rough buzz (A3 against B♭3), "denied";
 * - long-pause.wav: a soft rising two-note chime (E5 to A5), "waiting", the least urgent.
 *
 * Usage: `node scripts/sounds.mjs` writes the files; `node scripts/sounds.mjs --check` only
 * compares them with what it would write and exits 1 when one differs or is missing.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Samples per second: enough for tones up to about 5 kHz, and keeps each file small. */
const rate = 11_025;
const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'sounds');

/**
 * One note: `freqs` in Hz sounded together (`shape` sine or a softened square), starting
 * `at` s into the sound, lasting `length` s, at `level` (0..1), with a 5 ms attack and an
 * exponential decay of time constant `decay` s.
 */
const note = (at, length, freqs, { level = 0.6, decay = 0.12, shape = 'sine' } = {}) => ({
  at,
  length,
  freqs,
  level,
  decay,
  shape,
});

/** The cues: file name and notes. Kept in step with shared/sound-cues.ts's kinds. */
const cues = {
  'unexpected-off-air.wav': [
    note(0, 0.13, [987.77]),
    note(0.14, 0.13, [659.25]),
    note(0.28, 0.17, [440], { decay: 0.15 }),
  ],
  'recording-stopped.wav': [
    note(0, 0.08, [523.25], { level: 0.7, decay: 0.04 }),
    note(0.14, 0.08, [523.25], { level: 0.7, decay: 0.04 }),
  ],
  'token-refused.wav': [note(0, 0.32, [220, 233.08], { level: 0.45, decay: 0.3, shape: 'square' })],
  'long-pause.wav': [
    note(0, 0.2, [659.25], { level: 0.45, decay: 0.2 }),
    note(0.16, 0.3, [880], { level: 0.45, decay: 0.25 }),
  ],
};

/** Renders notes to 16-bit PCM samples, with a 10 ms fade at the very end against clicks. */
function render(notes) {
  const end = Math.max(...notes.map((n) => n.at + n.length));
  const count = Math.ceil(end * rate);
  const mix = new Float64Array(count);
  for (const n of notes) {
    const start = Math.round(n.at * rate);
    const length = Math.round(n.length * rate);
    for (let i = 0; i < length && start + i < count; i += 1) {
      const t = i / rate;
      const attack = Math.min(1, t / 0.005);
      const release = Math.min(1, (length - i) / (0.01 * rate));
      const envelope = attack * release * Math.exp(-t / n.decay);
      let value = 0;
      for (const f of n.freqs) {
        const phase = 2 * Math.PI * f * t;
        // A square softened to its first three odd harmonics: rough, not harsh.
        value +=
          n.shape === 'square'
            ? Math.sin(phase) + Math.sin(3 * phase) / 3 + Math.sin(5 * phase) / 5
            : Math.sin(phase);
      }
      mix[start + i] += (n.level * envelope * value) / n.freqs.length;
    }
  }
  const samples = new Int16Array(count);
  for (let i = 0; i < count; i += 1) {
    const fade = Math.min(1, (count - i) / (0.01 * rate));
    samples[i] = Math.round(Math.max(-1, Math.min(1, mix[i] * fade)) * 32_767);
  }
  return samples;
}

/** A RIFF/WAVE file: PCM (format 1), mono, `rate` Hz, 16 bits, little-endian. */
function wav(samples) {
  const data = samples.length * 2;
  const file = Buffer.alloc(44 + data);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + data, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20);
  file.writeUInt16LE(1, 22);
  file.writeUInt32LE(rate, 24);
  file.writeUInt32LE(rate * 2, 28);
  file.writeUInt16LE(2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i += 1) file.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return file;
}

const check = process.argv.includes('--check');
let differ = 0;
mkdirSync(folder, { recursive: true });
for (const [name, notes] of Object.entries(cues)) {
  const bytes = wav(render(notes));
  const path = join(folder, name);
  if (check) {
    let kept;
    try {
      kept = readFileSync(path);
    } catch {
      kept = null;
    }
    if (!kept || !kept.equals(bytes)) {
      differ += 1;
      console.error(`${name}: differs from scripts/sounds.mjs's output (run it to rewrite)`);
    }
  } else {
    writeFileSync(path, bytes);
    console.log(`${name}: ${bytes.length} bytes, ${(bytes.length - 44) / 2 / rate} s`);
  }
}
if (differ > 0) process.exit(1);
