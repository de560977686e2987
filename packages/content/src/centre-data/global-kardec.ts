/** Global Kardec: the study school, introductory cycle and specialisation cycle (10 courses). */
import type { Programme } from '../schema.js';
import { courseImage } from './images.js';
import { weeklyMeetings } from './weekly.js';

const INTRO = 'Ciclo Introdutório';
const SPEC = 'Ciclo de Especialização';
/** The introductory cycle's courses: each course of the specialisation cycle requires them all. */
const INTRO_COURSES = ['conheca-o-espiritismo', 'nosso-lar', 'passe', 'corrente', 'vibracao'];

/** The programme's weekly meetings: saturdays at 17:30, 90 minutes, from 2027-03-06, at the centre. */
const weekly = weeklyMeetings('2027-03-06', 'saturday', '17:30');

export const globalKardec: Programme = {
  slug: 'global-kardec',
  name: 'Global Kardec',
  introduction: [
    'O Global Kardec é a escola de estudos da nossa casa, para jovens e adultos acima de 14 anos. No ciclo introdutório, você conhece as bases da Doutrina Espírita e as práticas do centro: o passe, a corrente e a vibração. No ciclo de especialização, aprofunda o estudo em um dos institutos de trabalho e se prepara para servir na área que mais tocar o seu coração.',
    'Todos os cursos são gratuitos e acompanhados por monitores voluntários, em encontros semanais aos sábados, às 17h30. As vagas são limitadas: escolha o curso, leia a descrição e faça a sua inscrição pelo site.',
  ],
  courses: [
    {
      slug: 'conheca-o-espiritismo',
      programme: 'global-kardec',
      title: 'Conheça o Espiritismo',
      stage: INTRO,
      summary:
        'O primeiro passo: o que é o Espiritismo, quem foi Allan Kardec e quais são os princípios básicos da Doutrina Espírita.',
      description: [
        'Este é o curso de entrada do Global Kardec. Em encontros semanais, estudamos o que é o Espiritismo, como surgiu na França do século XIX e quem foi Allan Kardec, o educador que organizou os ensinamentos dos Espíritos. Conhecemos as cinco obras da Codificação, com destaque para O Livro dos Espíritos.',
        'Os temas são os princípios fundamentais da Doutrina: a existência de Deus, a imortalidade da alma, a reencarnação, a comunicabilidade dos Espíritos, a pluralidade dos mundos habitados e a lei de causa e efeito. Tudo com linguagem simples, espaço para perguntas e troca de experiências.',
        'O curso é indicado para quem está chegando à casa, para quem já frequenta as reuniões públicas e deseja entender melhor o que ouve nas palestras e para quem procura respostas sobre a vida, a morte e o sentido do sofrimento. Não é preciso nenhum conhecimento anterior: basta vontade de aprender.',
        'Conheça o Espiritismo abre o ciclo introdutório do Global Kardec. Ao concluí-lo, você segue para o curso Nosso Lar, em que os princípios estudados aqui ganham vida na narrativa de André Luiz sobre o mundo espiritual.',
      ],
      audience: 'Para quem está chegando à casa ou nunca estudou o Espiritismo, acima de 14 anos.',
      image: courseImage(
        'conheca-o-espiritismo',
        'Ilustração de um livro aberto com uma pequena chama dourada acima das páginas.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000101',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 80,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(10, 'Sala 1'),
    },
    {
      slug: 'nosso-lar',
      programme: 'global-kardec',
      title: 'Nosso Lar',
      stage: INTRO,
      summary:
        'Estudo do livro Nosso Lar, de André Luiz, psicografado por Chico Xavier: a vida no mundo espiritual e o valor do trabalho no bem.',
      description: [
        'Neste curso lemos e comentamos, capítulo a capítulo, o livro Nosso Lar, ditado pelo Espírito André Luiz ao médium Francisco Cândido Xavier. A obra narra o despertar de um médico no plano espiritual e a sua adaptação à colônia Nosso Lar, revelando como é a vida depois da morte do corpo.',
        'A partir da narrativa, estudamos temas como o desencarne, o umbral, a organização das colônias espirituais, o trabalho, a oração, o auxílio dos benfeitores e a importância das nossas escolhas na Terra.',
        'Mais do que satisfazer a curiosidade sobre o além, o livro é um convite à renovação: André Luiz chega ao plano espiritual como um homem comum, com acertos e enganos, e aprende, com humildade, a recomeçar. Essa é também a proposta do curso: refletir sobre a própria vida à luz do que a obra ensina.',
        'Segundo curso do ciclo introdutório, é indicado para quem concluiu Conheça o Espiritismo. Ele prepara o terreno para o curso Passe, pois mostra, de forma viva, a ação dos fluidos, da prece e do auxílio espiritual que serão estudados a seguir.',
      ],
      audience:
        'Para quem concluiu Conheça o Espiritismo e quer entender a vida no plano espiritual.',
      image: courseImage(
        'nosso-lar',
        'Ilustração de uma cidade serena entre nuvens, com torres claras sob um céu dourado.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000102',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 70,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(12, 'Sala 2'),
    },
    {
      slug: 'passe',
      programme: 'global-kardec',
      title: 'Passe',
      stage: INTRO,
      summary:
        'O que é o passe espírita, como age sobre o corpo e o perispírito e como é aplicado com simplicidade, prece e amor ao próximo.',
      description: [
        'O passe é uma transmissão de energias, fluidos, de quem doa para quem recebe, com o amparo dos bons Espíritos. Neste curso estudamos a sua fundamentação em O Livro dos Médiuns, em A Gênese e nas obras de André Luiz, especialmente Mecanismos da Mediunidade e Nos Domínios da Mediunidade.',
        'Vemos os fluidos e o perispírito, as condições morais e físicas do passista, a postura, a prece e a forma simples de aplicar o passe adotada pela casa, sem toques, gestos exagerados ou rituais.',
        'Também conversamos sobre o passe no dia a dia da casa: quem pode recebê-lo, como se preparar para recebê-lo, o valor da água fluidificada e por que ele não substitui o tratamento médico nem o esforço de renovação íntima de cada um.',
        'Terceiro curso do ciclo introdutório, é indicado para quem concluiu Nosso Lar. O estudo continua no curso Corrente, que mostra como o passe e a prece se somam ao pensamento unido do grupo nas reuniões de tratamento espiritual. A participação nas equipes de passe segue a orientação da coordenação da casa.',
      ],
      audience:
        'Para quem concluiu Nosso Lar e deseja compreender e, futuramente, aplicar o passe.',
      image: courseImage(
        'passe',
        'Ilustração de duas mãos estendidas sobre a cabeça de uma pessoa, com pontos de luz dourada descendo entre elas.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000103',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 60,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(8, 'Sala 3'),
    },
    {
      slug: 'corrente',
      programme: 'global-kardec',
      title: 'Corrente',
      stage: INTRO,
      summary:
        'A corrente mental e fluídica das reuniões de tratamento: sintonia, concentração, prece e a união de pensamentos em favor de quem sofre.',
      description: [
        'Nas reuniões de tratamento espiritual, os trabalhadores formam uma corrente: pensamentos unidos, em prece e concentração, que sustentam o trabalho dos benfeitores espirituais. Este curso ensina o que é essa corrente, como ela se forma e por que a harmonia do grupo é tão importante.',
        'Estudamos a lei de sintonia, o poder do pensamento, a disciplina da mente e das emoções, a pontualidade e o compromisso com o grupo, com apoio em O Livro dos Médiuns e em obras de André Luiz como Nos Domínios da Mediunidade.',
        'Na prática, os alunos aprendem a se preparar para a reunião ao longo do dia, a manter o pensamento firme durante a corrente, a lidar com a distração e o cansaço e a encerrar o trabalho em paz, sem levar consigo as impressões do atendimento.',
        'Quarto curso do ciclo introdutório, é indicado para quem concluiu o curso Passe. Em seguida vem o curso Vibração, que ensina a direcionar essa força mental, já exercitada em grupo, em benefício de pessoas, lares e causas específicas.',
      ],
      audience: 'Para quem concluiu o curso Passe e quer participar das correntes de tratamento.',
      image: courseImage(
        'corrente',
        'Ilustração de pessoas em círculo, vistas de cima, de mãos dadas e unidas por um anel de luz dourada.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000104',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 60,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(8, 'Sala 4'),
    },
    {
      slug: 'vibracao',
      programme: 'global-kardec',
      title: 'Vibração',
      stage: INTRO,
      summary:
        'A vibração como prece em ação: enviar pensamentos de paz, saúde e amor a pessoas, lares e ao planeta, com método e constância.',
      description: [
        'Vibrar é direcionar pensamentos e sentimentos elevados em benefício de alguém, de um lar, de um hospital ou da humanidade. Neste curso, que encerra o ciclo introdutório, estudamos como a vibração acontece, o papel da vontade e da fé e como conduzir e participar das vibrações nas reuniões da casa.',
        'Os encontros unem teoria e prática: estudo de textos de Kardec sobre a prece e o pensamento, de Emmanuel e de André Luiz, e exercícios de vibração em grupo, para que cada aluno sinta, por experiência própria, a paz que nasce do pensamento voltado ao bem.',
        'Aprendemos a compor as vibrações da casa, pelos enfermos, pelas crianças, pelos desencarnados, pela paz entre os povos e pela natureza, e a cultivar a vibração também no lar, no Evangelho no Lar semanal e nos momentos difíceis do dia a dia.',
        'Vibração encerra o ciclo introdutório e é indicado para quem concluiu o curso Corrente. Ao terminá-lo, o aluno está pronto para escolher um dos cinco institutos do ciclo de especialização, de acordo com a área de trabalho que deseja abraçar: Caridade, Criança, Divulgação, Esclarecimento e Família ou Jovem.',
      ],
      audience: 'Para quem concluiu o curso Corrente e encerra o ciclo introdutório.',
      image: courseImage(
        'vibracao',
        'Ilustração de um sol dourado irradiando ondas suaves de luz sobre o planeta Terra.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000105',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 60,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(8, 'Sala 5'),
    },
    {
      slug: 'instituto-da-caridade',
      programme: 'global-kardec',
      title: 'Instituto da Caridade',
      stage: SPEC,
      summary:
        'Preparação para o serviço de assistência social espírita: postos de assistência, Campanha da Fraternidade e Caravana do Lar.',
      description: [
        'O Instituto da Caridade prepara os trabalhadores das atividades de assistência da casa: os postos de assistência de sábado, a Campanha da Fraternidade e a Caravana do Lar aos domingos, e o acolhimento das famílias assistidas.',
        'Estudamos a caridade à luz de O Evangelho segundo o Espiritismo e de O Livro dos Espíritos, a diferença entre assistência e assistencialismo, o atendimento digno e sem julgamentos e a organização prática das campanhas.',
        'Os alunos acompanham, junto de trabalhadores experientes, as atividades de sábado e de domingo, conhecem as famílias assistidas e aprendem a organizar doações, montar cestas, manter o cadastro das famílias e fazer visitas fraternas com respeito à dignidade e à privacidade de cada pessoa.',
        'O Instituto da Caridade faz parte do ciclo de especialização e é indicado para quem concluiu o ciclo introdutório (Conheça o Espiritismo, Nosso Lar, Passe, Corrente e Vibração). Ao final, o aluno pode integrar as equipes dos postos de assistência, dos núcleos de trabalho e das campanhas de domingo.',
      ],
      audience: 'Para quem concluiu o ciclo introdutório e deseja servir na assistência social.',
      image: courseImage(
        'instituto-da-caridade',
        'Ilustração de duas mãos estendidas, uma de cada lado, em direção a um grande coração dourado.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000106',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 50,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 6'),
      prerequisites: INTRO_COURSES,
    },
    {
      slug: 'instituto-da-crianca',
      programme: 'global-kardec',
      title: 'Instituto da Criança',
      stage: SPEC,
      summary:
        'Formação de evangelizadores para a evangelização infantil, de 0 a 11 anos: a criança como Espírito imortal e o Evangelho ao seu alcance.',
      description: [
        'O Instituto da Criança forma os evangelizadores que acompanham as turmas de evangelização infantil, de 0 a 11 anos. Estudamos a criança como Espírito imortal em nova experiência, as fases do desenvolvimento e o papel da família.',
        'A parte prática ensina a planejar aulas, contar histórias, cantar, brincar e conversar sobre Jesus e sobre os valores do Evangelho de um jeito que a criança compreenda e leve para casa.',
        'Também estudamos como acolher as famílias, como lidar com crianças tímidas, agitadas ou com deficiência e como cuidar da segurança e do bem-estar de todos durante os encontros. A evangelização é uma semeadura: o evangelizador planta, com paciência e alegria, valores que acompanharão a criança pela vida inteira.',
        'Curso do ciclo de especialização, indicado para quem concluiu o ciclo introdutório. Ao final, o aluno passa a colaborar nas turmas de evangelização infantil da casa, ao lado de evangelizadores experientes.',
      ],
      audience:
        'Para quem concluiu o ciclo introdutório e deseja trabalhar com a evangelização infantil.',
      image: courseImage(
        'instituto-da-crianca',
        'Ilustração de duas crianças cuidando de uma pequena muda de árvore sob o sol, uma delas com um regador.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000107',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 40,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 7'),
      prerequisites: INTRO_COURSES,
    },
    {
      slug: 'instituto-da-divulgacao',
      programme: 'global-kardec',
      title: 'Instituto da Divulgação',
      stage: SPEC,
      summary:
        'Como divulgar o Espiritismo com fidelidade e simplicidade: palestras, textos, comunicação digital, livraria e biblioteca da casa.',
      description: [
        'O Instituto da Divulgação prepara quem deseja levar a mensagem espírita a mais pessoas: expositores das reuniões públicas, equipes de comunicação, transmissão em vídeo, livraria e biblioteca.',
        'Estudamos a divulgação à luz de Kardec, a fidelidade à Codificação, a oratória espírita, a escrita clara e acessível, o uso responsável das redes sociais e a transmissão das reuniões públicas em nosso canal de vídeo.',
        'Há exercícios práticos de preparação e apresentação de pequenas palestras, redação de textos para o site e as redes sociais, atendimento na livraria e organização da biblioteca, sempre com a lembrança de que divulgar o Espiritismo é oferecer, nunca impor.',
        'Curso do ciclo de especialização, indicado para quem concluiu o ciclo introdutório. Ao final, o aluno pode integrar a equipe de expositores das reuniões públicas, a equipe de comunicação ou os trabalhos da livraria e da biblioteca.',
      ],
      audience:
        'Para quem concluiu o ciclo introdutório e deseja trabalhar na divulgação espírita.',
      image: courseImage(
        'instituto-da-divulgacao',
        'Ilustração de um livro aberto do qual saem pássaros e folhas levados pelo vento.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000108',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 40,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 8'),
      prerequisites: INTRO_COURSES,
    },
    {
      slug: 'instituto-do-esclarecimento-e-familia',
      programme: 'global-kardec',
      title: 'Instituto do Esclarecimento e Família',
      stage: SPEC,
      summary:
        'Preparação para a triagem fraterna e o atendimento fraterno: escuta acolhedora, esclarecimento espírita e apoio às famílias.',
      description: [
        'O Instituto do Esclarecimento e Família prepara os trabalhadores da triagem fraterna de segunda-feira e do atendimento fraterno: as pessoas que recebem quem chega à casa em sofrimento, ouvem com atenção e orientam sobre o tratamento espiritual.',
        'Estudamos a escuta acolhedora, o sigilo, o esclarecimento à luz de O Evangelho segundo o Espiritismo e os desafios da vida em família: a educação dos filhos, a convivência do casal, o cuidado com os idosos, o luto e a reconciliação.',
        'Os alunos aprendem a conduzir a triagem: ouvir sem julgar, orientar sobre o tratamento espiritual de quarta-feira, recomendar o Evangelho no Lar e, quando necessário, sugerir com delicadeza a busca de ajuda médica, psicológica ou social.',
        'Curso do ciclo de especialização, indicado para quem concluiu o ciclo introdutório. Ao final, o aluno pode participar das equipes de triagem fraterna e de atendimento fraterno, acompanhado por trabalhadores experientes nos primeiros meses.',
      ],
      audience:
        'Para quem concluiu o ciclo introdutório e deseja atuar na triagem e no atendimento fraterno.',
      image: courseImage(
        'instituto-do-esclarecimento-e-familia',
        'Ilustração de uma família abraçada diante de uma casa iluminada, sob um céu estrelado.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000109',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 40,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 9'),
      prerequisites: INTRO_COURSES,
    },
    {
      slug: 'instituto-do-jovem',
      programme: 'global-kardec',
      title: 'Instituto do Jovem',
      stage: SPEC,
      summary:
        'Formação de trabalhadores para a mocidade espírita, a partir de 12 anos: diálogo, arte, estudo e serviço com os jovens.',
      description: [
        'O Instituto do Jovem forma os coordenadores e colaboradores da mocidade espírita, o trabalho da casa com jovens a partir de 12 anos. Estudamos a juventude à luz da Doutrina Espírita: o Espírito imortal que desperta para as responsabilidades da vida adulta, os projetos de vida, as escolhas e os desafios de hoje.',
        'A parte prática trata de planejar encontros, conduzir debates, usar música, teatro e tecnologia e envolver os jovens em tarefas de caridade, para que descubram, fazendo, a alegria de servir.',
        'Também conversamos sobre a relação com as famílias, o acolhimento de jovens que chegam à casa em sofrimento e o cuidado com temas delicados, como ansiedade, sexualidade, drogas e redes sociais, à luz do Evangelho e com muito respeito.',
        'Curso do ciclo de especialização, indicado para quem concluiu o ciclo introdutório. Ao final, o aluno pode colaborar na mocidade espírita, ajudando os jovens a estudar, conviver e servir.',
      ],
      audience:
        'Para quem concluiu o ciclo introdutório e deseja trabalhar com a mocidade espírita.',
      image: courseImage(
        'instituto-do-jovem',
        'Ilustração de jovens caminhando juntos por uma trilha em direção ao sol nascente.',
      ),
      // PLACEHOLDER: directory group id (GUID) of this course.
      groupId: '00000000-0000-4000-8000-000000000110',
      // PLACEHOLDER: WhatsApp group invite code of this course (null: none yet; no link is sent).
      inviteCode: null,
      // PLACEHOLDER: number of places of this course.
      places: 40,
      // PLACEHOLDER: meetings of this course (first meeting, weekday, time, number, length, room).
      meetings: weekly(16, 'Sala 10'),
      prerequisites: INTRO_COURSES,
    },
  ],
};
