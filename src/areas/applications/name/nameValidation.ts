import type { NameResultBody } from '../../../../contract/name/entities';

export const verdictLabels: Record<NameResultBody['verdict'], string> = { valid: 'Valid', suspect: 'Suspect', invalid: 'Invalid' };
export const verdictMeanings: Record<NameResultBody['verdict'], string> = {
  valid: 'Scores 70 or more: reads as a real person’s name.',
  suspect: 'Scores 40 to 69: could be a name, but something about it needs a look.',
  invalid: 'Scores below 40: does not read as a person’s name.',
};
export const partLabels: Array<[keyof NameResultBody['parts'], string]> = [
  ['title', 'Title'],
  ['forename', 'Forename'],
  ['middle', 'Middle names'],
  ['surname', 'Surname'],
  ['suffix', 'Suffix'],
  ['nickname', 'Nickname'],
];
