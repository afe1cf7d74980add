import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkName, maxNameLength } from '../../server/engines/name';

// Independent cases: the parse-full-name repository's own test list (test/index.js of
// github.com/dschnelldavis/parse-full-name: title, first, middle, last, nick, suffix), read through
// checkName's parts; obscenity's README examples; and the names the issue names.
const parserCases: Array<[string, [string, string, string, string, string, string]]> = [
  ['David Davis', ['', 'David', '', 'Davis', '', '']],
  ['Davis, David', ['', 'David', '', 'Davis', '', '']],
  ['Gerald Böck', ['', 'Gerald', '', 'Böck', '', '']],
  ['David William Davis', ['', 'David', 'William', 'Davis', '', '']],
  ['Vincent Van Gogh', ['', 'Vincent', '', 'Van Gogh', '', '']],
  ['Lorenzo de Médici', ['', 'Lorenzo', '', 'de Médici', '', '']],
  ['Jüan de la Véña', ['', 'Jüan', '', 'de la Véña', '', '']],
  ['Jüan Martinez de Lorenzo y Gutierez', ['', 'Jüan', 'Martinez', 'de Lorenzo y Gutierez', '', '']],
  ['Orenthal James "O. J." Simpson', ['', 'Orenthal', 'James', 'Simpson', 'O. J.', '']],
  ['Sammy Davis, Jr.', ['', 'Sammy', '', 'Davis', '', 'Jr.']],
  ['Dr. John P. Doe-Ray, Jr.', ['Dr.', 'John', 'P.', 'Doe-Ray', '', 'Jr.']],
  ['Doe-Ray, Dr. John P., Jr.', ['Dr.', 'John', 'P.', 'Doe-Ray', '', 'Jr.']],
  ['Mr. Jüan Martinez (Martin) de Lorenzo y Gutierez Jr.', ['Mr.', 'Jüan', 'Martinez', 'de Lorenzo y Gutierez', 'Martin', 'Jr.']],
  ['MR. JÜAN MARTINEZ (MARTIN) DE LORENZO Y GUTIEREZ JR.', ['Mr.', 'Jüan', 'Martinez', 'de Lorenzo y Gutierez', 'Martin', 'Jr.']],
  ['mr. jüan martinez (martin) de lorenzo y gutierez jr.', ['Mr.', 'Jüan', 'Martinez', 'de Lorenzo y Gutierez', 'Martin', 'Jr.']],
];

describe('parsing: the parser\'s own test list', () => {
  it.each(parserCases)('%s', (name, [title, forename, middle, surname, nickname, suffix]) => {
    expect(checkName(name).parts).toEqual({ title, forename, middle, surname, nickname, suffix });
  });
});

const verdictOf = (name: string) => checkName(name).verdict;
const checksOf = (name: string) => checkName(name).reasons.filter((r) => r.severity !== 'info').map((r) => r.check);

