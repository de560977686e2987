import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ConfirmationState } from '../types';
import { ConfirmationPage } from './confirmation-page';

const state: ConfirmationState = {
  user: { id: 'user-1', displayName: 'Maria da Silva' },
  course: {
    slug: 'passe',
    title: 'Passe',
    programme: { name: 'Global Kardec', path: '/global-kardec' },
  },
  groupLink: 'https://chat.whatsapp.com/INVITEpasse',
};

function renderAt(url: string, navigationState?: unknown) {
  const router = createMemoryRouter([{ path: url, element: <ConfirmationPage /> }], {
    initialEntries: [{ pathname: url, state: navigationState }],
  });
  render(<RouterProvider router={router} />);
}

describe('ConfirmationPage', () => {
  it('confirms the enrolment with the name, the course and the WhatsApp group', () => {
    renderAt('/global-kardec/matricula-finalizada', state);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Olá, Maria da Silva!')).toBeInTheDocument();
    expect(screen.getByText(/oficialmente inscrito\(a\) no curso/)).toHaveTextContent(
      /Passe.*Em breve você receberá mais informações por e-mail\./,
    );
    expect(screen.getByRole('link', { name: 'Entre em nosso grupo de WhatsApp' })).toHaveAttribute(
      'href',
      'https://chat.whatsapp.com/INVITEpasse',
    );
  });

  it("says when and where the class first meets, with the class's calendar file", () => {
    renderAt('/global-kardec/matricula-finalizada', {
      ...state,
      meetings: {
        firstMeeting: '2027-03-06',
        time: '17:30',
        place: 'Sala 2 – Rua X, 1 - Centro, Cidade - SP, CEP 00000-000',
        calendarPath:
          '/global-kardec/passe/encontros.ics?turma=3f1c2a9e-0d4b-4c7a-9e21-7b5f0c1d2e3a',
      },
    });
    expect(screen.getByText(/Primeiro encontro:/).closest('li')).toHaveTextContent(
      'Primeiro encontro: sábado, 06/03/2027, às 17h30',
    );
    expect(screen.getByText(/Local:/).closest('li')).toHaveTextContent(
      'Local: Sala 2 – Rua X, 1 - Centro, Cidade - SP, CEP 00000-000',
    );
    expect(screen.getByRole('link', { name: 'Adicionar à minha agenda' })).toHaveAttribute(
      'href',
      '/global-kardec/passe/encontros.ics?turma=3f1c2a9e-0d4b-4c7a-9e21-7b5f0c1d2e3a',
    );
    expect(screen.getByRole('link', { name: 'Entre em nosso grupo de WhatsApp' })).toBeVisible();
  });

  it('with no invite yet, offers no WhatsApp button and says the link comes later', () => {
    renderAt('/global-kardec/matricula-finalizada', { ...state, groupLink: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(/O link do grupo de WhatsApp da turma será enviado a você mais tarde/),
    ).toBeInTheDocument();
  });

  it('says so when the registration could not be updated, the enrolment still confirmed', () => {
    renderAt('/global-kardec/matricula-finalizada', {
      ...state,
      profileNotice: 'Peça ao administrador da sua organização para alterá-los.',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Não foi possível atualizar o seu cadastro (celular e data de nascimento). Peça ao administrador da sua organização para alterá-los.',
    );
  });

  it.each([undefined, null, { user: {} }, { ...state, groupLink: 'https://example.org' }])(
    'opened without its navigation state (%o), points back to the programme',
    (navigationState) => {
      renderAt('/escola-de-mediuns/matricula-finalizada', navigationState);
      expect(screen.queryByText('Inscrição Confirmada!')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Inscrição' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Voltar para Escola de Médiuns' })).toHaveAttribute(
        'href',
        '/escola-de-mediuns',
      );
      expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    },
  );
});
