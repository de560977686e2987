/** The 'Encontros' section of a course page, and its place in the page. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCoursePage } from '../data.server';
import { CourseMeetings } from './course-meetings';

describe('CourseMeetings', () => {
  it('shows the first meeting, the weekly slot, the number of meetings and the place', () => {
    render(
      <CourseMeetings
        classes={[
          {
            firstMeeting: 'sábado, 07/03/2026, às 15h00',
            weeklySlot: 'Todo sábado, das 15h00 às 16h30',
            count: '12 encontros',
            place: 'Sala 2 – Rua da Esperança, 123',
          },
        ]}
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
    const [meetings] = page.meetings;
    expect(page.meetings).toHaveLength(1);
    expect(meetings?.firstMeeting).toMatch(/^sábado, \d{2}\/\d{2}\/\d{4}, às 17h30$/);
    expect(meetings?.weeklySlot).toBe('Todo sábado, das 17h30 às 19h00');
    expect(meetings?.count).toMatch(/^\d+ encontros$/);
    expect(meetings?.place).toContain('CEP');
  });

  it('shows each class under its name when the page shows several', () => {
    const meetings = {
      firstMeeting: 'sábado, 28/11/2026, às 19h00',
      weeklySlot: 'Todo sábado, das 19h00 às 21h00',
      count: '10 encontros',
      place: 'Salão – Rua da Esperança, 123',
    };
    render(
      <CourseMeetings
        classes={[
          { name: 'Turma 2026/2', ...meetings },
          { name: 'Turma 2027/1', ...meetings, firstMeeting: 'terça-feira, 02/03/2027, às 20h00' },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Encontros' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Turma 2026/2', 'Turma 2027/1']);
    expect(section).toHaveTextContent('Primeiro encontro: terça-feira, 02/03/2027, às 20h00');
  });
});
