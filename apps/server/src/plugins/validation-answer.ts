/**
 * The answer for a body that does not match its contract: `invalid_request` with a pt-BR sentence
 * that names the field. Structure (missing fields, wrong types, unknown fields) is worded here;
 * value rules carry their own message in the contracts, which wins.
 */
import { fieldLabel } from '@centro/contracts';
import { z } from 'zod';
import { BODY_NOT_AN_OBJECT, REFUSALS } from '../refusals/catalogue.js';
import { refusalAnswer, type Answer } from './refusal-answer.js';

/** An issue as fastify-type-provider-zod reports it. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'texto',
  number: 'número',
  boolean: 'verdadeiro ou falso',
  object: 'objeto',
  array: 'lista',
};

/** A field as a person reads it: its pt-BR label (`Vagas`), quoted; else the key, quoted. */
const quote = (key: PropertyKey) => {
  const label = fieldLabel(String(key));
  return label.startsWith('"') ? label : `"${label}"`;
};

/** The value at `path` of the request's body (undefined when absent). */
function valueAt(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/** zod's own (English) message of an issue: replaced, since the contract gave none. */
function isZodDefaultMessage(issue: ValidationIssue): boolean {
  const english = z.locales.en().localeError;
  const raw = { ...issue.params, code: issue.keyword, path: [], input: undefined };
  const text = english?.(raw as unknown as z.core.$ZodRawIssue);
  return (typeof text === 'string' ? text : text?.message) === issue.message;
}

/** A pt-BR message for a body's issue. */
function ptBrIssue(issue: ValidationIssue, body: unknown): string {
  const path = issue.instancePath.split('/').slice(1);
  const last = path[path.length - 1];
  const field = last === undefined ? undefined : quote(last);
  const { params } = issue;
  switch (issue.keyword) {
    case 'unrecognized_keys': {
      const keys = params.keys as string[];
      return keys.length > 1
        ? `Campos não permitidos: ${keys.map(quote).join(', ')}.`
        : `Campo não permitido: ${keys.map(quote).join(', ')}.`;
    }
    case 'invalid_type':
      if (field === undefined) return BODY_NOT_AN_OBJECT;
      if (valueAt(body, path) === undefined) return `Campo obrigatório ausente: ${field}.`;
      return `Campo ${field} com tipo inválido: esperado ${TYPE_NAMES[String(params.expected)] ?? String(params.expected)}.`;
    case 'invalid_union':
      if (params.discriminator !== undefined || params.note === 'No matching discriminator') {
        return `Campo ${field ?? '"param"'} inválido: use mobilePhone, displayName ou mail.`;
      }
      return `Campo ${field ?? ''} inválido.`;
    default:
      if (!isZodDefaultMessage(issue)) return issue.message;
      return field === undefined ? REFUSALS.invalidRequest.message : `Campo ${field} inválido.`;
  }
}

/**
 * The answer for a request's issues (the first one is worded); `inBody`: they are the body's, whose
 * top-level field is then answered as `field`, for a form to show the message beside it.
 */
export function validationAnswer(
  issues: readonly ValidationIssue[],
  body: unknown,
  inBody = true,
): Answer {
  // A missing or ill-formed token is an authentication problem, answered like a bad token.
  if (issues.some((issue) => issue.instancePath.split('/')[1] === 'token')) {
    return refusalAnswer(
      valueAt(body, ['token']) === undefined ? 'signInRequired' : 'invalidToken',
    );
  }
  const first = issues[0];
  const answer = refusalAnswer(
    'invalidRequest',
    undefined,
    first ? { message: ptBrIssue(first, body) } : undefined,
  );
  const field = inBody ? first?.instancePath.split('/')[1] : undefined;
  return field ? { ...answer, body: { ...answer.body, field } } : answer;
}
