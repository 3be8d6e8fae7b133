import { describe, expect, it } from 'vitest';
import { runCliInProcess, testIo } from './test-io.js';

describe('output on a terminal', () => {
  it('logs in words to the stderr the CLI is given when it is a terminal, JSON lines when it is not', async () => {
    const terminal = testIo();
    terminal.stderr.isTTY = true;
    const onTerminal = await runCliInProcess(['check', '--emulator'], {}, terminal);
    expect(onTerminal.code, onTerminal.stderr).toBe(0);
    expect(onTerminal.stderr).toMatch(/INFO.*started the built-in emulator/);
    expect(onTerminal.stderr).not.toContain('{"level"');

    const piped = await runCliInProcess(['check', '--emulator']);
    expect(piped.stderr.split('\n')[0]).toMatch(/^\{"level":30,.*"msg":"started the built-in emulator"\}$/);
  });
});
