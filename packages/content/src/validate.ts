/** Validation of the whole content with a readable report of every problem. */
import type { z } from 'zod';
import { contentSchema, type Content } from './schema.js';

/** "programmes[0].courses[3].groupId" from zod's path array. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

/** One line per issue: "- centre.email: Invalid email address". */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `- ${formatIssuePath(issue.path)}: ${issue.message}`).join('\n');
}

/** Error thrown when the content does not match the schema; `issues` keeps the raw list. */
export class ContentValidationError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(issues: readonly z.core.$ZodIssue[]) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(
      `The centre's content (packages/content) is invalid, ${count} found:\n${formatIssues(issues)}`,
    );
    this.name = 'ContentValidationError';
    this.issues = issues;
  }
}

/**
 * Validates raw content against the schema plus the rules a schema cannot express alone
 * (unique slugs, group ids and invite codes; programme order; prerequisites that are other courses). Throws a ContentValidationError.
 */
export function validateContent(input: unknown): Content {
  const result = contentSchema
    .superRefine((value, ctx) => {
      const [first, second] = value.programmes;
      if (first.slug !== 'global-kardec') {
        ctx.addIssue({
          code: 'custom',
          path: ['programmes', 0, 'slug'],
          message: 'The first programme must be global-kardec',
        });
      }
      if (second.slug !== 'escola-de-mediuns') {
        ctx.addIssue({
          code: 'custom',
          path: ['programmes', 1, 'slug'],
          message: 'The second programme must be escola-de-mediuns',
        });
      }
      const seen = {
        slug: new Map<string, string>(),
        groupId: new Map<string, string>(),
        inviteCode: new Map<string, string>(),
      };
      value.programmes.forEach((programme, p) => {
        programme.courses.forEach((course, c) => {
          const where = `programmes[${p}].courses[${c}]`;
          if (course.programme !== programme.slug) {
            ctx.addIssue({
              code: 'custom',
              path: ['programmes', p, 'courses', c, 'programme'],
              message: `The course belongs to ${programme.slug}, not ${course.programme}`,
            });
          }
          const keys = {
            slug: `${course.programme}/${course.slug}`,
            groupId: course.groupId.toLowerCase(),
            inviteCode: course.inviteCode,
          };
          for (const field of ['slug', 'groupId', 'inviteCode'] as const) {
            if (keys[field] === null) continue;
            const previous = seen[field].get(keys[field]);
            if (previous) {
              ctx.addIssue({
                code: 'custom',
                path: ['programmes', p, 'courses', c, field],
                message: `Duplicate ${field} "${keys[field]}", already used by ${previous}`,
              });
            } else {
              seen[field].set(keys[field], where);
            }
          }
        });
      });
      // Prerequisites name other courses of the content (by slug; slugs are the server's keys).
      const slugs = new Set(value.programmes.flatMap((p) => p.courses.map((c) => c.slug)));
      value.programmes.forEach((programme, p) => {
        programme.courses.forEach((course, c) => {
          for (const required of course.prerequisites ?? []) {
            if (required === course.slug || !slugs.has(required)) {
              ctx.addIssue({
                code: 'custom',
                path: ['programmes', p, 'courses', c, 'prerequisites'],
                message: `Prerequisite "${required}" is ${required === course.slug ? 'the course itself' : 'not a course'}`,
              });
            }
          }
        });
      });
    })
    .safeParse(input);
  if (!result.success) throw new ContentValidationError(result.error.issues);
  return result.data;
}
