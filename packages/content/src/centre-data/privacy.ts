/** The privacy notice of the /privacidade page, written with the LGPD (Lei 13.709/2018) in mind. */
import { RETENTION_MONTHS_AFTER_COURSE } from '../constants.js';
import type { PrivacyNotice } from '../schema.js';
import { centre } from './centre.js';

/**
 * How the notice names its channel for personal data requests: the paragraph holding it names the
 * data-protection address of the server's configuration (DATA_PROTECTION_EMAIL, decision 080), the
 * others the contact e-mail published in 'Conteúdo'.
 */
export const DATA_REQUESTS_CHANNEL = '(o canal do centro para pedidos sobre dados pessoais)';

export const privacy: PrivacyNotice = {
  title: 'Aviso de Privacidade',
  sections: [
    {
      heading: 'Quem somos',
      paragraphs: [
        `Este aviso explica como o ${centre.name}, responsável por este site, trata os dados pessoais de quem cria uma conta e se inscreve nos cursos. Cuidamos das suas informações com o mesmo respeito com que acolhemos cada pessoa que chega à nossa casa, em conformidade com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, a LGPD).`,
      ],
    },
    {
      heading: 'Quais dados coletamos',
      paragraphs: [
        'Ao criar a sua conta, pedimos apenas o necessário: nome, e-mail, celular e data de nascimento, além de uma senha que fica guardada de forma protegida e que ninguém da equipe consegue ler. Também registramos em quais cursos você se inscreveu.',
        'Para navegar pelas páginas públicas do site não é preciso informar nenhum dado pessoal.',
      ],
    },
    {
      heading: 'Para que usamos os seus dados',
      paragraphs: [
        'Usamos os seus dados para realizar e organizar as inscrições nos cursos, controlar as vagas de cada turma, incluir você no grupo do curso e entrar em contato sobre os cursos (horários, mudanças, materiais e avisos). A data de nascimento nos ajuda a respeitar as faixas etárias das atividades.',
        'A base legal é a execução das atividades que você solicita ao se inscrever e o seu consentimento, dado ao aceitar este aviso. Não vendemos, não alugamos e não usamos os seus dados para propaganda.',
      ],
    },
    {
      heading: 'Quem tem acesso',
      paragraphs: [
        'Os seus dados são vistos apenas pelos voluntários da coordenação dos cursos e pelos monitores da sua turma, na medida do necessário para o trabalho. Eles ficam guardados em serviços de hospedagem contratados pelo centro, que os tratam somente de acordo com as nossas instruções.',
        'Ao entrar no grupo de WhatsApp da turma, o seu número fica visível para os demais participantes do grupo, conforme as regras do próprio aplicativo. Entrar no grupo é opcional.',
      ],
    },
    {
      heading: 'Por quanto tempo guardamos',
      paragraphs: [
        'Mantemos os dados da sua conta enquanto ela estiver ativa. Os dados da sua inscrição em uma turma (a inscrição, a lista de espera e as presenças) são anonimizados ' +
          `${RETENTION_MONTHS_AFTER_COURSE} meses depois do último encontro da turma: deixam de dizer quem você é e servem apenas para estatísticas do centro.`,
        'Guardamos, enquanto a sua conta existir, se você concluiu cada curso (o curso, a turma e a data, e o motivo quando a coordenação altera uma conclusão), porque alguns cursos são só para quem concluiu outros. Do mesmo modo guardamos quando a secretaria ou a coordenação libera a sua inscrição em um curso sem os pré-requisitos (o curso, a data e quem liberou). Esses registros são apagados junto com a conta.',
        'Você pode excluir a sua conta a qualquer momento na página Perfil, em "Meus dados": as suas inscrições são canceladas, você sai dos grupos dos cursos e a conta é apagada na hora. No registro das ações da equipe fica apenas um rastro anônimo do que foi feito com os seus dados. Quem fez parte da equipe continua identificado nas ações que realizou (por exemplo, ao ver ou exportar listas de participantes): esse registro é uma obrigação do centro.',
      ],
    },
    {
      heading: 'Os seus direitos',
      paragraphs: [
        'A LGPD (art. 18) garante a você, titular dos dados, o direito de: confirmar se tratamos os seus dados; acessá-los; corrigir dados incompletos, inexatos ou desatualizados; pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários ou excessivos; pedir a portabilidade; pedir a eliminação dos dados tratados com o seu consentimento; saber com quem os compartilhamos; ser informado sobre a possibilidade de não consentir e suas consequências; e revogar o consentimento a qualquer momento.',
        `Você mesmo pode corrigir nome, e-mail, celular e data de nascimento na página Perfil, e lá mesmo, em "Meus dados", baixar tudo o que guardamos sobre você (arquivo JSON) ou excluir a sua conta. Para exercer qualquer outro direito, ou se não conseguir fazê-lo pelo site, escreva para ${centre.email} ${DATA_REQUESTS_CHANNEL}: responderemos em até 15 dias. Esse endereço só é alterado na configuração do servidor do site, a pedido da coordenação do centro: editar o conteúdo das páginas não o muda. Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).`,
      ],
    },
    {
      heading: 'Cookies e armazenamento no navegador',
      paragraphs: [
        'Não usamos cookies de publicidade nem ferramentas de rastreamento. Quando você entra na sua conta, o site guarda no armazenamento local do seu navegador uma chave de acesso (token), que mantém você conectado e é apagada ao clicar em "Sair".',
      ],
    },
    {
      heading: 'Contato',
      paragraphs: [
        `Em caso de dúvidas sobre este aviso ou sobre os seus dados, fale conosco pelo e-mail ${centre.email} ou pessoalmente na secretaria do centro. Este aviso pode ser atualizado; a versão em vigor é sempre a publicada nesta página.`,
      ],
    },
  ],
};
