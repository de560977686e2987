/** The body of every refused or failed API answer. */
import { z } from 'zod';

export const apiErrorSchema = z.object({
  /** Machine-readable code, e.g. "not_found", "course_full". */
  error: z.string().min(1),
  /** Sentence in Brazilian Portuguese that the website may show to the person. */
  message: z.string().min(1),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
