import { z } from 'zod';
import { INPUT_MESSAGES, type InputKind, validateInput } from './input.ts';

/**
 * A zod string schema applying `validateInput`; a failure is one issue whose message is the
 * first reason (a non-string is 'Invalid input provided' too).
 */
export function inputSchema(kind: InputKind): z.ZodType<string> {
  return z.string({ error: INPUT_MESSAGES.invalid }).superRefine((value, ctx) => {
    const result = validateInput(value, kind);
    if (!result.valid) {
      ctx.addIssue({ code: 'custom', message: result.errors[0] ?? INPUT_MESSAGES.invalid });
    }
  });
}
