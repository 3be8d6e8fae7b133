/**
 * The first code point of each script's ten decimal digits that people type in numbers, phones
 * and zip codes: Arabic-Indic, Persian and Urdu, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya,
 * Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian.
 */
const ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0xf20, 0x1040, 0x17e0, 0x1810];
const DIGIT = new RegExp(`[${ZEROS.map((zero) => `\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}`).join('')}]`, 'gu');
// Full-width forms of ASCII (`１５０－０００２`, `０９：００`), as Japanese, Chinese and Korean input methods type them, and their space.
const FULL_WIDTH = /[\uFF01-\uFF5E\u3000]/g;
const ARABIC_SEPARATORS: Readonly<Record<string, string>> = { '\u066B': '.', '\u066C': ',' };
// What needs a look: every character replaced below is beyond printable ASCII, where most cells are whole.
const NOT_ASCII = /[^ -~\t\n\r]/;
// The marks and isolates that set the direction of text, which a number copied from right-to-left text (Arabic, Hebrew) carries unseen.
const DIRECTION_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A cell of a field the service takes in ASCII (numbers, dates, hours, phones, zip codes) with the
 * digits and signs typed in another script as the ASCII ones they are: `١٢٣` and `１２３` are 123;
 * the marks of direction right-to-left text leaves around it are no part of it.
 */
export function toAsciiDigits(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  return text
    .replace(DIRECTION_MARKS, '')
    .replace(FULL_WIDTH, (char) => (char === '\u3000' ? ' ' : String.fromCharCode(char.charCodeAt(0) - 0xfee0)))
    .replace(DIGIT, (char) => {
      const code = char.codePointAt(0) ?? 0;
      return String(code - (ZEROS.find((zero) => code >= zero && code <= zero + 9) ?? code));
    })
    .replace(/[\u066B\u066C]/g, (char) => ARABIC_SEPARATORS[char] ?? char);
}