describe('checks', () => {
  it('real names, places and names in other scripts pass', () => {
    for (const name of ['Mr John Smith', 'Dick Smith', 'Dick Penistone', 'Jack Scunthorpe', 'Richard Cockburn', 'Alan Cumming', 'Fanny Cradock',
      'Siobhan O\'Neill-McCarthy', 'Rhys Llwyd', 'Ng Wei', 'Aaron Aaronson', 'Dr. John P. Doe-Ray, Jr.', 'Иван Петрович Сидоров', 'محمد علي',
      'Ελένη Παπαδοπούλου', 'דוד כהן', 'Nguyễn Văn An', 'José María García']) {
      expect(verdictOf(name), name).toBe('valid');
      expect(checksOf(name), name).toEqual([]);
    }
  });

  it('names written without spaces (CJK) are one part, never mashing', () => {
    for (const name of ['毛泽东', '山田太郎', '김민준', 'やまだ たろう']) {
      const r = checkName(name);
      expect(r.verdict, name).toBe('valid');
      expect(checksOf(name), name).not.toContain('mashing');
      expect(r.reasons.some((x) => x.check === 'notChecked' && x.message.includes('Latin script only')), name).toBe(true);
    }
  });

  it('blank', () => {
    for (const name of ['', '   ', '\t\n', '.,-', '123']) {
      expect(checksOf(name), JSON.stringify(name)).toContain('blank');
      expect(checkName(name).score).toBe(0);
    }
  });

  it('keyboard mashing', () => {
    for (const name of ['asdf qwer', 'jjjjj', 'Jjjjj Smith', 'John Sdfg', 'Xzqwrt Brown', 'Mary Qwertyuiop', 'lkjh poiu']) {
      expect(checksOf(name), name).toContain('mashing');
      expect(verdictOf(name), name).toBe('invalid');
    }
  });

  it('placeholders', () => {
    for (const name of ['test test', 'Mickey Mouse', 'John Doe', 'Joe Bloggs', 'Test User', 'Unknown Smith', 'Firstname Lastname']) {
      expect(checksOf(name), name).toContain('placeholder');
      expect(verdictOf(name), name).toBe('invalid');
    }
  });

  it('profanity, with obscenity\'s README examples (leet speak and look-alike letters)', () => {
    for (const name of ['fuck you', 'ʃ𝐟ʃὗƈｋ ỹоứ 𝔟ⁱẗ𝙘ɦ', 'John Sh1t', 'Dickhead Jones', 'Wanker Smith', 'Penis Brown']) {
      expect(checksOf(name), name).toContain('profanity');
      expect(verdictOf(name), name).toBe('invalid');
    }
  });

  it('title and forename, softly', () => {
    for (const name of ['Mr Mary Jones', 'Mrs John Smith', 'Miss David Brown']) {
      const r = checkName(name);
      expect(checksOf(name), name).toEqual(['titleGender']);
      expect(r.reasons.find((x) => x.check === 'titleGender')!.severity).toBe('warn');
      expect(r.score).toBe(85);
    }
    expect(checksOf('Mr Alex Jones')).toEqual([]);
    expect(checksOf('Ms Mary Jones')).toEqual([]);
  });

  it('digits, symbols, one part', () => {
    expect(checksOf('R2D2 Robot')).toContain('digits');
    expect(checksOf('John @ Smith')).toContain('symbols');
    expect(checksOf('Madonna')).toEqual(['singlePart']);
    expect(verdictOf('Madonna')).toBe('valid');
  });

  it('a very long name is cut and said', () => {
    const r = checkName('Ab '.repeat(5000));
    expect(r.name.length).toBeLessThanOrEqual(maxNameLength);
    expect(r.reasons.map((x) => x.check)).toContain('tooLong');
  });
});

describe('properties', () => {
  it('no input crashes it; the score is 0-100 and the verdict follows it', () => {
    const check = (s: string) => {
      const r = checkName(s);
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(r.verdict).toBe(r.score >= 70 ? 'valid' : r.score >= 40 ? 'suspect' : 'invalid');
      expect(r.reasons.length).toBeGreaterThan(0);
    };
    fc.assert(fc.property(fc.string({ maxLength: 60 }), check), { numRuns: 1500 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), check), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), check), { numRuns: 500 });
  });
  it('names in one non-Latin script are never called mashing', () => {
    const alphabets = ['абвгдежзийклмнопрстуфхцчшщыэюя', 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي', '山田太郎花子李王张刘陈杨', 'αβγδεζηθικλμνξοπρστυφχψω'];
    fc.assert(fc.property(fc.constantFrom(...alphabets), fc.array(fc.nat(), { minLength: 2, maxLength: 12 }), fc.nat({ max: 3 }), (alphabet, picks, spaces) => {
      const letters = [...alphabet];
      let name = picks.map((p) => letters[p % letters.length]).join('');
      if (spaces > 0 && name.length > 3) name = `${name.slice(0, 2)} ${name.slice(2)}`;
      expect(checkName(name).reasons.map((r) => r.check)).not.toContain('mashing');
    }), { numRuns: 500 });
  });
  it('adding an allow-listed place or name never adds a profanity finding', () => {
    fc.assert(fc.property(fc.constantFrom('Penistone', 'Scunthorpe', 'Dick', 'Cockburn', 'Shitterton', 'Cumming'), fc.constantFrom('John', 'Mary', 'Ahmed', 'Li'), (place, forename) => {
      expect(checksOf(`${forename} ${place}`)).not.toContain('profanity');
    }));
  });
});
