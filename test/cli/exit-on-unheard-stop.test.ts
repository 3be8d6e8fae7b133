import { EventEmitter } from 'node:events';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { exitOnUnheardStop } from '../../src/cli/exit-on-unheard-stop.js';
import { withStopSignal } from '../../src/cli/stop-signal.js';
import { testIo } from './test-io.js';

/** A process whose signals are events and whose exit is recorded. */
function fakeProcess() {
  const exits: number[] = [];
  const emitter = new EventEmitter();
  return { exits, emitter, target: Object.assign(emitter, { exit: (code: number) => void exits.push(code) }) };
}

it('a stop no command listens for yet ends the process with its signal\'s code, as it does outside a container', () => {
  const { exits, target } = fakeProcess();
  exitOnUnheardStop(target);
  target.emit('SIGTERM');
  target.emit('SIGINT');
  expect(exits).toEqual([EXIT_CODES.terminated, EXIT_CODES.interrupted]);
});

it('a stop a command listens for is the command\'s: it finishes its work and says the exit code', async () => {
  const { exits, target } = fakeProcess();
  exitOnUnheardStop(target);
  const requested: number[] = [];
  const io = { ...testIo(), signals: target };
  await withStopSignal({ io, logger: pino({ level: 'silent' }), requestExit: (code) => void requested.push(code) }, (signal) => {
    target.emit('SIGTERM');
    expect(signal.aborted).toBe(true);
    return Promise.resolve();
  });
  expect([exits, requested]).toEqual([[], [EXIT_CODES.terminated]]);
});
