/** The 'Encontros' section of a course page, and its place in the page. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCoursePage } from '../data.server';
import { CourseMeetings } from './course-meetings';

describe('CourseMeetings', () => {
  it('shows the first meeting, the weekly slot, the number of meetings and the place', () => {
    render(
      <CourseMeetings
        firstMeeting="sábado, 07/03/2026, às 15h00"
        weeklySlot="Todo sábado, das 15h00 às 16h30"
        count="12 encontros"
        place="Sala 2 – Rua da Esperança, 123"
      />,
    );
    const section = screen.getByRole('region', { name: 'Encontros' });
    expect(within(section).getByText(/Primeiro encontro:/).parentElement).toHaveTextContent(
      'Primeiro encontro: sábado, 07/03/2026, às 15h00',
    );
    expect(section).toHaveTextContent('Todo sábado, das 15h00 às 16h30 (12 encontros)');
    expect(within(section).getByText(/Local:/).parentElement).toHaveTextContent(
      'Local: Sala 2 – Rua da Esperança, 123',
    );
  });

  it("receives the course's meetings from the content, in pt-BR", () => {
    const { page } = getCoursePage('/global-kardec/conheca-o-espiritismo');
    expect(page.meetings.firstMeeting).toMatch(/^sábado, \d{2}\/\d{2}\/\d{4}, às 17h30$/);
    expect(page.meetings.weeklySlot).toBe('Todo sábado, das 17h30 às 19h00');
    expect(page.meetings.count).toMatch(/^\d+ encontros$/);
    expect(page.meetings.place).toContain('CEP');
  });
});
