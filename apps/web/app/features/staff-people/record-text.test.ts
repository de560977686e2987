import { describe, expect, it } from 'vitest';
import { actionText, changeLines, settingChangeLines, whenText } from './record-text';

const row = (action: string, extra: Partial<Parameters<typeof actionText>[0]> = {}) => ({
  action,
  at: '2026-03-02T13:05:00.000Z',
  lastAt: '2026-03-02T13:05:00.000Z',
  count: 1,
  details: {},
  ...extra,
});

describe('the record in words', () => {
  it('names every action in Portuguese, with role, meeting and repetitions', () => {
    expect(actionText(row('account.delete'))).toBe('Uma pessoa excluiu a própria conta');
    expect(actionText(row('overview.view', { count: 3 }))).toBe(
      'Viu a visão geral dos cursos (3×)',
    );
    expect(actionText(row('role.grant', { details: { role: 'secretaria' } }))).toBe(
      'Concedeu uma função (Secretaria)',
    );
    expect(actionText(row('attendance.update', { details: { meeting: 2 } }))).toBe(
      'Marcou a presença de um encontro (2º encontro)',
    );
    expect(actionText(row('something.new'))).toBe('Ação desconhecida');
    expect(
      actionText(row('term.prepare', { details: { term: '2027/2', created: 18, skipped: 2 } })),
    ).toBe('Preparou o próximo semestre (2027/2, 18 turmas criadas, 2 cursos já preparados)');
    expect(actionText(row('class.conclude', { details: { meetingsRemaining: 1 } }))).toBe(
      'Encerrou uma turma (1 encontro ainda por vir)',
    );
    expect(actionText(row('class.reopen', { details: { class: 'k', withdrawn: 2 } }))).toBe(
      'Reabriu uma turma encerrada (2 resultados retirados)',
    );
    expect(actionText(row('content.save', { details: { document: 'about', revision: 2 } }))).toBe(
      'Publicou uma alteração do conteúdo do site (Saiba mais, versão 2)',
    );
    expect(actionText(row('role.revoke', { details: { role: 'comunicacao' } }))).toBe(
      'Retirou uma função (Comunicação)',
    );
  });

  it('names each content document as the Conteúdo section does, never its key', () => {
    const save = (details: Record<string, unknown>) =>
      actionText(row('content.save', { details }), new Map([['passe', 'Passe']]));
    expect(save({ document: 'contact', revision: 1 })).toBe(
      'Publicou uma alteração do conteúdo do site (Contato, versão 1)',
    );
    expect(save({ document: 'schedule', revision: 2 })).toContain('(Horários, versão 2)');
    expect(save({ document: 'notices', revision: 5, restoredFrom: 0 })).toContain(
      '(Avisos, versão 5, restaurou os avisos originais (nenhum))',
    );
    expect(save({ document: 'photos', revision: 3, slot: 'banner' })).toBe(
      'Publicou uma alteração do conteúdo do site (Fotos, banner da página inicial, versão 3)',
    );
    expect(
      save({ document: 'photos', revision: 4, slot: 'course:/global-kardec/passe', removed: true }),
    ).toContain('(Fotos, Curso Passe, voltou à ilustração original, versão 4)');
    expect(save({ document: '/global-kardec/passe', revision: 4, restoredFrom: 1 })).toBe(
      'Publicou uma alteração do conteúdo do site (Curso Passe, versão 4, restaurou a versão 1)',
    );
    expect(save({ document: 'contact', revision: 6, restoredFrom: 0 })).toContain(
      'restaurou o contato original',
    );
  });

  it('gives the first and last time of repeated views, in São Paulo', () => {
    expect(whenText(row('overview.view'))).toBe('02/03/2026 às 10h05');
    expect(whenText(row('overview.view', { count: 4, lastAt: '2026-03-02T13:12:00.000Z' }))).toBe(
      '02/03/2026 às 10h05 até 10h12',
    );
  });

  it('says each changed setting by its name, before and after', () => {
    expect(
      settingChangeLines({
        changes: [
          { field: 'places', before: null, after: 40 },
          { field: 'opensAt', before: '2026-03-01T19:00', after: null },
          { field: 'firstMeeting', before: '2026-03-04', after: '2026-03-11' },
          { field: 'room', before: 'Sala 1', after: 'Sala 2' },
          { field: 'unknown', before: 1, after: 2 },
        ],
      }),
    ).toEqual([
      'Vagas: padrão → 40',
      'Abertura das inscrições: 01/03/2026 às 19h00 → padrão',
      'Primeiro encontro: 04/03/2026 → 11/03/2026',
      'Local: Sala 1 → Sala 2',
    ]);
    expect(settingChangeLines({ places: 40, changed: ['places'] })).toEqual([]);
  });
});

describe('changeLines', () => {
  const titles = new Map([
    ['passe', 'Passe'],
    ['corrente', 'Corrente'],
  ]);
  it("says a course's prerequisites and a participant's completion before and after", () => {
    expect(
      changeLines(
        { action: 'prerequisites.update', details: { before: ['passe', 'corrente'], after: [] } },
        titles,
      ),
    ).toEqual(['Pré-requisitos: Passe, Corrente → nenhum']);
    expect(
      changeLines({ action: 'completion.change', details: { before: false, after: true } }, titles),
    ).toEqual(['Conclusão: Não concluiu → Concluiu']);
    expect(changeLines({ action: 'prerequisite.exception', details: {} }, titles)).toEqual([]);
  });
});
