/**
 * Graph's throttling of the identity and access service (users, groups, directory objects), as
 * Microsoft publishes it (learn.microsoft.com/graph/throttling-limits, "Identity and access service
 * limits"): each request costs resource units (1 by default; GET /users 2; POST checkMemberGroups
 * 4; $select -1, $top under 20 -1, never under 1) and each POST/PATCH/PUT/DELETE one write; the
 * application+tenant pair may spend 3,500 units per 10 seconds (a tenant under 50 users; 5,000 up
 * to 500 users, 8,000 above) and 3,000 writes per 2 minutes 30 seconds. Past either, Graph answers
 * 429 with Retry-After. Here the windows are sliding, the limits settable (a test lowers them to
 * reach them with a few calls), and time comes from the caller.
 */
export interface ThrottleLimits {
  /** Resource units per `unitWindowMs` (published: 3,500 / 5,000 / 8,000 per 10 s). */
  resourceUnits: number;
  unitWindowMs: number;
  /** Writes per `writeWindowMs` (published: 3,000 per 150 s). */
  writes: number;
  writeWindowMs: number;
}

/** The published limits of an application+tenant pair in a tenant under 50 users. */
export const PUBLISHED_LIMITS: ThrottleLimits = {
  resourceUnits: 3_500,
  unitWindowMs: 10_000,
  writes: 3_000,
  writeWindowMs: 150_000,
};

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
/** Read-like POSTs: resource units, no write. */
const READ_POSTS =
  /\/(checkMemberGroups|checkMemberObjects|getMemberGroups|getMemberObjects|getByIds)$/;

/** A request's cost under the published table (paths under /v1.0). */
export function requestCost(
  method: string,
  path: string,
  query: Record<string, string>,
): { units: number; writes: number } {
  let units = 1;
  if (method === 'GET' && /\/v1\.0\/users$/.test(path)) units = 2;
  if (method === 'POST' && /\/checkMemberGroups$/.test(path)) units = 4;
  if (query.$select !== undefined) units -= 1;
  if (query.$expand !== undefined) units += 1;
  if (query.$top !== undefined && Number(query.$top) < 20) units -= 1;
  const writes = WRITE_METHODS.has(method) && !READ_POSTS.test(path) ? 1 : 0;
  return { units: Math.max(1, units), writes };
}

export interface Throttle {
  /** Undefined when admitted (and counted); otherwise the seconds to wait (Retry-After). */
  admit(cost: { units: number; writes: number }, now: number): number | undefined;
}

export function createThrottle(limits: ThrottleLimits): Throttle {
  const units: { at: number; n: number }[] = [];
  const writes: number[] = [];
  const unitsIn = (now: number) => {
    while (units.length > 0 && (units[0]?.at ?? 0) <= now - limits.unitWindowMs) units.shift();
    return units.reduce((sum, u) => sum + u.n, 0);
  };
  const writesIn = (now: number) => {
    while (writes.length > 0 && (writes[0] ?? 0) <= now - limits.writeWindowMs) writes.shift();
    return writes.length;
  };
  return {
    admit(cost, now) {
      const waits: number[] = [];
      if (unitsIn(now) + cost.units > limits.resourceUnits) {
        waits.push((units[0]?.at ?? now) + limits.unitWindowMs - now);
      }
      if (cost.writes > 0 && writesIn(now) + cost.writes > limits.writes) {
        waits.push((writes[0] ?? now) + limits.writeWindowMs - now);
      }
      if (waits.length > 0) return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
      units.push({ at: now, n: cost.units });
      for (let i = 0; i < cost.writes; i++) writes.push(now);
      return undefined;
    },
  };
}
