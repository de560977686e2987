/**
 * The limits on what one account can make the server do (limits/limited-actions.ts), as the routes
 * call them before any work: a person's enrolment changes in one course (decision 080), checked
 * before the directory is called, and a staff member's people searches (decision 081). Over the
 * limit the route answers 429 with `Retry-After` and the catalogue's sentence.
 */
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import {
  type ActionLimit,
  type Admission,
  createLimitedActions,
} from '../../limits/limited-actions.js';
import { Refusal } from '../../refusals/refusal.js';

const HOUR_MS = 60 * 60_000;

export interface Limits {
  /**
   * A cancellation or a leave of the waiting list, counted: what makes an enrolment repeatable,
   * and so a cycle of e-mails.
   * @throws Refusal tooManyEnrolmentChanges (and sets Retry-After on `reply`)
   */
  enrolmentChange(reply: FastifyReply, personId: string, courseSlug: string): Promise<void>;
  /**
   * An enrolment or a join of the waiting list, checked against the counted changes but not
   * counted itself: the same request repeated (a double tap, a retry) is never refused for itself.
   * @throws Refusal tooManyEnrolmentChanges (and sets Retry-After on `reply`)
   */
  enrolmentAllowed(reply: FastifyReply, personId: string, courseSlug: string): Promise<void>;
  /** @throws Refusal tooManyPeopleSearches (and sets Retry-After on `reply`) */
  peopleSearch(reply: FastifyReply, staffId: string): Promise<void>;
}

export interface LimitsPluginOptions {
  config: Pick<Config, 'enrolmentChangesPerHour' | 'staffPeopleSearchesPerHour'>;
}

function refuseUnless(reply: FastifyReply, admission: Admission): void {
  if (admission.admitted) return;
  reply.header('retry-after', String(admission.retryAfterSeconds));
  throw new Refusal('tooManyEnrolmentChanges', { details: admission });
}

export const limitsService = fp<LimitsPluginOptions>(
  async (app, { config }) => {
    const actions = createLimitedActions(app.database.db);
    const enrolmentChanges: ActionLimit = {
      kind: 'enrolment-change',
      max: config.enrolmentChangesPerHour,
      windowMs: HOUR_MS,
    };
    const peopleSearches: ActionLimit = {
      kind: 'people-search',
      max: config.staffPeopleSearchesPerHour,
      windowMs: HOUR_MS,
    };
    const limits: Limits = {
      async enrolmentChange(reply, personId, courseSlug) {
        refuseUnless(reply, await actions.admit(enrolmentChanges, personId, courseSlug));
      },
      async enrolmentAllowed(reply, personId, courseSlug) {
        refuseUnless(reply, await actions.check(enrolmentChanges, personId, courseSlug));
      },
      async peopleSearch(reply, staffId) {
        const admission = await actions.admit(peopleSearches, staffId);
        if (admission.admitted) return;
        reply.header('retry-after', String(admission.retryAfterSeconds));
        throw new Refusal('tooManyPeopleSearches', { details: admission });
      },
    };
    app.decorate('limits', limits);
  },
  { name: 'limits', dependencies: ['database'] },
);
