/** Texts the website shows for API outcomes (spec sections 5 and 8), kept verbatim. */
export const messages = {
  enrolmentFailed: 'Erro ao carregar dados. Por favor tente novamente!',
  courseFull: 'Vagas esgotadas para este curso.',
  profileError: 'Erro!',
  profileSaved: 'Dados atualizados com sucesso!',
  phoneHint: 'Digite o celular no formato (XX) XXXXX-XXXX',
  phoneFormatError: 'Erro ao formatar celular!',
  birthDateHint: 'Digite a data de nascimento no formato DD/MM/AAAA!',
  birthDateFormatError: 'Erro ao formatar data de nascimento!',
} as const;
