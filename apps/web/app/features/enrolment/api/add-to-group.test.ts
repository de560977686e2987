import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-error';
import { addToGroup, isCourseFull } from './add-to-group';

describe('addToGroup', () => {
  it('maps a refused enrolment to an ApiError with the API code and message', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: 'course_full', message: 'Vagas esgotadas para este curso.' },
        { status: 409 },
      ),
    );
    const error: unknown = await addToGroup({ group: 'g', user: 'u', token: 't' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'course_full',
      apiMessage: 'Vagas esgotadas para este curso.',
    });
    expect(isCourseFull(error)).toBe(true);
  });

  it('keeps other failures apart from a full course', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    const error: unknown = await addToGroup({ group: 'g', user: 'u', token: 't' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 502, code: null });
    expect(isCourseFull(error)).toBe(false);
  });

  it('reads an enrolment', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({
        data: { course: 'passe', group: 'g', status: 'enrolled', alreadyEnrolled: true },
      }),
    );
    expect(await addToGroup({ group: 'g', user: 'u', token: 't' })).toEqual({
      course: 'passe',
      group: 'g',
      alreadyEnrolled: true,
    });
  });

  it('takes the group link in effect, and only a WhatsApp invitation', async () => {
    const answer = (groupLink: string) =>
      vi.stubGlobal('fetch', async () =>
        Response.json({
          data: {
            course: 'passe',
            group: 'g',
            status: 'enrolled',
            alreadyEnrolled: false,
            groupLink,
          },
        }),
      );
    answer('https://chat.whatsapp.com/NovoConvite');
    expect(await addToGroup({ group: 'g', user: 'u', token: 't' })).toMatchObject({
      groupLink: 'https://chat.whatsapp.com/NovoConvite',
    });
    answer('https://example.org/phishing');
    expect(await addToGroup({ group: 'g', user: 'u', token: 't' })).not.toHaveProperty('groupLink');
  });
});
