/** Escola de Médiuns: basic degree, intermediate degree and mediumistic development (10 courses). */
import type { Programme } from '../schema.js';
import { courseImage } from './images.js';
import { weeklyMeetings } from './weekly.js';

const BASIC = 'Grau Básico';
const INTERMEDIATE = 'Grau Intermediário';
const DEVELOPMENT = 'Desenvolvimento Mediúnico';

/** The programme's weekly meetings: thursdays at 19:30, 90 minutes, from 2027-03-04, at the centre. */
const weekly = weeklyMeetings('2027-03-04', 'thursday', '19:30');

export const escolaDeMediuns: Programme = {
  slug: 'escola-de-mediuns',
  name: 'Escola de Médiuns',
  introduction: [
    'A Escola de Médiuns é o caminho de estudo da nossa casa para quem deseja compreender a mediunidade e educá-la com segurança, equilíbrio e compromisso com o bem. No grau básico, estudamos as obras de André Luiz e O Livro dos Médiuns; no grau intermediário, os mecanismos da mediunidade e o acolhimento da dor humana; por fim, o desenvolvimento mediúnico leva o estudo para a prática, em grupos acompanhados.',
    'Todos os cursos são gratuitos e conduzidos por trabalhadores experientes da casa. As vagas são limitadas, porque as turmas são pequenas para que cada aluno seja bem acompanhado. Depois da inscrição, você recebe por e-mail e no grupo de WhatsApp do curso o dia, o horário e as orientações da turma.',
  ],
  courses: [
    {
      slug: 'estudando-andre-luiz-i',
      programme: 'escola-de-mediuns',
      title: 'Estudando André Luiz I',
      stage: BASIC,
      summary:
        'Primeira parte do estudo da série André Luiz, de Chico Xavier: a vida espiritual, o trabalho dos benfeitores e a realidade do perispírito.',
      description: [
        'O curso abre a Escola de Médiuns com o estudo das primeiras obras da série André Luiz, psicografadas por Francisco Cândido Xavier: Os Mensageiros, Missionários da Luz e No Mundo Maior, retomando Nosso Lar, já conhecido do Global Kardec, como ponto de partida. Por meio delas entendemos como o plano espiritual se organiza e como ele age junto de nós.',
        'Os temas incluem o perispírito, os fluidos, a influência dos pensamentos, o preparo dos médiuns no plano espiritual e o trabalho dos benfeitores nas reuniões mediúnicas.',
        'O estudo de André Luiz abre a Escola porque mostra, por dentro, aquilo que Kardec explicou em princípio: a mediunidade é um trabalho de equipe entre os dois planos da vida, que exige preparo, disciplina e amor ao próximo.',
        'Primeiro curso do grau básico, é indicado para quem já conhece os princípios da Doutrina Espírita; recomendamos ter concluído ao menos o ciclo introdutório do Global Kardec. A sequência é o curso Estudando André Luiz II.',
      ],
      audience:
        'Para quem deseja iniciar a Escola de Médiuns, de preferência após o ciclo introdutório do Global Kardec.',
      image: courseImage(
        'estudando-andre-luiz-i',
        'Ilustração de uma pilha de livros e uma pena branca, sob um feixe de luz que desce do alto.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000201',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 60,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 1'),
    },
    {
      slug: 'estudando-andre-luiz-ii',
      programme: 'escola-de-mediuns',
      title: 'Estudando André Luiz II',
      stage: BASIC,
      summary:
        'Continuação da série André Luiz: obsessão, desobsessão, lei de ação e reação e a libertação pelo amor e pelo trabalho.',
      description: [
        'Continuamos a série André Luiz com Obreiros da Vida Eterna, Libertação e Ação e Reação. Nessas obras, o estudo passa das regiões de luz às de sofrimento, mostrando as causas espirituais de muitas dores e os recursos da misericórdia divina.',
        'Estudamos a obsessão e a desobsessão, a lei de causa e efeito, o resgate de débitos do passado, a ação incansável dos benfeitores e a força da prece e do perdão na libertação de encarnados e desencarnados.',
        'Os encontros combinam leitura comentada, conversa em grupo e reflexão pessoal. A proposta é olhar para a dor alheia com compaixão e para as próprias imperfeições com coragem, compreendendo que a obsessão começa, quase sempre, na sintonia que nós mesmos oferecemos.',
        'Segundo curso do grau básico, é indicado para quem concluiu Estudando André Luiz I. Com ele, o aluno chega preparado ao estudo de O Livro dos Médiuns, que organiza, com o rigor de Kardec, muito do que as narrativas de André Luiz apresentaram.',
      ],
      audience: 'Para quem concluiu Estudando André Luiz I.',
      image: courseImage(
        'estudando-andre-luiz-ii',
        'Ilustração de uma escada de luz que sobe de um vale escuro em direção ao céu claro.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000202',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 60,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 2'),
      prerequisites: ['estudando-andre-luiz-i'],
    },
    {
      slug: 'o-livro-dos-mediuns-i',
      programme: 'escola-de-mediuns',
      title: 'O Livro dos Médiuns I',
      stage: BASIC,
      summary:
        'Primeira parte de O Livro dos Médiuns, de Allan Kardec: as noções preliminares, as manifestações físicas e a natureza dos Espíritos.',
      description: [
        'O Livro dos Médiuns é o guia seguro de todo estudo sobre mediunidade. Nesta primeira parte estudamos as noções preliminares, o método de Kardec, o sistema das explicações e as manifestações físicas: efeitos físicos, aparições, transfigurações e o papel do perispírito.',
        'O objetivo é compreender a mediunidade como faculdade natural, presente em maior ou menor grau em todas as pessoas, estudada com razão e bom senso, e desfazer medos, fantasias e superstições.',
        'Os encontros acompanham o texto de Kardec capítulo a capítulo, com leitura em grupo, explicações dos monitores e exemplos atuais, para que o aluno aprenda a distinguir o fenômeno verdadeiro da ilusão e a examinar os fatos com o método espírita: observação, razão e prudência.',
        'Terceiro curso do grau básico, é indicado para quem concluiu Estudando André Luiz II. Continua em O Livro dos Médiuns II, que trata dos médiuns, das comunicações e das reuniões mediúnicas.',
      ],
      audience: 'Para quem concluiu Estudando André Luiz II.',
      image: courseImage(
        'o-livro-dos-mediuns-i',
        'Ilustração de um livro azul fechado, com uma estrela dourada na capa, sobre uma mesa ao lado de uma planta.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000203',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 50,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 3'),
    },
    {
      slug: 'o-livro-dos-mediuns-ii',
      programme: 'escola-de-mediuns',
      title: 'O Livro dos Médiuns II',
      stage: BASIC,
      summary:
        'Segunda parte de O Livro dos Médiuns: os tipos de médiuns, a influência moral, a obsessão e as reuniões mediúnicas sérias.',
      description: [
        'Encerrando o grau básico, estudamos a segunda parte de O Livro dos Médiuns: os médiuns e suas variedades, a formação dos médiuns, os inconvenientes e perigos da mediunidade, o papel do médium nas comunicações e a influência moral do médium e do meio.',
        'Estudamos a obsessão simples, a fascinação e a subjugação, as contradições e mistificações, a identidade dos Espíritos e as condições de uma reunião mediúnica séria, harmoniosa e produtiva.',
        'O estudo insiste no ponto central da obra: a qualidade das comunicações depende, acima de tudo, das qualidades morais do médium e do grupo. Por isso, os encontros dão atenção especial à humildade, à vigilância e ao estudo constante como proteções do médium.',
        'Último curso do grau básico, é indicado para quem concluiu O Livro dos Médiuns I. Concluído o grau básico, o aluno segue para o grau intermediário, começando por Nos Domínios da Mediunidade I.',
      ],
      audience: 'Para quem concluiu O Livro dos Médiuns I.',
      image: courseImage(
        'o-livro-dos-mediuns-ii',
        'Ilustração de um livro aberto com uma lamparina acesa ao lado, iluminando as páginas.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000204',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 50,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 4'),
      prerequisites: ['o-livro-dos-mediuns-i'],
    },
    {
      slug: 'nos-dominios-da-mediunidade-i',
      programme: 'escola-de-mediuns',
      title: 'Nos Domínios da Mediunidade I',
      stage: INTERMEDIATE,
      summary:
        'Estudo de Nos Domínios da Mediunidade, de André Luiz: como funciona, por dentro, uma reunião mediúnica e o psiquismo do médium.',
      description: [
        'Abrindo o grau intermediário, estudamos a primeira metade de Nos Domínios da Mediunidade, de André Luiz, psicografado por Chico Xavier. O livro acompanha, do ponto de vista espiritual, uma reunião mediúnica séria e explica o que acontece com o médium, o Espírito comunicante e o grupo.',
        'Os temas incluem a assimilação de correntes mentais, a psicofonia consciente e sonambúlica, a possessão e o papel do dirigente e da equipe espiritual.',
        'Cada capítulo é estudado ao lado das passagens correspondentes de O Livro dos Médiuns, para que o aluno perceba como a narrativa de André Luiz confirma e ilustra a Codificação. Os monitores compartilham a experiência das reuniões da casa, sem expor pessoas ou casos.',
        'Primeiro curso do grau intermediário, é indicado para quem concluiu o grau básico (Estudando André Luiz I e II e O Livro dos Médiuns I e II). A sequência é Nos Domínios da Mediunidade II.',
      ],
      audience: 'Para quem concluiu o grau básico da Escola de Médiuns.',
      image: courseImage(
        'nos-dominios-da-mediunidade-i',
        'Ilustração de uma mesa de reunião vista de cima, com pessoas ao redor, uma jarra de água e uma luz suave ao centro.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000205',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 50,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 5'),
    },
    {
      slug: 'nos-dominios-da-mediunidade-ii',
      programme: 'escola-de-mediuns',
      title: 'Nos Domínios da Mediunidade II',
      stage: INTERMEDIATE,
      summary:
        'Segunda parte de Nos Domínios da Mediunidade: clarividência, desdobramento, efeitos físicos, passe e mediunidade a serviço do bem.',
      description: [
        'Continuamos o estudo de Nos Domínios da Mediunidade com os capítulos sobre clarividência e clariaudiência, desdobramento, efeitos físicos, materialização, mediunidade torturada, o passe e a oração.',
        'Conceitos como sintonia, corrente mental e assistência espiritual ganham aplicação prática no cuidado com a saúde do médium, com a harmonia do grupo e com o atendimento aos Espíritos comunicantes.',
        'O curso também reflete sobre os desvios da mediunidade, como a vaidade, o fascínio pelo extraordinário e qualquer forma de cobrança, e reforça o ensinamento de Jesus lembrado por Kardec: "Dai de graça o que de graça recebestes".',
        'Segundo curso do grau intermediário, é indicado para quem concluiu Nos Domínios da Mediunidade I. Em seguida, o aluno estuda Compreendendo a Dor Humana I, que prepara o coração para acolher quem sofre.',
      ],
      audience: 'Para quem concluiu Nos Domínios da Mediunidade I.',
      image: courseImage(
        'nos-dominios-da-mediunidade-ii',
        'Ilustração de um olho sereno cercado por círculos concêntricos de luz azul e dourada.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000206',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 50,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 6'),
      prerequisites: ['nos-dominios-da-mediunidade-i'],
    },
    {
      slug: 'compreendendo-a-dor-humana-i',
      programme: 'escola-de-mediuns',
      title: 'Compreendendo a Dor Humana I',
      stage: INTERMEDIATE,
      summary:
        'A dor à luz do Espiritismo: causas atuais e anteriores das aflições, sofrimento como instrumento de aprendizado e consolo.',
      description: [
        'Quem trabalha com mediunidade lida, todos os dias, com a dor de encarnados e desencarnados. Este curso estuda o sofrimento à luz da Doutrina Espírita, a partir do capítulo V de O Evangelho segundo o Espiritismo, "Bem-aventurados os aflitos", e de O Céu e o Inferno.',
        'Estudamos as causas atuais e anteriores das aflições, a justiça divina, a resignação ativa, a esperança e o papel da dor como instrumento de aprendizado e de progresso do Espírito.',
        'Também lemos depoimentos de Espíritos em O Céu e o Inferno, que mostram a situação de quem partiu em diferentes condições morais, e textos de Emmanuel que ajudam a transformar o sofrimento em oportunidade de crescimento.',
        'Terceiro curso do grau intermediário, é indicado para quem concluiu Nos Domínios da Mediunidade II. Ele continua em Compreendendo a Dor Humana II, voltado ao atendimento prático de quem sofre.',
      ],
      audience: 'Para quem concluiu Nos Domínios da Mediunidade II.',
      image: courseImage(
        'compreendendo-a-dor-humana-i',
        'Ilustração de uma flor que brota de uma pedra rachada, tocada por um raio de sol.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000207',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 50,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(12, 'Sala 7'),
    },
    {
      slug: 'compreendendo-a-dor-humana-ii',
      programme: 'escola-de-mediuns',
      title: 'Compreendendo a Dor Humana II',
      stage: INTERMEDIATE,
      summary:
        'O atendimento aos que sofrem: Espíritos sofredores, doença, luto, depressão e suicídio, com acolhimento e esclarecimento fraterno.',
      description: [
        'Na segunda parte, o estudo se volta para o atendimento: como acolher e esclarecer Espíritos sofredores nas reuniões mediúnicas e pessoas em sofrimento no atendimento fraterno.',
        'Estudamos o luto, a doença, a depressão, a prevenção do suicídio e a dependência química, sempre com respeito, à luz de O Evangelho segundo o Espiritismo e sem jamais substituir o acompanhamento médico e psicológico.',
        'Com exercícios de escuta e simulações de diálogo, os alunos aprendem a ouvir antes de falar, a consolar sem julgar, a esclarecer com poucas palavras e a usar a prece como recurso de amparo para quem fala e para quem ouve.',
        'Último curso do grau intermediário, é indicado para quem concluiu Compreendendo a Dor Humana I. Concluídos os graus básico e intermediário, o aluno pode iniciar o desenvolvimento mediúnico, começando pelo curso Desenvolvimento Mediúnico: Vibração.',
      ],
      audience: 'Para quem concluiu Compreendendo a Dor Humana I.',
      image: courseImage(
        'compreendendo-a-dor-humana-ii',
        'Ilustração de uma mão que ampara outra mão, envolvidas por um halo de luz.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000208',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 50,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(12, 'Sala 8'),
      prerequisites: ['compreendendo-a-dor-humana-i'],
    },
    {
      slug: 'desenvolvimento-mediunico-vibracao',
      programme: 'escola-de-mediuns',
      title: 'Desenvolvimento Mediúnico: Vibração',
      stage: DEVELOPMENT,
      summary:
        'Primeira etapa prática: concentração, prece e vibração em grupo, para educar a sensibilidade e fortalecer a sintonia com o bem.',
      description: [
        'Este curso inicia a parte prática da Escola de Médiuns. Em pequenos grupos, os alunos exercitam a concentração, a prece e a vibração, sob orientação de trabalhadores experientes.',
        'O foco é a disciplina: pontualidade, assiduidade, vigilância dos pensamentos, reforma íntima e a percepção serena das próprias emoções, para que o aluno aprenda a distinguir o que é seu do que vem de fora.',
        'Antes de qualquer manifestação mediúnica, o aluno aprende a sustentar, com o grupo, um ambiente de paz e de serviço: vibrar pelos enfermos, pelos desencarnados em sofrimento e pelos trabalhadores da casa. É o alicerce de todo trabalho mediúnico seguro.',
        'Primeira etapa do desenvolvimento mediúnico, é indicado para quem concluiu os graus básico e intermediário da Escola de Médiuns. As turmas são pequenas e a frequência é acompanhada com atenção. A sequência é Desenvolvimento Mediúnico: Fase I.',
      ],
      audience: 'Para quem concluiu o grau intermediário da Escola de Médiuns.',
      image: courseImage(
        'desenvolvimento-mediunico-vibracao',
        'Ilustração de uma pessoa sentada em prece, envolvida por círculos de luz dourada que se expandem.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000209',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 40,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(20, 'Sala 9'),
    },
    {
      slug: 'desenvolvimento-mediunico-fase-i',
      programme: 'escola-de-mediuns',
      title: 'Desenvolvimento Mediúnico: Fase I',
      stage: DEVELOPMENT,
      summary:
        'Primeira fase do desenvolvimento mediúnico em grupo: percepção, passividade e controle, com estudo e orientação constantes.',
      description: [
        'Na Fase I, o aluno participa de um grupo de desenvolvimento mediúnico com dirigentes e médiuns experientes. Aprende a perceber as próprias faculdades, a manter a passividade com consciência e a exercer o controle sobre a comunicação.',
        'Cada encontro tem estudo, prece, prática e avaliação fraterna: depois de cada exercício, o grupo conversa sobre o que foi percebido, com sinceridade e sem julgamentos, à luz de O Livro dos Médiuns.',
        'O objetivo não é produzir fenômenos, mas formar médiuns equilibrados, conscientes da própria responsabilidade e dispostos a servir com humildade. Cada aluno avança no seu ritmo, respeitando as suas condições de saúde física, emocional e espiritual.',
        'Indicado para quem concluiu Desenvolvimento Mediúnico: Vibração. Ao final da Fase I, a coordenação da Escola orienta cada aluno sobre as próximas etapas do desenvolvimento e sobre a participação nas reuniões mediúnicas da casa.',
      ],
      audience: 'Para quem concluiu Desenvolvimento Mediúnico: Vibração.',
      image: courseImage(
        'desenvolvimento-mediunico-fase-i',
        'Ilustração de três pessoas sentadas lado a lado em prece, sob um feixe de luz que desce do alto.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000210',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 40,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(20, 'Sala 10'),
    },
  ],
};
