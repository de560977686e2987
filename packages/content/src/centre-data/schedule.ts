/** The weekly schedule (spec section 2), with the topic of each day's 'Tirar Dúvidas' message. */
import type { ScheduleDay } from '../schema.js';

export const schedule: ScheduleDay[] = [
  {
    day: 'Domingo',
    activities: [
      {
        time: '09h',
        title: 'Campanha da Fraternidade e Caravana do Lar',
        note: 'Arrecadação e entrega de alimentos e visitas fraternas às famílias assistidas.',
      },
    ],
    whatsappTopic: 'Campanha da Fraternidade e Caravana do Lar',
  },
  {
    day: 'Segunda-feira',
    activities: [
      {
        time: '19h30',
        title: 'Triagem Fraterna',
        note: 'Atendimento individual para iniciar o tratamento espiritual.',
      },
    ],
    whatsappTopic: 'Triagem Fraterna',
  },
  {
    day: 'Terça-feira',
    activities: [
      {
        time: '19h30',
        title: 'Reunião Pública',
        note: 'Presencial e transmitida ao vivo em nosso canal de vídeo.',
      },
    ],
    whatsappTopic: 'Reunião Pública',
  },
  {
    day: 'Quarta-feira',
    activities: [
      {
        time: '19h30',
        title: 'Tratamento Espiritual',
        note: 'Somente para quem iniciou o tratamento na Triagem Fraterna.',
      },
    ],
    whatsappTopic: 'Tratamento Espiritual',
  },
  {
    day: 'Sábado',
    activities: [
      { time: '08h', title: 'Postos de Assistência' },
      { time: '08h', title: 'Tratamento Infantojuvenil', note: 'De 0 a 13 anos.' },
      { time: '08h', title: 'Núcleos de Trabalho' },
      { time: '17h30', title: 'Escola de Estudos Global Kardec', note: 'Acima de 14 anos.' },
    ],
    whatsappTopic:
      'Postos de Assistência, Tratamento Infantojuvenil, Núcleos de Trabalho e Escola de Estudos Global Kardec',
  },
];
