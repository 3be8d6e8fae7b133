import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/api/facts/service-facts.js';
import { runEmulator } from '../../src/emulator/run-emulator.js';

describe('listing-bulk emulator', () => {
  it('announces one JSON line with the URL, a key and a user per role, then serves until stopped', async () => {
    const lines: string[] = [];
    let stop = (): void => undefined;
    const until = new Promise<void>((resolve) => (stop = resolve));
    let firstLine = (_line: string): void => undefined;
    const announced = new Promise<string>((resolve) => (firstLine = resolve));
    const announce = (text: string): void => {
      lines.push(text);
      firstLine(text);
    };
    const running = runEmulator({ host: '127.0.0.1', port: 0, emulator: { businesses: 10, feedback: 0 }, until, announce }, pino({ level: 'silent' }));
    const line = JSON.parse(await announced) as { url: string; keys: Record<string, string>; users: Record<string, string> };
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    expect(Object.keys(line.keys)).toEqual([...ROLES]);
    expect(Object.keys(line.users)).toEqual([...ROLES]);
    const res = await fetch(`${line.url}/business/search`, { headers: { 'x-APIKey': line.keys.ORG_ADMIN ?? '' } });
    expect(res.status).toBe(200);
    stop();
    await running;
    expect(lines).toHaveLength(1);
  });

  it('tells a person on a terminal the URL, the keys by role and the lines to paste', async () => {
    let stop = (): void => undefined;
    const until = new Promise<void>((resolve) => (stop = resolve));
    let announce = (_text: string): void => undefined;
    const announced = new Promise<string>((resolve) => (announce = resolve));
    const running = runEmulator({ host: '127.0.0.1', port: 0, emulator: { businesses: 10, feedback: 0 }, until, announce, human: true }, pino({ level: 'silent' }));
    const text = await announced;
    stop();
    await running;
    const url = /^Emulator listening on (http:\/\/127\.0\.0\.1:\d+\/v2)$/m.exec(text)?.[1];
    expect(url).toBeDefined();
    for (const role of ROLES) expect(text).toMatch(new RegExp(`^  ${role} +\\S+$`, 'm'));
    expect(text).toMatch(new RegExp(`^  export LISTING_API_URL=${url ?? ''} LISTING_API_KEY=\\S+$`, 'm'));
  });
});
