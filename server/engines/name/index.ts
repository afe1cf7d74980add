import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { parseFullName } from 'parse-full-name';
import { femaleForenames, femaleTitles, keyboardRows, maleForenames, maleTitles, placeholderNames, placeholderWords, profanityAllowList } from './lists';

// Name validation, with no HTTP and no database. A name is parsed by parse-full-name into title,
// forename, middle, surname and suffix (nickname kept apart), then checked:
//   blank            nothing but spaces and punctuation
//   mashing          keyboard runs (asdf, qwer), one letter repeated (jjjjj), long Latin words
//                    with no vowel (of the forename, middle and surname): Latin script only, other scripts are never called mashing
//   placeholder      "test test", "Mickey Mouse", "John Doe", words such as test, dummy, unknown
//   profanity        obscenity's English dataset with its transformers (leet speak, confusables),
//                    words of the allow-list (real places and names: Penistone, Scunthorpe, Dick) skipped
//   titleGender      Mr with a forename given to girls, Mrs/Miss/Ms with one given to boys (soft)
//   digits, symbols  characters names do not carry
//   single part      only one part: no forename or no surname
// The score starts at 100; each finding takes off its penalty or caps it. What was not checked is
// said: whether the person exists, and for non-Latin scripts, mashing and the title check.

export type NameCheck = 'blank' | 'mashing' | 'placeholder' | 'profanity' | 'titleGender' | 'digits' | 'symbols' | 'singlePart' | 'initialOnly' | 'tooLong' | 'notChecked';
export type NameReason = { check: NameCheck; severity: 'fail' | 'warn' | 'info'; message: string };
export type NameResult = {
  name: string;
  parts: { title: string; forename: string; middle: string; surname: string; suffix: string; nickname: string };
  scripts: string[];
  score: number;
  verdict: 'valid' | 'suspect' | 'invalid';
  reasons: NameReason[];
};

/** Longest name checked (characters); a longer one is cut there, and said. */
export const maxNameLength = 300;

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

