import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { courseShareData, whatsAppShareUrl } from '../share';
import { ShareCourse } from './share-course';

const URL_ = 'https://www.centro.org.br/global-kardec/passe';
const props = {
  title: 'Passe',
  ...courseShareData('Passe', URL_, [{ path: '/global-kardec/passe/encontros.ics' }]),
};

describe('ShareCourse', () => {
  it("links to WhatsApp with the course's title and address, without JavaScript", () => {
    renderWithRouter(<ShareCourse {...props} />);
    const link = screen.getByRole('link', { name: 'Compartilhar no WhatsApp' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain('Passe');
    expect(text).toContain(URL_);
    expect(link.getAttribute('href')).toBe(whatsAppShareUrl('Passe', URL_));
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("offers the course's meetings as a calendar file", () => {
    renderWithRouter(<ShareCourse {...props} />);
    expect(screen.getByRole('link', { name: 'Adicionar à minha agenda' })).toHaveAttribute(
      'href',
      '/global-kardec/passe/encontros.ics',
    );
  });

  it('offers each class its own calendar file when the page shows several', () => {
    const calendars = [
      { name: 'Turma 2026/2', path: '/global-kardec/passe/encontros.ics?turma=a' },
      { name: 'Turma 2027/1', path: '/global-kardec/passe/encontros.ics?turma=b' },
    ];
    renderWithRouter(<ShareCourse {...props} calendars={calendars} />);
    expect(
      screen
        .getAllByRole('link', { name: /^Adicionar à minha agenda/ })
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(calendars.map((c) => [`Adicionar à minha agenda: ${c.name}`, c.path]));
  });

  it('has no share-sheet button where the browser has no Web Share API', () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    renderWithRouter(<ShareCourse {...props} />);
    expect(screen.queryByRole('button', { name: 'Compartilhar…' })).toBeNull();
  });

  it("opens the browser's share sheet where it has one", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    renderWithRouter(<ShareCourse {...props} />);
    const button = await screen.findByRole('button', { name: 'Compartilhar…' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Passe', url: URL_ }));
  });
});
