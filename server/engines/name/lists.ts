// The small lists the name checks use, each with where it comes from.

/**
 * Real names and places that a profanity list matches by accident: the "Scunthorpe problem".
 * Words are compared lower-case, whole words only. Penistone (South Yorkshire), Scunthorpe
 * (Lincolnshire), Shitterton (Dorset), Twatt (Orkney and Shetland), Cockermouth (Cumbria),
 * Clitheroe (Lancashire), Lickey End (Worcestershire); Dick, Dickie and Dicky (short for Richard),
 * the surnames Cumming(s), Cockburn, Dikshit, Hancock, Butts, Sexton, Kuntz, Fanny as a forename
 * (Fanny Cradock), Analise (a forename).
 */
export const profanityAllowList = new Set([
  'penistone', 'scunthorpe', 'shitterton', 'twatt', 'cockermouth', 'clitheroe', 'lickey',
  'dick', 'dickie', 'dicky', 'dix', 'dixon', 'cumming', 'cummings', 'cumberbatch', 'cockburn', 'cockcroft', 'dikshit', 'hancock', 'butts', 'sexton',
  'kuntz', 'fanny', 'analise', 'annalise', 'assange', 'hoare', 'cox', 'bastardo', 'titterington', 'babcock', 'glasscock', 'hitchcock', 'peacock',
]);

/** Whole names that are placeholders rather than people (compared lower-case, title removed). */
export const placeholderNames = new Set([
  'test test', 'test user', 'test tester', 'test testing', 'testy mctestface', 'mickey mouse', 'minnie mouse', 'donald duck', 'daffy duck', 'bugs bunny',
  'john doe', 'jane doe', 'joe bloggs', 'fred bloggs', 'joe public', 'john q public', 'homer simpson', 'bart simpson', 'harry potter',
  'santa claus', 'father christmas', 'first last', 'firstname lastname', 'first name last name', 'name surname', 'foo bar', 'lorem ipsum',
]);

/** Words that, anywhere in a name, mark a placeholder. */
export const placeholderWords = new Set([
  'test', 'testing', 'tester', 'dummy', 'sample', 'fake', 'null', 'undefined', 'unknown', 'anonymous', 'anon', 'firstname', 'lastname',
  'surname', 'forename', 'name', 'none', 'n/a', 'xxx', 'xx', 'foo', 'foobar', 'blah', 'qwerty', 'asdf', 'customer', 'user', 'nobody',
]);

/**
 * Forenames that are (nearly) always given to one sex, for the soft title/gender check only.
 * From the most common names of boys and girls registered in England and Wales (Office for National
 * Statistics, "Baby names in England and Wales", 1954-2023 releases); names given to both (Alex,
 * Sam, Charlie, Jordan, Jamie, Robin, Leslie...) are left out on purpose.
 */
export const maleForenames = new Set([
  'john', 'david', 'michael', 'paul', 'andrew', 'mark', 'richard', 'peter', 'james', 'robert', 'stephen', 'ian', 'christopher', 'anthony',
  'william', 'thomas', 'george', 'oliver', 'harry', 'jack', 'noah', 'arthur', 'muhammad', 'mohammed', 'leo', 'oscar', 'henry', 'jacob',
  'edward', 'daniel', 'matthew', 'gary', 'kevin', 'steven', 'simon', 'neil', 'graham', 'brian', 'kenneth', 'keith', 'colin', 'alan', 'dick',
]);
export const femaleForenames = new Set([
  'mary', 'susan', 'margaret', 'sarah', 'elizabeth', 'patricia', 'linda', 'karen', 'julie', 'helen', 'claire', 'emma', 'lisa', 'nicola',
  'olivia', 'amelia', 'isla', 'ava', 'ivy', 'freya', 'lily', 'florence', 'mia', 'willow', 'rosie', 'sophia', 'isabella', 'grace', 'emily',
  'jessica', 'hannah', 'charlotte', 'rebecca', 'laura', 'rachel', 'catherine', 'anne', 'ann', 'jane', 'joan', 'jennifer', 'fanny',
]);

export const maleTitles = new Set(['mr', 'sir', 'lord', 'master', 'herr', 'senor', 'señor', 'monsieur', 'm']);
export const femaleTitles = new Set(['mrs', 'miss', 'ms', 'dame', 'lady', 'madam', 'madame', 'mme', 'frau', 'senora', 'señora', 'mlle']);

/** Rows of the QWERTY keyboard (and AZERTY's and QWERTZ's differences), read both ways. */
export const keyboardRows = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'azertyuiop', 'qsdfghjklm', 'wxcvbn', 'qwertzuiop', 'yxcvbnm', '1234567890'];
