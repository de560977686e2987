/** What a certificate and its check say (decision 094): pure text, pt-BR. */
import { describe, expect, it } from 'vitest';
import {
  certificateText,
  checkText,
  hoursText,
  periodText,
  unknownCodeText,
} from './certificate-content.js';

const facts = {
  centreName: 'Centro Espírita Caminho da Luz',
  personName: 'Conceição Araújo',
  courseTitle: 'Conheça o Espiritismo',
  programmeName: 'Global Kardec',
  className: 'Turma 2027/1',
  firstMeeting: '2027-03-06',
  lastMeeting: '2027-05-08',
  meetings: 10,
  durationMinutes: 90,
  // 23h30 in São Paulo on 08/05: the date there, not in UTC.
  concludedAt: '2027-05-09T02:30:00.000Z',
  code: 'K7QM-3XPA-9T2C-HDRW',
  verifyUrl: 'https://www.centro.org.br/certificados/K7QM-3XPA-9T2C-HDRW',
};

describe('the certificate of completion', () => {
  it('names the centre, the person, the course, the class, its dates, hours and code', () => {
    expect(certificateText(facts)).toEqual({
      heading: 'Certificado de conclusão',
      centre: 'Centro Espírita Caminho da Luz',
      intro: 'certifica que',
      name: 'Conceição Araújo',
      completed: 'concluiu o curso',
      course: 'Conheça o Espiritismo',
      details: [
        'do programa Global Kardec, na Turma 2027/1,',
        'com 10 encontros de 06/03/2027 a 08/05/2027, num total de 15 horas.',
      ],
      concluded: 'Concluído em 08/05/2027.',
      code: 'Código de verificação: K7QM-3XPA-9T2C-HDRW',
      verify:
        'Confira a validade deste certificado em https://www.centro.org.br/certificados/K7QM-3XPA-9T2C-HDRW',
      fileName: 'certificado-conheca-o-espiritismo-turma-2027-1.pdf',
    });
  });

  it('counts the hours as meetings times their length, in words', () => {
    expect(hoursText(900)).toBe('15 horas');
    expect(hoursText(60)).toBe('1 hora');
    expect(hoursText(750)).toBe('12 horas e 30 minutos');
    expect(hoursText(61)).toBe('1 hora e 1 minuto');
    expect(hoursText(45)).toBe('45 minutos');
    const one = certificateText({ ...facts, meetings: 1, durationMinutes: 75 });
    expect(one.details[1]).toBe(
      'com 1 encontro de 06/03/2027 a 08/05/2027, num total de 1 hora e 15 minutos.',
    );
  });

  it('says one day once', () => {
    expect(periodText('2027-03-06', '2027-03-06')).toBe('em 06/03/2027');
  });
});

describe('the check of a code', () => {
  it('a valid one names the person, the course and the date only', () => {
    expect(
      checkText({
        code: facts.code,
        valid: true,
        name: 'Conceição Araújo',
        course: 'Conheça o Espiritismo',
        concludedOn: '2027-05-08',
      }),
    ).toEqual({
      title: 'Certificado válido',
      paragraphs: ['O certificado de código K7QM-3XPA-9T2C-HDRW é válido. Ele foi emitido para:'],
      facts: [
        ['Nome', 'Conceição Araújo'],
        ['Curso', 'Conheça o Espiritismo'],
        ['Concluído em', '08/05/2027'],
      ],
    });
  });

  it('a withdrawn one is invalid and names nobody', () => {
    const text = checkText({ code: facts.code, valid: false });
    expect(text.title).toBe('Certificado inválido');
    expect(text.paragraphs).toEqual([
      'O certificado de código K7QM-3XPA-9T2C-HDRW não é mais válido: a conclusão do curso a que ele se refere foi retirada pela coordenação do centro.',
    ]);
    expect(text.facts).toEqual([]);
  });

  it('an unknown one says how a code looks, and cuts a long text', () => {
    expect(unknownCodeText('ABCD').title).toBe('Certificado não encontrado');
    expect(unknownCodeText('x'.repeat(100)).paragraphs[0]).toContain(`${'x'.repeat(40)}…`);
  });
});
