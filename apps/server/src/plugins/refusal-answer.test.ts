/**
 * A refusal is declared once, as a line of refusals/catalogue.ts: thrown by its name, it is answered
 * with that line's status, code and pt-BR message, and a route that lists it with
 * `refusalResponses` documents exactly that in the OpenAPI document.
 */
import { enrolmentOpensMessage } from '@centro/contracts';
import { fastify } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CourseNotFullError, EnrolmentNotOpenError } from '../enrolment/errors.js';
import { REFUSALS, type RefusalName } from '../refusals/catalogue.js';
import { Refusal } from '../refusals/refusal.js';
import { PlacesBelowTakenError } from '../staff/errors.js';
import { useZodSchemas } from './api-conventions.js';
import { apiErrorHandler, errorResponse } from './error-handler.js';
import { registerOpenApi } from './openapi.js';
import { codesOfStatus, refusalResponses } from './refusal-responses.js';

const names = Object.keys(REFUSALS) as RefusalName[];

describe('a line of the catalogue', () => {
  it.each(names)('%s: is answered with its status, code and message', (name) => {
    const { statuses, code, message } = REFUSALS[name];
    expect(errorResponse(new Refusal(name))).toEqual({
      statusCode: statuses[0],
      body: { error: code, message },
    });
    for (const status of statuses) {
      expect(errorResponse(new Refusal(name, { status })).statusCode).toBe(status);
    }
  });

  it.each(names)('%s: is documented at each of its statuses with its code', (name) => {
    const { statuses, code } = REFUSALS[name];
    const responses = refusalResponses(name);
    expect(Object.keys(responses).map(Number)).toEqual([...statuses]);
    for (const status of statuses) {
      expect(responses[status]?.description).toContain(`\`${code}\``);
      expect(codesOfStatus(status)).toContain(code);
    }
  });
});

describe('a refusal with details', () => {
  it('words its message from them', () => {
    expect(errorResponse(new PlacesBelowTakenError(12)).body).toEqual({
      error: 'places_below_taken',
      message: 'O número de vagas não pode ser menor que o de inscrições já feitas (12).',
      field: 'places',
    });
    const opensAt = '2026-03-02T12:00:00.000Z';
    expect(errorResponse(new EnrolmentNotOpenError(opensAt)).body).toEqual({
      error: 'enrolment_not_open',
      message: enrolmentOpensMessage(opensAt),
    });
  });
});

describe('a named refusal class', () => {
  it('is a refusal known by its name, answered from its line', () => {
    const error = new CourseNotFullError();
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toBeInstanceOf(CourseNotFullError);
    expect(error.name).toBe('CourseNotFullError');
    expect(CourseNotFullError.name).toBe('CourseNotFullError');
    expect(errorResponse(error)).toEqual({
      statusCode: 409,
      body: { error: 'course_not_full', message: REFUSALS.courseNotFull.message },
    });
  });
});

describe('a route that lists a refusal', () => {
  it('answers it on the wire and documents it in the OpenAPI document', async () => {
    const app = fastify({ logger: false });
    await registerOpenApi(app, 'http://localhost');
    useZodSchemas(app);
    app.setErrorHandler(apiErrorHandler);
    app.get(
      '/api/example',
      {
        schema: {
          response: {
            200: z.object({ ok: z.boolean() }),
            ...refusalResponses('placesBelowTaken', 'directoryUnavailable'),
          },
        },
      },
      async () => {
        throw new Refusal('placesBelowTaken', { details: { taken: 3 } });
      },
    );
    await app.ready();

    const res = await app.inject({ url: '/api/example' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      error: 'places_below_taken',
      message: 'O número de vagas não pode ser menor que o de inscrições já feitas (3).',
    });

    const document = app.swagger() as {
      paths: Record<string, { get: { responses: Record<string, { description: string }> } }>;
    };
    const responses = document.paths['/api/example']?.get.responses ?? {};
    expect(responses['409']?.description).toContain('`places_below_taken`');
    expect(responses['502']?.description).toContain('`directory_unavailable`');
    expect(responses['503']?.description).toContain('`directory_unavailable`');
    await app.close();
  });
});
