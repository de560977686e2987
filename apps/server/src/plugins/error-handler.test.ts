import { fastify } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CourseFullError } from '../enrolment/errors.js';
import { errorHandler, errorResponse } from './error-handler.js';

describe('errorResponse', () => {
  it('answers a refusal with its catalogue line', () => {
    expect(errorResponse(new CourseFullError())).toEqual({
      statusCode: 409,
      body: { error: 'course_full', message: 'Vagas esgotadas para este curso.' },
    });
  });

  it('hides the message of any other error', () => {
    const leaky = Object.assign(new Error('SQLITE_CONSTRAINT: users.mail = ana@example.org'), {
      statusCode: 500,
    });
    expect(errorResponse(leaky)).toEqual({
      statusCode: 500,
      body: { error: 'internal_error', message: 'Erro interno. Tente novamente mais tarde.' },
    });
    expect(errorResponse(new TypeError('x is undefined')).statusCode).toBe(500);
    expect(errorResponse('a string').statusCode).toBe(500);
    expect(errorResponse(null).statusCode).toBe(500);
  });

  it('keeps client error statuses with a generic pt-BR message', () => {
    expect(errorResponse({ statusCode: 413, message: 'Request body is too large' })).toEqual({
      statusCode: 413,
      body: { error: 'payload_too_large', message: 'A requisição é grande demais.' },
    });
    expect(errorResponse({ statusCode: 418 }).body.error).toBe('bad_request');
    expect(errorResponse({ statusCode: 302 }).statusCode).toBe(500);
  });

  it('names validation failures', () => {
    expect(errorResponse({ statusCode: 400, validation: [] }).body.error).toBe('invalid_request');
  });
});

describe('errorHandler', () => {
  async function appWithRoutes() {
    const app = fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        },
      },
      async (request) => request.body,
    );
    app.get('/full', async () => {
      throw new CourseFullError();
    });
    await app.ready();
    return app;
  }

  it('answers 500 without internals', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({
      error: 'internal_error',
      message: 'Erro interno. Tente novamente mais tarde.',
    });
  });

  it('answers broken JSON and invalid bodies with 400', async () => {
    const app = await appWithRoutes();
    const broken = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'bad_request', message: 'Requisição inválida.' });
    const invalid = await app.inject({ method: 'POST', url: '/echo', payload: { b: 1 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('invalid_request');
  });

  it('answers a thrown refusal with its code and message', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ url: '/full' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'course_full',
      message: 'Vagas esgotadas para este curso.',
    });
  });
});