const scriptNames = ['Latin', 'Cyrillic', 'Greek', 'Arabic', 'Hebrew', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Devanagari', 'Bengali', 'Thai', 'Armenian', 'Georgian', 'Ethiopic', 'Tamil', 'Gujarati', 'Gurmukhi'] as const;
const scriptTests = scriptNames.map((s) => [s, new RegExp(`\\p{Script=${s}}`, 'u')] as const);

const letterRe = /\p{L}/u;
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (s: string) => s.split(/[\s,]+/u).map((w) => w.replace(/^[.'"()[\]“”‘’]+|[.'"()[\]“”‘’]+$/gu, '')).filter(Boolean);

function isMashedWord(word: string): string | null {
  const w = fold(word);
  if (!/^[a-z]+$/.test(w)) return null;
  if (/([a-z])\1{2,}/.test(w)) return `"${word}" repeats one letter`;
  if (w.length >= 4) {
    for (const row of keyboardRows) {
      for (const line of [row, [...row].reverse().join('')]) {
        for (let i = 0; i + 4 <= w.length; i++) if (line.includes(w.slice(i, i + 4))) return `"${word}" is a run of keys on a keyboard`;
      }
    }
  }
  if (w.length >= 4 && !/[aeiouy]/.test(w)) return `"${word}" has no vowel`;
  if (w.length >= 6 && /[bcdfghjklmnpqrstvxz]{6,}/.test(w)) return `"${word}" has six consonants in a row`;
  return null;
}

const fail = (check: NameCheck, message: string): NameReason => ({ check, severity: 'fail', message });
const warn = (check: NameCheck, message: string): NameReason => ({ check, severity: 'warn', message });
const info = (check: NameCheck, message: string): NameReason => ({ check, severity: 'info', message });

export function checkName(input: string): NameResult {
  const reasons: NameReason[] = [];
  let text = String(input).normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/gu, ' ').trim();
  if ([...text].length > maxNameLength) {
    text = [...text].slice(0, maxNameLength).join('');
    reasons.push(warn('tooLong', `Longer than ${maxNameLength} characters: only the first ${maxNameLength} were checked`));
  }
  const scripts = scriptTests.filter(([, re]) => re.test(text)).map(([s]) => s);
  const emptyParts = { title: '', forename: '', middle: '', surname: '', suffix: '', nickname: '' };
  if (!letterRe.test(text)) {
    return { name: text, parts: emptyParts, scripts, score: 0, verdict: 'invalid', reasons: [fail('blank', 'The name is blank: it holds no letters'), ...reasons] };
  }

  let parsed;
  try {
    parsed = parseFullName(text);
  } catch {
    parsed = { title: '', first: '', middle: '', last: text, nick: '', suffix: '', error: [] };
  }
  const parts = { title: parsed.title, forename: parsed.first, middle: parsed.middle, surname: parsed.last, suffix: parsed.suffix, nickname: parsed.nick };

  let score = 100;
  let cap = 100;
  const words = wordsOf(text);
  const latin = scripts.length > 0 && scripts.every((s) => s === 'Latin');

  // Placeholders: the whole name, or a word of it.
  const bare = fold([parts.forename, parts.middle, parts.surname].filter(Boolean).join(' ')).replace(/[^\p{L}\p{N} /]/gu, '').replace(/\s+/g, ' ').trim();
  const placeholderWord = words.find((w) => placeholderWords.has(fold(w)));
  if (placeholderNames.has(bare)) {
    reasons.push(fail('placeholder', `"${bare}" is a placeholder name, not a person's`));
    cap = Math.min(cap, 10);
  } else if (placeholderWord) {
    reasons.push(fail('placeholder', `"${placeholderWord}" is a placeholder word`));
    cap = Math.min(cap, 20);
  }

  // Profanity, whole words of the allow-list skipped.
  const masked = words.map((w) => (profanityAllowList.has(fold(w)) ? '' : w)).join(' ');
  const matches = matcher.getAllMatches(masked, true);
  if (matches.length > 0) {
    const found = [...new Set(matches.map((m) => englishDataset.getPayloadWithPhraseMetadata(m).phraseMetadata?.originalWord ?? 'a word'))];
    reasons.push(fail('profanity', `Contains profanity (${found.join(', ')})`));
    cap = Math.min(cap, 5);
  }

  // Keyboard mashing: Latin words only.
  const mashed = wordsOf([parts.forename, parts.middle, parts.surname, parts.nickname].join(' ')).map(isMashedWord).filter((m): m is string => m !== null);
  if (mashed.length > 0) {
    reasons.push(fail('mashing', `Looks like keyboard mashing: ${mashed.join('; ')}`));
    cap = Math.min(cap, 15);
  }
  if (!latin) reasons.push(info('notChecked', `Written in ${scripts.join(' and ') || 'an unrecognised script'}: keyboard mashing and the title check apply to Latin script only`));

  if (/\p{N}/u.test(text)) {
    reasons.push(fail('digits', 'Names do not hold digits'));
    score -= 50;
  }
  const symbols = text.replace(/[\p{L}\p{M}\s.,'’‘\-"“”()[\]]/gu, '');
  if (symbols.replace(/\p{N}/gu, '').length > 0) {
    reasons.push(warn('symbols', `Holds characters names do not: ${[...new Set(symbols.replace(/\p{N}/gu, ''))].slice(0, 5).join(' ')}`));
    score -= 30;
  }

  // One part only.
  if (!parts.forename || !parts.surname) {
    const cjk = scripts.some((s) => s === 'Han' || s === 'Hangul' || s === 'Hiragana' || s === 'Katakana');
    if (cjk && words.length === 1) reasons.push(info('singlePart', 'Written without spaces: read as one part (family and given names were not told apart)'));
    else {
      reasons.push(warn('singlePart', parts.surname ? 'Only one name: no forename' : 'Only one name: no surname'));
      score -= 25;
    }
  } else if (/^\p{L}\.?$/u.test(parts.forename)) {
    reasons.push(info('initialOnly', 'The forename is an initial only'));
    score -= 5;
  }

  // Title and forename (soft).
  const title = fold(parts.title).replace(/\./g, '');
  const forename = fold(parts.forename);
  if (latin && title && forename) {
    if (maleTitles.has(title) && femaleForenames.has(forename)) {
      reasons.push(warn('titleGender', `The title ${parts.title} is unusual with the forename ${parts.forename}`));
      score -= 15;
    } else if (femaleTitles.has(title) && maleForenames.has(forename)) {
      reasons.push(warn('titleGender', `The title ${parts.title} is unusual with the forename ${parts.forename}`));
      score -= 15;
    }
  }

  score = Math.max(0, Math.min(score, cap));
  const verdict = score >= 70 ? 'valid' : score >= 40 ? 'suspect' : 'invalid';
  reasons.push(info('notChecked', 'Whether a person of this name exists was not checked'));
  return { name: text, parts, scripts, score, verdict, reasons };
}
