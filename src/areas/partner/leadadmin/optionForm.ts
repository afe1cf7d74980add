// First: the schemas below are built with zod's compiled fast path off (see ./zodJitless).
import '../../../shared/zodJitless';
import { leadOptionInput } from '../../../../contract/leads/schemas';
import type { LeadOptionInput } from '../../../api/leads';

// A lead option as typed (spec section 3: option, requirement), checked with the server's schema so
// the message under each field is the server's words.

export type OptionProblems = Partial<Record<'option' | 'requirement', string>>;

export function optionBodyOf(data: FormData): { body: LeadOptionInput; problems: OptionProblems } {
  const body = { option: String(data.get('option') ?? ''), requirement: String(data.get('requirement') ?? '') };
  const parsed = leadOptionInput.safeParse(body);
  const problems: OptionProblems = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'option' || field === 'requirement') problems[field] ??= issue.message;
    }
  }
  return { body, problems };
}
