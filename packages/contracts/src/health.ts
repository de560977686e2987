/** Answers of the operations probes: liveness (GET /healthz) and readiness (GET /readyz). */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** Result of one readiness check of GET /readyz. */
export const checkResultSchema = z.enum(['ok', 'unavailable', 'timeout']);
export type CheckResult = z.infer<typeof checkResultSchema>;

/** GET /readyz when the instance can serve the API (200). */
export const readySchema = z.object({ status: z.literal('ok') });

/** GET /readyz when the database or the directory does not answer (503). */
export const notReadySchema = z.object({
  status: z.literal('unavailable'),
  checks: z.object({ database: checkResultSchema, directory: checkResultSchema }),
});
export type NotReady = z.infer<typeof notReadySchema>;
