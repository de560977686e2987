/** The enrolment tutorial ("Como se inscrever"): creating an account and enrolling, step by step. */
import type { Tutorial } from '../schema.js';

export const tutorial: Tutorial = {
  title: 'Como se inscrever em um curso',
  introduction:
    'A inscrição nos cursos é gratuita e leva poucos minutos. Na primeira vez você cria a sua conta; depois, basta entrar com o seu e-mail e senha para se inscrever em qualquer curso do Global Kardec ou da Escola de Médiuns. Siga o passo a passo abaixo.',
  steps: [
    {
      title: 'Escolha o curso',
      text: 'No fim desta página, em "Escolha o seu curso", clique em "Global Kardec" ou "Escola de Médiuns" (os mesmos links estão no rodapé de todas as páginas, em "Links úteis"). Na lista de cursos, clique em "Mais Informações" no curso desejado para abrir a página dele. Leia a descrição com calma: ela explica o que será estudado, para quem o curso é indicado e em que ciclo ou grau ele se encaixa.',
    },
    {
      title: 'Clique em "Quero me inscrever"',
      text: 'Na página do curso, em "Inscrição", clique no botão "Quero me inscrever". Você será levado à página "Criar conta". Se você já tem uma conta, não precisa criar outra: clique em "Acessar", no menu do alto da página, entre com o seu e-mail e senha, clique em "Entrar" e siga para o passo 6.',
    },
    {
      title: 'Preencha os seus dados',
      text: 'Preencha "Nome" com o seu nome completo, "E-mail" com o seu e-mail, "Senha" com uma senha de pelo menos 8 caracteres e difícil de adivinhar (evite sequências como 12345678, datas e o seu próprio nome), "Celular" com o seu celular com DDD, no formato (XX) XXXXX-XXXX, e "Data de nascimento" no formato DD/MM/AAAA. Esses dados são usados apenas para organizar as turmas e entrar em contato com você sobre os cursos.',
    },
    {
      title: 'Aceite o aviso de privacidade e clique em "Criar conta"',
      text: 'Leia o aviso de privacidade, que explica como cuidamos dos seus dados, marque a opção "Li o aviso de privacidade e concordo…" e clique em "Criar conta".',
    },
    {
      title: 'Confirme o seu e-mail com o código',
      text: 'Enviamos para o seu e-mail um código de 6 dígitos. Na página "Confirme seu e-mail", digite o código e clique em "Confirmar". O código vale por 15 minutos. Não chegou? Confira a caixa de spam ou lixo eletrônico, ou clique em "Reenviar código". Se você saiu desta página antes de digitar o código, volte ao curso e crie a conta de novo com o mesmo e-mail: um novo código chega. Pronto: a sua conta está criada e você volta conectado para a página do curso, já na parte "Inscrição".',
    },
    {
      title: 'Clique em "Finalizar inscrição"',
      text: 'De volta à página do curso, o botão agora mostra "Finalizar inscrição". Clique nele para garantir a sua vaga. Lembre-se de que as vagas são limitadas: quanto antes você finalizar, melhor.',
    },
    {
      title: 'Confirmação e grupo de WhatsApp',
      text: 'Ao ver a mensagem "Inscrição Confirmada!", você está oficialmente inscrito e receberá mais informações por e-mail. A página mostra o primeiro encontro da turma e o local; clique em "Adicionar à minha agenda" para guardar os encontros no calendário do celular. Clique em "Entre em nosso grupo de WhatsApp" para participar do grupo da turma, onde são combinados os encontros e enviados os avisos (se o grupo da turma ainda não estiver pronto, a página avisa que o link será enviado a você mais tarde).',
    },
    {
      title: 'Mantenha os seus dados atualizados',
      text: 'Sempre que mudar de celular ou de e-mail, clique em "Perfil", no menu do alto da página, e depois em "Carregar Dados". Corrija o que for preciso no formulário "Atualização de Cadastro" e clique em "Atualizar". Assim os monitores conseguem falar com você durante todo o curso.',
    },
  ],
};
