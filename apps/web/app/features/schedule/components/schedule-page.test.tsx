import { schedule } from '@centro/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { getSchedulePage } from '../data.server';
import { SchedulePage } from './schedule-page';

describe('SchedulePage', () => {
  const { page } = getSchedulePage();

  it('shows every day of the content with its activities', () => {
    renderWithRouter(<SchedulePage {...page} />);
    for (const day of schedule) {
      const card = screen.getByRole('article', { name: day.day });
      for (const activity of day.activities) {
        expect(within(card).getByText(activity.title)).toBeInTheDocument();
        expect(within(card).getAllByText(activity.time).length).toBeGreaterThan(0);
      }
    }
  });

  it("gives each day a 'Tirar Dúvidas' WhatsApp link with a message naming the activity", () => {
    renderWithRouter(<SchedulePage {...page} />);
    const links = screen.getAllByRole('link', { name: 'Tirar Dúvidas' });
    expect(links).toHaveLength(schedule.length);
    schedule.forEach((day, index) => {
      const link = links[index];
      expect(link).toHaveAccessibleDescription(day.day);
      const href = new URL(link?.getAttribute('href') ?? '');
      expect(href.origin).toBe('https://wa.me');
      expect(href.searchParams.get('text')).toContain(day.whatsappTopic);
      expect(href.searchParams.get('text')).toContain(day.day.toLowerCase());
    });
  });
});

describe("SchedulePage's calendar link", () => {
  it("offers the week as /agenda.ics, 'Adicionar à minha agenda'", () => {
    renderWithRouter(<SchedulePage {...getSchedulePage().page} />);
    const link = screen.getByRole('link', { name: 'Adicionar à minha agenda' });
    expect(link).toHaveAttribute('href', '/agenda.ics');
    expect(link).toHaveAttribute('download');
  });
});
