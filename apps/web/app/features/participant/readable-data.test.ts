import { describe, expect, it } from 'vitest';
import { aPersonsData as data } from '~/test/my-data';
import { readableInstant, readableMyData } from './readable-data';

describe("'Meus dados' to read", () => {
  it('reads instants on São Paulo’s clock', () => {
    // 01:00 UTC is still the evening before in São Paulo.
    expect(readableInstant('2027-03-07T01:00:00.000Z')).toBe('06/03/2027, 22h00');
    expect(readableInstant(null)).toBe('—');
  });

  it('gives every part of the JSON a pt-BR heading, label and value', () => {
    const sections = readableMyData(data);
    expect(sections.map((s) => s.title)).toEqual([
      'Cadastro',
      'Inscrição feita no balcão',
      'Inscrições',
      'Listas de espera',
      'Turmas (atuais e anteriores)',
      'Certificados',
      'Inscrições liberadas sem pré-requisito',
      'Avisos de abertura de inscrições',
      'Presenças',
      'E-mails para você',
      'Ações da equipe sobre seus dados',
      'Funções na equipe',
    ]);
    const [account, desk, enrolments, waiting, history, certificates, exceptions] = sections;
    const [, , , , , , , alerts, attendance, messages, actions] = sections;
    expect(account?.rows).toContainEqual(['Celular', '+55 11 91234-5678']);
    expect(account?.rows).toContainEqual(['E-mail confirmado em', '—']);
    expect(account?.rows).toContainEqual(['Aceite do aviso de privacidade', '01/03/2027, 09h00']);
    expect(enrolments?.rows).toEqual([
      [
        'Passe (Turma 2027/1)',
        "Confirmada desde 02/03/2027, 10h30 (vaga da lista de espera em 02/03/2027, 10h30); QR code de entrada em 'Minhas inscrições'",
      ],
    ]);
    // The code that checks each certificate, and the address printed on it; a withdrawn one is
    // said to be invalid, as its public check says.
    expect(certificates?.rows).toEqual([
      [
        'Passe (Turma 2026/2)',
        'Código K7QM-3XPA-9T2C-HDRW, emitido em 11/12/2026, 10h00; conclusão em 10/12/2026, 10h30; confira em https://www.centro.org.br/certificados/K7QM-3XPA-9T2C-HDRW',
      ],
      [
        'Passe (Turma 2026/1)',
        'Código QM7K-XPA3-T2C9-RWHD, emitido em 11/06/2026, 10h00; inválido desde 20/06/2026, 10h00',
      ],
    ]);
    // The consent given in person, in the words read, recorded by role (never a staff name).
    expect(desk?.rows).toEqual([
      ['Nome informado', 'Bruno Lima'],
      ['Celular informado', '+55 11 91234-5678'],
      ['E-mail informado', '—'],
      [
        'Consentimento dado pessoalmente',
        'Em 20/02/2027, 10h00, registrado pela secretaria ou coordenação',
      ],
      ['Texto lido para você', 'Autorizo o centro a guardar meu nome e telefone para a inscrição.'],
      ['Vinculada à sua conta em', '01/03/2027, 09h00'],
    ]);
    expect(alerts?.rows).toEqual([['Estudo do Evangelho', 'Pedido em 03/03/2027, 09h00']]);
    expect(messages?.rows).toEqual([
      ['Inscrição confirmada: Passe', 'Enviado em 02/03/2027, 10h31'],
      ['E-mail com assunto definido no envio', 'Aguardando envio desde 06/03/2027, 20h00'],
    ]);
    expect(waiting?.rows).toEqual([]);
    expect(waiting?.empty).toBe('Nenhuma lista de espera.');
    expect(history?.rows).toEqual([
      ['Passe (Turma 2027/1)', 'Inscrição confirmada, desde 02/03/2027, 10h30'],
      [
        'Passe (Turma 2026/2)',
        'Concluído, em 10/12/2026, 10h30 (alterado pela coordenação: Repôs as aulas em outra turma)',
      ],
    ]);
    // Who granted it by role, never the staff member's name or e-mail.
    expect(exceptions?.rows).toEqual([
      ['Estudando André Luiz II', 'Liberada pela secretaria ou coordenação em 05/03/2027, 11h00'],
    ]);
    expect(attendance?.rows).toEqual([
      ['Passe (Turma 2027/1), encontro 2', 'Presente (marcado em 06/03/2027, 20h00)'],
    ]);
    // By role and the course's title (one the person left included), never a name or a slug.
    expect(actions?.rows).toEqual([
      ['06/03/2027, 20h00', 'Marcou sua presença ou falta (Passe), pela Secretaria'],
      [
        '05/03/2027, 11h00',
        'Liberou sua inscrição sem pré-requisito (Estudando André Luiz II), pela Coordenação',
      ],
      [
        '07/03/2027, 10h00',
        'Viu a lista de participantes com seus dados (Conheça o Espiritismo), pela Secretaria (3 vezes)',
      ],
      ['08/03/2027, 10h00', 'Removeu você do curso (Conheça o Espiritismo), pela equipe'],
    ]);
  });
});
