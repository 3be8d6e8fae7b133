import { HIGH, highBytesMatching, isAsciiLetter, isAsciiLowercase, isAsciiUppercase, type CodePage } from './code-page.js';
import { OtherCodePageCheck } from './other-code-page-check.js';
// A lead no later part of a file overturns: the rest of a large file is not looked at.
const DECISIVE_LEAD = 1_000;
// Quotes (’ “ ”) follow letters in Windows-1252 text, where Mac OS Roman has í ì î ï: no vote.
const QUOTES = new Set([0x91, 0x92, 0x93, 0x94]);
// • – — ™ join words (Mon–Fri, Nespresso™), where Mac OS Roman has ï ñ ó ô inside them (Muñoz):
// a vote only between two lowercase letters.
const JOINERS = new Set([0x95, 0x96, 0x97, 0x99]);
// Windows-1252 defines no character for these; Mac OS Roman has Å ç è ê ù.
const UNDEFINED_IN_WINDOWS = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

type Letters = { windows: boolean[]; mac: boolean[] };
const LOWER: Letters = { windows: highBytesMatching('windows-1252', /\p{Ll}/u), mac: highBytesMatching('macintosh', /\p{Ll}/u) };
const UPPER: Letters = { windows: highBytesMatching('windows-1252', /\p{Lu}/u), mac: highBytesMatching('macintosh', /\p{Lu}/u) };

/**
 * Which encoding a file that is not UTF-8 throughout is in. Mostly UTF-8, when its whole UTF-8
 * sequences outnumber its stray high bytes (files joined together, a row pasted from another
 * file): its few stray bytes then read as U+FFFD, which the import refuses. Else a code page, from
 * the bytes after lowercase letters: an accented letter inside a word (`é` in `Crêperie`) is a
 * lowercase letter in the right one, and most often a symbol or a capital in the other; and between
 * two capitals and a letter, as in names a CRM writes in capitals (`CRÊPERIE`), a capital in the right one.
 * Windows-1252 wins a tie, as French Excel on Windows writes it.
 */
export class EncodingVote {
  private mac = 0;
  private windows = 0;
  private previous = 0;
  private beforePrevious = 0;
  /** A byte that votes only if the next one is a letter of the kind given. */
  private pending: { byte: number; letters: Letters; next: (byte: number) => boolean } | undefined;
  private utf8Sequences = 0;
  private strayBytes = 0;
  /** Continuation bytes the current UTF-8 sequence still needs. */
  private continuation = 0;
  private readonly otherCodePage = new OtherCodePageCheck();

  push(chunk: Uint8Array): void {
    if (Math.abs(this.mac - this.windows) >= DECISIVE_LEAD && Math.abs(this.utf8Sequences - this.strayBytes) >= DECISIVE_LEAD) return;
    for (const byte of chunk) {
      if (this.pending?.next(byte) === true) this.count(this.pending.byte, this.pending.letters);
      this.pending = undefined;
      if (byte >= HIGH) this.vote(byte);
      this.readUtf8(byte);
      this.otherCodePage.see(byte, this.previous);
      this.beforePrevious = this.previous;
      this.previous = byte;
    }
  }

  get encoding(): CodePage | 'utf-8' {
    if (this.utf8Sequences > this.strayBytes) return 'utf-8';
    return this.mac > this.windows ? 'macintosh' : 'windows-1252';
  }

  /** Whether the file is in neither code page, so that reading it in the one it votes for would get its letters wrong (other-code-page-check.ts). */
  get inOtherCodePage(): boolean {
    const encoding = this.encoding;
    return encoding !== 'utf-8' && this.otherCodePage.readsWrongIn(encoding);
  }

  private readUtf8(byte: number): void {
    if (this.continuation > 0) {
      if (byte >= 0x80 && byte <= 0xbf) {
        if (--this.continuation === 0) this.utf8Sequences++;
        return;
      }
      this.strayBytes++;
      this.continuation = 0;
    }
    if (byte >= 0xc2 && byte <= 0xf4) this.continuation = byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : 1;
    else if (byte >= HIGH) this.strayBytes++;
  }

  private vote(byte: number): void {
    if (UNDEFINED_IN_WINDOWS.has(byte)) this.mac++;
    // Inside a word only: Windows-1252 puts ® … € after capitals (NESPRESSO®), where Mac OS Roman has Æ Ö Ä.
    if (isAsciiUppercase(this.previous) && isAsciiUppercase(this.beforePrevious)) this.pending = { byte, letters: UPPER, next: isAsciiLetter };
    if (!isAsciiLowercase(this.previous) || QUOTES.has(byte)) return;
    if (JOINERS.has(byte)) this.pending = { byte, letters: LOWER, next: isAsciiLowercase };
    else this.count(byte, LOWER);
  }

  /** A vote for the code page where the byte is the kind of letter expected, when the other has it otherwise. */
  private count(byte: number, letters: Letters): void {
    const [windows, mac] = [letters.windows[byte - HIGH] === true, letters.mac[byte - HIGH] === true];
    if (windows && !mac) this.windows++;
    if (mac && !windows) this.mac++;
  }
}
