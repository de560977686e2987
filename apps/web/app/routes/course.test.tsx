import type { MyEnrolment, PublicClass } from '@centro/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getCoursePage } from '~/features/courses/data.server';
import { authValue, signedIn, testUser } from '~/test/auth';
import { aClass } from '~/test/classes';
import { renderWithRouter } from '~/test/render';
import type { Route } from './+types/course';
import Screen from './course';

/** The route's screen with the data its loader gives the /global-kardec/passe page. */
function renderCourse(auth = authValue(), path?: string) {
  const props = { loaderData: getCoursePage('/global-kardec/passe') } as Route.ComponentProps;
  return renderWithRouter(<Screen {...props} />, { url: '/global-kardec/passe', path, auth });
}

const mine = (
  state: MyEnrolment['state'],
  position: number | null = null,
  nextMeeting: string | null = '2030-03-09T20:30:00.000Z',
): MyEnrolment => ({
  course: 'passe',
  title: 'Passe',
  programme: 'global-kardec',
  state,
  position,
  since: '2026-03-01T12:00:00.000Z',
  nextMeeting,
  whatsappUrl: state === 'enrolled' ? 'https://chat.whatsapp.com/NovoConvite' : null,
  turma: null,
  meetings: null,
  checkIn: null,
});

/**
 * The API: the course's one class with `placesLeft` and `window` (or `classes` when given),
 * `enrolments` as the person's, and what was posted.
 */
function stubApi(
  placesLeft: number,
  enrolments: () => MyEnrolment[],
  window: Partial<PublicClass> = {},
  classes: PublicClass[] = [aClass({ placesLeft, ...window })],
) {
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === '/api/courses/classes') return Response.json({ courses: { passe: classes } });
    if (url === '/api/me/enrolments') return Response.json({ enrolments: enrolments() });
    posted.push({ url, body: JSON.parse(String(init.body)) });
    if (url === '/api/group/add') {
      const group = (JSON.parse(String(init.body)) as { group: string }).group;
      return Response.json({ data: { status: 'enrolled', course: 'passe', group } });
    }
    if (url === '/api/me/waiting-list/join') {
      return Response.json({ course: 'passe', state: 'waiting', position: 3 });
    }
    return Response.json({ course: 'passe', cancelled: true, left: true });
  });
  return posted;
}

