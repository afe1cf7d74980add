import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { nameResult } from './entities';

/** Longest name accepted (characters), as the engine's maxNameLength. */
export const maxNameInput = 300;

export const validateNameBody = z.object({
  name: z
    .string({ error: 'The name must be text' })
    .max(maxNameInput, `A name is at most ${maxNameInput} characters`)
    .refine((s) => s.trim() !== '', 'Enter a name'),
});

/** POST /validate (body name): one name checked, one click. */
export const validateName = { body: validateNameBody, response: nameResult } satisfies CallShape;
