import { describe, expect, it } from 'vitest';
import { questionMessage } from './question-message';

describe('questionMessage', () => {
  it('names the day and its activity', () => {
    expect(
      questionMessage({
        day: 'Segunda-feira',
        activities: [{ time: '19h30', title: 'Triagem Fraterna' }],
        whatsappTopic: 'Triagem Fraterna',
      }),
    ).toBe(
      'Olá! Gostaria de tirar uma dúvida sobre a atividade de segunda-feira: Triagem Fraterna.',
    );
  });

  it('speaks of activities when the day has several', () => {
    expect(
      questionMessage({
        day: 'Sábado',
        activities: [
          { time: '08h', title: 'Postos de Assistência' },
          { time: '17h30', title: 'Escola de Estudos Global Kardec' },
        ],
        whatsappTopic: 'Postos de Assistência e Escola de Estudos Global Kardec',
      }),
    ).toBe(
      'Olá! Gostaria de tirar uma dúvida sobre as atividades de sábado: Postos de Assistência e Escola de Estudos Global Kardec.',
    );
  });
});
