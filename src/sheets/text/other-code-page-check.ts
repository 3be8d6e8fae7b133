import { HIGH, highBytesMatching, isAsciiLetter, isAsciiLowercase, type CodePage } from './code-page.js';

/** Enough high bytes to tell: the rest of a large file is not looked at. */
const ENOUGH_HIGH_BYTES = 50_000;
/** Fewer bytes in runs than these are chance: prices in €€€. */
const MIN_RUN_BYTES = 6;
/** Latin text has one accented letter at a time; a third of its high bytes in runs of three or more is another script. */
const LONG_RUN = 3;
const RUN_SHARE = 0.3;
const FOREIGN_SHARE = 0.1;
/** What stands between a letter and a lowercase letter in Latin text: lowercase letters, and these (aujourd’hui, col·lecció, lundi–vendredi). */
const WORD_INNER = /[\p{Ll}ªº‘’“”•–—™·]/u;

/**
 * Letters the languages of Windows-1252 put at the end of words (così, più), which Czech and
 * Slovak in Windows-1250 put inside them: `ě` and `ů` read `ì` and `ù` (`Budìjovice`, `Prùmyslová`).
 */
const WORD_END = /[ìù]/u;

const WORD_END_BYTES = highBytesMatching('windows-1252', WORD_END);
const WORD_INNER_BYTES: Record<CodePage, boolean[]> = {
  'windows-1252': highBytesMatching('windows-1252', WORD_INNER).map((inner, index) => inner && WORD_END_BYTES[index] !== true),
  macintosh: highBytesMatching('macintosh', WORD_INNER),
};

/**
 * Signs that a file not in UTF-8 is in neither code page the reader knows, but in one of Central
 * Europe (Windows-1250), Cyrillic, Greek, MS-DOS (Excel's "CSV (MS-DOS)"), or the double-byte ones
 * of Japanese, Chinese and Korean: read as Windows-1252 it would give wrong letters without one
 * undefined byte. The signs:
 * - runs of three high bytes or more, a third of them: words of Cyrillic or Greek, the characters
 *   of double-byte code pages;
 * - between a letter and a lowercase letter, a tenth of the time (once is enough in a file of a
 *   few words: Latin text in its own code page has no capital nor symbol there), a byte that is
 *   no lowercase letter nor word punctuation in the code page read: `Wrocław` in Windows-1250 shows `Wroc³aw`
 *   in Windows-1252, `Hélène` in MS-DOS `HÇläne` in Mac OS Roman, `Budějovice` in Windows-1250
 *   `Budìjovice` in Windows-1252.
 */
export class OtherCodePageCheck {
  private high = 0;
  private inRuns = 0;
  private run = 0;
  private inWords = 0;
  private foreign: Record<CodePage, number> = { 'windows-1252': 0, macintosh: 0 };
  /** A high byte after a letter: inside a word if a lowercase letter follows. */
  private afterLetter: number | undefined;

  /** One byte of the file, and the one before it. */
  see(byte: number, previous: number): void {
    if (this.high >= ENOUGH_HIGH_BYTES) return;
    if (byte >= HIGH) {
      this.high++;
      this.run++;
    } else {
      if (this.run >= LONG_RUN) this.inRuns += this.run;
      this.run = 0;
    }
    if (this.afterLetter !== undefined && isAsciiLowercase(byte)) this.countInWord(this.afterLetter);
    this.afterLetter = byte >= HIGH && isAsciiLetter(previous) ? byte : undefined;
  }

  /** Whether the file's letters would be read wrong in `codePage`. */
  readsWrongIn(codePage: CodePage): boolean {
    const inRuns = this.inRuns + (this.run >= LONG_RUN ? this.run : 0);
    const foreign = this.foreign[codePage];
    return (inRuns >= MIN_RUN_BYTES && inRuns >= this.high * RUN_SHARE) || (foreign > 0 && foreign >= this.inWords * FOREIGN_SHARE);
  }

  private countInWord(byte: number): void {
    this.inWords++;
    for (const codePage of ['windows-1252', 'macintosh'] as const) {
      if (WORD_INNER_BYTES[codePage][byte - HIGH] !== true) this.foreign[codePage]++;
    }
  }
}
