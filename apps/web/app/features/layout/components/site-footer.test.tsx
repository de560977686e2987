import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('shows the WhatsApp number, the e-mail, the portal name with 2025 and useful links', () => {
    renderWithRouter(
      <SiteFooter
        portalName="Portal Teste"
        centreName="Centro Teste"
        footerYear={2025}
        contact={{
          whatsappHref: 'https://wa.me/5511987654321',
          whatsappDisplay: '(11) 98765-4321',
          email: 'contato@teste.org',
          addressLine: 'Rua A, 1',
        }}
      />,
    );
    expect(screen.getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute(
      'href',
      'https://wa.me/5511987654321',
    );
    expect(screen.getByRole('link', { name: 'contato@teste.org' })).toHaveAttribute(
      'href',
      'mailto:contato@teste.org',
    );
    expect(screen.getByText('© Portal Teste 2025')).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Links úteis' }));
    for (const [name, href] of [
      ['Horários', '/horarios'],
      ['Escola de Médiuns', '/escola-de-mediuns'],
      ['Como se inscrever', '/como-se-inscrever'],
      ['Privacidade', '/privacidade'],
    ]) {
      expect(links.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});
