import { centre } from '@centro/content';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { getContactPage } from '../data.server';
import { ContactPage } from './contact-page';

describe('ContactPage', () => {
  const data = getContactPage().page;
  // happy-dom does not load frames (and complains when asked to): a blank frame stands in for the map.
  const page = { ...data, map: { ...data.map, src: 'about:blank' } };

  it('shows the address, the WhatsApp link and the e-mail', () => {
    renderWithRouter(<ContactPage {...page} />);
    expect(screen.getByText(centre.address.street, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: page.whatsappDisplay })).toHaveAttribute(
      'href',
      `https://wa.me/${centre.whatsapp}`,
    );
    expect(screen.getByRole('link', { name: centre.email })).toHaveAttribute(
      'href',
      `mailto:${centre.email}`,
    );
  });

  it('embeds the map lazily, titled, 500 pixels high', () => {
    renderWithRouter(<ContactPage {...page} />);
    const map = screen.getByTitle(centre.mapTitle);
    expect(map.tagName).toBe('IFRAME');
    expect(map).toHaveAttribute('height', '500');
    expect(map).toHaveAttribute('loading', 'lazy');
    expect(data.map.src).toBe(centre.mapEmbedUrl);
  });
});
