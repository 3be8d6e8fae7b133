import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const rows = (...names: string[]): string => `code;name;city\n${names.map((name, index) => `S${String(index)};${name}\n`).join('')}`;

const READ_WRONG: [string, string, string][] = [
  ['Japanese in Shift_JIS', 'Shift_JIS', rows('東京駅前店;東京', 'ブーランジェリー新宿;新宿区', 'カフェ・ド・パリ;大阪')],
  ['Chinese in GBK', 'gbk', rows('北京面包店;北京', '上海咖啡馆;上海')],
  ['Korean in EUC-KR', 'euc-kr', rows('서울 베이커리;서울', '부산 카페;부산')],
  ['Russian in Windows-1251', 'windows-1251', rows('Пекарня Москва;Москва', 'Кафе у дома;Санкт-Петербург')],
  ['Greek in Windows-1253', 'windows-1253', rows('Φούρνος Αθήνα;Αθήνα', 'Καφέ;Θεσσαλονίκη')],
  ['French in MS-DOS (Excel\'s CSV (MS-DOS))', 'cp850', rows('Crêperie Hélène;Orléans', "Pâtisserie où l'on déguste;Besançon", 'Boulangerie de la Côte;Sète', 'Café des Arts;Béziers', 'Brasserie Mégève;Nîmes')],
  ['French in MS-DOS, two rows: one é inside a word reads Ç in Mac OS Roman', 'cp850', rows('Crêperie Hélène;Besançon', 'Boulangerie Côté;Nîmes')],
  ['German in the US MS-DOS code page', 'cp437', rows('Bäckerei Müller;Köln', 'Konditorei Straße;Düsseldorf', 'Brücke Mühle;München', 'Café für Süßes;Nürnberg', 'Bäckerei Schäfer;Lübeck')],
  ['Polish in Windows-1250', 'windows-1250', rows('Piekarnia Wałbrzych;Wałbrzych', 'Kawiarnia Białystok;Białystok', 'Cukiernia Wrocław;Wrocław', 'Sklep;Bielsko-Biała')],
  ['Czech in Windows-1250', 'windows-1250', rows('Pekárna náměstí Přemysla;České Budějovice', 'Kavárna Průmyslová;Mělník', 'Cukrárna Příbram;Příbram', 'Obchod třída Míru;Děčín')],
];

const READ_RIGHT: [string, string, string][] = [
  ['French in Windows-1252', 'windows-1252', rows('Crêperie Hélène;Orléans', 'Café lundi–vendredi, aujourd’hui;Besançon', 'CRÊPERIE;ORLÉANS')],
  ['French in Mac OS Roman', 'macintosh', rows('Crêperie Hélène;Orléans', 'Pâtisserie où l’on déguste;Besançon')],
  ['one row of French in Windows-1252', 'windows-1252', rows('Café Hélène;Orléans')],
  ['one row of Spanish in Mac OS Roman', 'macintosh', rows('Panadería Muñoz;España')],
  ['German in Windows-1252', 'windows-1252', rows('Bäckerei Müller;Köln', 'Konditorei Straße;Düsseldorf', 'Größe;Öl')],
  ['Spanish and Catalan in Windows-1252', 'windows-1252', rows('Panadería Muñoz;España', 'Forn col·lecció;Lleida', 'Cafetería Año;Logroño', 'Forn de la història;Sòller')],
  ['Italian in Windows-1252', 'windows-1252', rows('Panetteria Città;Forlì', 'Caffè più buono;Cefalù', 'Pasticceria così;Università', 'Forno del lunedì;Orvieto')],
];

async function write(name: string, encoding: string, text: string): Promise<string> {
  const path = join(await makeTempDir(), `${name.replaceAll(' ', '-')}.csv`);
  await writeFile(path, iconv.encode(text, encoding));
  return path;
}

describe('a CSV in a code page the reader does not know', () => {
  it.each(READ_WRONG)('is refused: %s', async (name, encoding, text) => {
    await expect(readItems(await write(name, encoding, text))).rejects.toThrow(
      /: it is not in UTF-8, Windows-1252 nor Mac OS Roman: its bytes look like another code page \(MS-DOS, Central European, Cyrillic, Greek, Japanese, Chinese, Korean…\), whose letters would be read wrong\. Save it as CSV UTF-8 \(in Excel: Save As, CSV UTF-8\)\.$/,
    );
  });

  it.each(READ_RIGHT)('is not mistaken for Latin text in its own code page: %s', async (name, encoding, text) => {
    const { items } = await readItems(await write(name, encoding, text));
    expect(items.map((item) => (item.kind === 'row' ? `${item.values.name ?? ''};${item.values.city ?? ''}` : item))).toEqual(text.trim().split('\n').slice(1).map((line) => line.replace(/^S\d+;/, '')));
  });
});
