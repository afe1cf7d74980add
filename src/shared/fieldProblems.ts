import type { z } from 'zod';
import { issueField } from '../../contract/http';

// A form's problems, one sentence under each field: from the form's own check with the server's
// schema (zod issues), and from the server's refusal, whose sentences start with the field's name
// ("tag: A token tagged ... already exists"). What names no field of the form stays whole, to be
// said over the form.

export type FieldProblems<F extends string> = Partial<Record<F, string>>;

const isField = <F extends string>(fields: readonly F[], key: string): key is F => fields.some((f) => f === key);

/** The first issue of each field; `item` words where in a list it is ("line 2" for a box of lines). */
export function issueProblems<F extends string>(
  issues: readonly z.core.$ZodIssue[],
  fields: readonly F[],
  item: (n: number) => string = (n) => `item ${n}`,
): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const issue of issues) {
    const { field, item: n } = issueField(issue.path);
    if (isField(fields, field)) problems[field] ??= n === null ? issue.message : `${issue.message} (${item(n)})`;
  }
  return problems;
}

/** The server's refusal ("field: sentence; field: sentence") as the problems of the fields it names, and the rest. */
export function serverProblems<F extends string>(detail: string, fields: readonly F[]): { problems: FieldProblems<F>; rest: string | null } {
  const problems: FieldProblems<F> = {};
  const rest: string[] = [];
  for (const part of detail.split('; ')) {
    const match = /^(\w+): (.+)$/.exec(part);
    if (match && isField(fields, match[1])) problems[match[1]] ??= match[2];
    else if (part.trim()) rest.push(part);
  }
  return { problems, rest: rest.length > 0 ? rest.join('; ') : null };
}
