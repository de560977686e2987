/** The enrolment tutorial ("Como se inscrever"): creating an account and enrolling, step by step. */
import type { Tutorial } from '../schema.js';

export const tutorial: Tutorial = {
  title: 'Como se inscrever em um curso',
  introduction:
    'A inscrição nos cursos é gratuita e leva poucos minutos. Na primeira vez você cria a sua conta; depois, basta entrar com o seu e-mail e senha para se inscrever em qualquer curso do Global Kardec ou da Escola de Médiuns. Siga o passo a passo abaixo.',
  steps: [
    {
      title: 'Escolha o curso',
      text: 'No menu, abra Global Kardec ou Escola de Médiuns e clique no curso desejado para abrir a página dele. Leia a descrição com calma: ela explica o que será estudado, para quem o curso é indicado e em que ciclo ou grau ele se encaixa.',
    },
    {
      title: 'Clique em "Quero me inscrever"',
      text: 'Na página do curso, clique no botão "Quero me inscrever". Você será levado à página de criação de conta. Se você já tem uma conta, não precisa criar outra: clique em "Acessar", no menu, entre com o seu e-mail e senha e siga para o passo 6.',
    },
    {
      title: 'Preencha os seus dados',
      text: 'Informe o seu Nome completo, o seu E-mail, uma Senha com pelo menos 8 caracteres e difícil de adivinhar (evite sequências como 12345678, datas e o seu próprio nome), o seu Celular com DDD, no formato (XX) XXXXX-XXXX, e a sua Data de nascimento, no formato DD/MM/AAAA. Esses dados são usados apenas para organizar as turmas e entrar em contato com você sobre os cursos.',
    },
    {
      title: 'Aceite o aviso de privacidade e clique em "Criar conta"',
      text: 'Leia o aviso de privacidade, que explica como cuidamos dos seus dados, marque a opção de aceite e clique em "Criar conta".',
    },
    {
      title: 'Confirme o seu e-mail com o código',
      text: 'Enviamos para o seu e-mail um código de 6 dígitos. Na página "Confirme seu e-mail", digite o código e clique em "Confirmar". O código vale por 15 minutos. Não chegou? Confira a caixa de spam ou lixo eletrônico, ou clique em "Reenviar código". Pronto: a sua conta está criada e você volta conectado para a página do curso.',
    },
    {
      title: 'Clique em "Finalizar inscrição"',
      text: 'De volta à página do curso, o botão agora mostra "Finalizar inscrição". Clique nele para garantir a sua vaga. Lembre-se de que as vagas são limitadas: quanto antes você finalizar, melhor.',
    },
    {
      title: 'Confirmação e grupo de WhatsApp',
      text: 'Ao ver a mensagem "Inscrição Confirmada!", você está oficialmente inscrito e receberá mais informações por e-mail. Clique em "Entre em nosso grupo de WhatsApp" para participar do grupo da turma, onde são combinados os encontros e enviados os avisos.',
    },
    {
      title: 'Mantenha os seus dados atualizados',
      text: 'Sempre que mudar de celular ou de e-mail, entre em "Perfil", no menu, e clique em "Carregar Dados". Corrija o que for preciso no formulário e clique em "Atualizar". Assim os monitores conseguem falar com você durante todo o curso.',
    },
  ],
};
