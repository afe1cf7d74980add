import { z } from 'zod';

/** Every error response of the server: the SPA appends `msg` to "Failed to {action}". */
export const errorBody = z.object({ msg: z.string(), statusCode: z.number().int() });
export type ErrorBody = z.infer<typeof errorBody>;
