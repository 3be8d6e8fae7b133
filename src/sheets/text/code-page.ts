import iconv from 'iconv-lite';

/** The code pages Excel saves a plain CSV in: Windows-1252 on Windows, Mac OS Roman on a Mac. */
export type CodePage = 'windows-1252' | 'macintosh';

/** The first byte above ASCII, where code pages differ. */
export const HIGH = 0x80;

/** Whether an encoding is one of these code pages, which have no byte order mark and lack most of Unicode. */
export function isCodePage(encoding: string): encoding is CodePage {
  return encoding === 'windows-1252' || encoding === 'macintosh';
}

/** A code page as people know it. */
export function nameCodePage(codePage: CodePage): string {
  return codePage === 'macintosh' ? 'Mac OS Roman' : 'Windows-1252';
}

/** For each byte from HIGH up, whether its character in `codePage` matches `pattern`. */
export const highBytesMatching = (codePage: CodePage, pattern: RegExp): boolean[] =>
  Array.from({ length: 256 - HIGH }, (_, index) => pattern.test(iconv.decode(Buffer.from([HIGH + index]), codePage)));

export function isAsciiLowercase(byte: number): boolean {
  return byte >= 0x61 && byte <= 0x7a;
}

export function isAsciiUppercase(byte: number): boolean {
  return byte >= 0x41 && byte <= 0x5a;
}

export function isAsciiLetter(byte: number): boolean {
  return isAsciiLowercase(byte) || isAsciiUppercase(byte);
}
