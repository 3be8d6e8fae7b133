import iconv from 'iconv-lite';

/** The code pages Excel saves a plain CSV in: Windows-1252 on Windows, Mac OS Roman on a Mac. */
export type CodePage = 'windows-1252' | 'macintosh';

const HIGH = 0x80;
// A lead no later part of a file overturns: the rest of a large file is not looked at.
const DECISIVE_LEAD = 1_000;
// Quotes (’ “ ” in Windows-1252, í ì î ï in Mac OS Roman) follow letters in either: no vote.
const QUOTES = new Set([0x91, 0x92, 0x93, 0x94]);
// Windows-1252 defines no character for these; Mac OS Roman has Å ç è ê ù.
const UNDEFINED_IN_WINDOWS = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

const lowercaseIn = (codePage: CodePage): boolean[] =>
  Array.from({ length: 256 - HIGH }, (_, index) => /\p{Ll}/u.test(iconv.decode(Buffer.from([HIGH + index]), codePage)));
const WINDOWS_LOWER = lowercaseIn('windows-1252');
const MAC_LOWER = lowercaseIn('macintosh');

/**
 * Which code page a file that is not UTF-8 is in, from the bytes after lowercase letters: an
 * accented letter inside a word (`é` in `Crêperie`) is a lowercase letter in the right code page,
 * and most often a symbol or a capital in the other. Windows-1252 wins a tie, as French Excel on
 * Windows writes it.
 */
export class CodePageVote {
  private mac = 0;
  private windows = 0;
  private previous = 0;

  push(chunk: Uint8Array): void {
    if (Math.abs(this.mac - this.windows) >= DECISIVE_LEAD) return;
    for (const byte of chunk) {
      if (byte >= HIGH) this.vote(byte);
      this.previous = byte;
    }
  }

  get codePage(): CodePage {
    return this.mac > this.windows ? 'macintosh' : 'windows-1252';
  }

  private vote(byte: number): void {
    if (UNDEFINED_IN_WINDOWS.has(byte)) this.mac++;
    const afterLowercase = this.previous >= 0x61 && this.previous <= 0x7a;
    if (!afterLowercase || QUOTES.has(byte)) return;
    const [windows, mac] = [WINDOWS_LOWER[byte - HIGH] === true, MAC_LOWER[byte - HIGH] === true];
    if (windows && !mac) this.windows++;
    if (mac && !windows) this.mac++;
  }
}

/** Whether an encoding is one of these code pages, which have no byte order mark and lack most of Unicode. */
export function isCodePage(encoding: string): encoding is CodePage {
  return encoding === 'windows-1252' || encoding === 'macintosh';
}

/** A code page as people know it. */
export function nameCodePage(codePage: CodePage): string {
  return codePage === 'macintosh' ? 'Mac OS Roman' : 'Windows-1252';
}