describe('the course route', () => {
  it("offers 'Quero me inscrever' when signed out, which starts the account creation", async () => {
    stubApi(12, () => []);
    const auth = authValue();
    renderCourse(auth);
    await userEvent.click(screen.getByRole('button', { name: 'Quero me inscrever' }));
    expect(auth.signUp).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Finalizar inscrição' })).not.toBeInTheDocument();
  });

  it('still offers sign-up on a full course when signed out, and says it is full', async () => {
    stubApi(0, () => []);
    renderCourse(authValue());
    expect(await screen.findByText('Vagas esgotadas para este curso.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quero me inscrever' })).toBeInTheDocument();
  });

  it("offers 'Finalizar inscrição' when signed in and holding nothing here", async () => {
    stubApi(12, () => []);
    renderCourse(signedIn());
    expect(await screen.findByRole('button', { name: 'Finalizar inscrição' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quero me inscrever' })).not.toBeInTheDocument();
  });

  it('shows an enrolled person their place, the group, and cancels after a confirmation', async () => {
    let enrolments = [mine('enrolled')];
    const posted = stubApi(0, () => enrolments);
    renderCourse(signedIn());
    expect(await screen.findByText('Você está inscrito(a) neste curso.')).toBeInTheDocument();
    // One thing at a time: the course is full, but that is not the person's news.
    const box = screen.getByRole('region', { name: 'Inscrição' });
    await waitFor(() => expect(box).not.toHaveTextContent('Vagas esgotadas'));
    expect(box).not.toHaveTextContent('clique no botão abaixo');
    expect(screen.getByRole('link', { name: 'Entre em nosso grupo de WhatsApp' })).toHaveAttribute(
      'href',
      'https://chat.whatsapp.com/NovoConvite',
    );
    expect(screen.queryByRole('button', { name: 'Finalizar inscrição' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    const dialog = screen.getByRole('alertdialog');
    expect(posted).toEqual([]);
    enrolments = [];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    await waitFor(() =>
      expect(posted).toEqual([{ url: '/api/me/enrolments/cancel', body: { course: 'passe' } }]),
    );
    // The place is gone, and the course is full: the waiting list is offered.
    expect(
      await screen.findByRole('button', { name: 'Entrar na lista de espera' }),
    ).toBeInTheDocument();
  });

  it('with no WhatsApp invite yet, says the link comes later instead of a button', async () => {
    stubApi(3, () => [{ ...mine('enrolled'), whatsappUrl: null }]);
    renderCourse(signedIn());
    expect(
      await screen.findByText(
        /O link do grupo de WhatsApp da turma será enviado a você mais tarde/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Entre em nosso grupo de WhatsApp' }),
    ).not.toBeInTheDocument();
  });

  it('after the course ended, says so, with nothing to cancel', async () => {
    stubApi(0, () => [mine('enrolled', null, null)]);
    renderCourse(signedIn());
    expect(
      await screen.findByText('Este curso já terminou. Você esteve inscrito(a) nele.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar inscrição' })).not.toBeInTheDocument();
    expect(screen.queryByText('Você está inscrito(a) neste curso.')).not.toBeInTheDocument();
  });

  it('before opening, says when, and asks to press no button that is not there', async () => {
    stubApi(12, () => [], {
      enrolment: 'not-open',
      opensAt: '2030-01-15T12:00:00.000Z',
      closesAt: null,
    });
    renderCourse(authValue());
    expect(
      await screen.findByText('As inscrições abrem em 15/01/2030 às 09h00.'),
    ).toBeInTheDocument();
    const box = screen.getByRole('region', { name: 'Inscrição' });
    expect(box).not.toHaveTextContent('clique no botão abaixo');
    expect(screen.queryByRole('button', { name: 'Quero me inscrever' })).not.toBeInTheDocument();
    expect(box).toHaveTextContent('Curso gratuito.');
  });

  it('keeps a refusal of the waiting list for the prerequisites in the box, the button disabled', async () => {
    const refusal =
      'Este curso é para quem concluiu: Nosso Lar. Se você já concluiu em outra casa, fale com a secretaria.';
    stubApi(0, () => []);
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      url === '/api/me/waiting-list/join'
        ? Response.json({ error: 'prerequisite_missing', message: refusal }, { status: 409 })
        : served(url, init),
    );
    renderCourse(signedIn());
    const join = await screen.findByRole('button', { name: 'Entrar na lista de espera' });
    await userEvent.click(join);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(join).toBeDisabled();
    expect(join).toHaveAccessibleDescription(refusal);
  });

  it('offers the waiting list on a full course, then shows the position and leaving it', async () => {
    let enrolments: MyEnrolment[] = [];
    const posted = stubApi(0, () => enrolments);
    renderCourse(signedIn());
    const join = await screen.findByRole('button', { name: 'Entrar na lista de espera' });
    enrolments = [mine('waiting', 3)];
    await userEvent.click(join);
    expect(
      await screen.findByText('Você está na lista de espera (posição 3).'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ url: '/api/me/waiting-list/join', body: { course: 'passe' } }]);
    enrolments = [];
    await userEvent.click(screen.getByRole('button', { name: 'Sair da lista de espera' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ url: '/api/me/waiting-list/leave', body: { course: 'passe' } });
    expect(
      await screen.findByRole('button', { name: 'Entrar na lista de espera' }),
    ).toBeInTheDocument();
  });

  it("offers 'Avise-me quando abrir' before enrolment opens, then says the e-mail will come", async () => {
    let alerts: string[] = [];
    const posted: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (url === '/api/courses/classes') {
        const opensAt = '2099-03-01T22:30:00.000Z';
        return Response.json({
          courses: { passe: [aClass({ placesLeft: 40, enrolment: 'not-open', opensAt })] },
        });
      }
      if (url === '/api/me/enrolments') return Response.json({ enrolments: [] });
      if (url === '/api/me/opening-alerts') return Response.json({ courses: alerts });
      posted.push({ url, body: JSON.parse(String(init.body)) });
      alerts = url === '/api/me/opening-alert' ? ['passe'] : [];
      return Response.json({ course: 'passe', alert: alerts.length > 0 });
    });
    renderCourse(signedIn());
    expect(await screen.findByText(/As inscrições abrem em/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Avise-me quando abrir' }));
    expect(
      await screen.findByText('Você receberá um e-mail quando as inscrições deste curso abrirem.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ url: '/api/me/opening-alert', body: { course: 'passe' } }]);
    expect(screen.queryByRole('button', { name: 'Finalizar inscrição' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Não quero mais o aviso' }));
    expect(
      await screen.findByRole('button', { name: 'Avise-me quando abrir' }),
    ).toBeInTheDocument();
    expect(posted[1]).toEqual({ url: '/api/me/opening-alert/cancel', body: { course: 'passe' } });
  });

  it('shows no fault when the person signed out while their state was loading', async () => {
    stubApi(12, () => []);
    // getUser answers null: 'Sair' ran meanwhile (the setup fails the test on a console.error).
    renderCourse(authValue({ status: 'signed-in', getUser: vi.fn(async () => null) }));
    expect(await screen.findByRole('button', { name: 'Finalizar inscrição' })).toBeInTheDocument();
  });
  describe('with classes', () => {
    // Registration complete and as the directory holds it: 'Finalizar inscrição' goes straight to
    // the group.
    const ready = () =>
      authValue({ status: 'signed-in', authUser: { ...testUser, dataNascimento: '01/02/1990' } });
    const tuesday = aClass();
    const saturday = aClass({
      id: 'k2',
      name: 'Turma Sábado',
      weekday: 'saturday',
      time: '15:30',
      firstMeeting: '2027-03-06',
      room: null,
      placesLeft: 1,
    });

    it('offers each open class with its own Finalizar inscrição, which names that class', async () => {
      const posted = stubApi(12, () => [], {}, [tuesday, saturday]);
      const { router } = renderCourse(ready(), '*');
      const list = await screen.findByRole('list', { name: 'Turmas' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Turma 2027/1');
      expect(items[0]).toHaveTextContent('Terças-feiras, às 20h00');
      expect(items[0]).toHaveTextContent('Primeiro encontro: 02/03/2027');
      expect(items[0]).toHaveTextContent('Local: Sala 2');
      expect(items[0]).toHaveTextContent('Inscrições abertas. Restam 12 vagas.');
      expect(items[1]).toHaveTextContent('Sábados, às 15h30');
      expect(items[1]).toHaveTextContent('Inscrições abertas. Resta 1 vaga.');
      const second = await within(items[1] as HTMLElement).findByRole('button', {
        name: 'Finalizar inscrição',
      });
      expect(
        await within(items[0] as HTMLElement).findByRole('button', { name: 'Finalizar inscrição' }),
      ).toBeInTheDocument();
      await userEvent.click(second);
      await waitFor(() =>
        expect(posted.find((p) => p.url === '/api/group/add')?.body).toMatchObject({
          turma: 'k2',
        }),
      );
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/global-kardec/matricula-finalizada'),
      );
    });

    it("a full class's 'Entrar na lista de espera' joins that class's list", async () => {
      const full = aClass({ id: 'k2', name: 'Turma Sábado', placesLeft: 0 });
      const posted = stubApi(12, () => [], {}, [tuesday, full]);
      renderCourse(signedIn());
      await userEvent.click(
        await screen.findByRole('button', { name: 'Entrar na lista de espera' }),
      );
      await waitFor(() =>
        expect(posted).toContainEqual({
          url: '/api/me/waiting-list/join',
          body: { course: 'passe', turma: 'k2' },
        }),
      );
    });

    it('to a person already in one of them, says so once, offering no class', async () => {
      stubApi(12, () => [mine('enrolled')], {}, [tuesday, saturday]);
      renderCourse(signedIn());
      const shown = (text: string) =>
        screen.queryAllByText(text).filter((element) => !element.closest('[hidden]'));
      await waitFor(() => expect(shown('Você está inscrito(a) neste curso.')).toHaveLength(1));
      expect(screen.queryByRole('list', { name: 'Turmas' })).not.toBeInTheDocument();
      expect(shown('Turma 2027/1')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: 'Finalizar inscrição' })).not.toBeInTheDocument();
    });

    it('with one open class keeps the page and names no class', async () => {
      const closed = aClass({ id: 'k0', enrolment: 'closed' });
      const posted = stubApi(12, () => [], {}, [closed, tuesday]);
      const { router } = renderCourse(ready(), '*');
      expect(await screen.findByText('Restam 12 vagas.')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Turmas' })).not.toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: 'Finalizar inscrição' }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/global-kardec/matricula-finalizada'),
      );
      expect(posted.find((p) => p.url === '/api/group/add')?.body).not.toHaveProperty('turma');
    });

    it('with none open says so, with the next opening, and offers no enrolment', async () => {
      const ended = aClass({ enrolment: 'closed' });
      const planned = aClass({
        id: 'k2',
        state: 'planned',
        enrolment: 'not-open',
        opensAt: '2030-01-15T12:00:00.000Z',
      });
      stubApi(12, () => [], {}, [ended, planned]);
      renderCourse(authValue());
      expect(
        await screen.findByText(
          'Nenhuma turma com inscrições abertas no momento. As inscrições abrem em 15/01/2030 às 09h00.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Quero me inscrever' })).not.toBeInTheDocument();
    });

    it('with no class listed says none is open', async () => {
      stubApi(12, () => [], {}, []);
      renderCourse(authValue());
      expect(
        await screen.findByText('Nenhuma turma com inscrições abertas no momento.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Quero me inscrever' })).not.toBeInTheDocument();
    });
  });
});
