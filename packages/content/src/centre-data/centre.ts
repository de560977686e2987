/** The centre: name, texts of the home and 'Saiba mais' pages, contacts, map and pictures. */
import type { Centre } from '../schema.js';
import { BANNER_IMAGE, CAROUSEL_IMAGE } from './images.js';

// PLACEHOLDER: the centre's postal address (street and number, district, city, state, CEP).
const address = {
  street: 'Rua da Esperança, 123',
  district: 'Jardim das Flores',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01000-000',
  country: 'BR',
} as const;

const addressLine = `${address.street} - ${address.district}, ${address.city} - ${address.state}, ${address.postalCode}`;

export const centre: Centre = {
  // PLACEHOLDER: the centre's public name.
  name: 'Centro Espírita Caminho da Luz',
  // PLACEHOLDER: the website's name, shown in the footer with the year.
  portalName: 'Portal Caminho da Luz',
  tagline:
    'Casa espírita de estudo, consolo e caridade: atendimento fraterno, tratamento espiritual e cursos gratuitos abertos a todos.',
  introduction: [
    'Seja bem-vindo! Somos uma casa espírita dedicada ao estudo da Doutrina Espírita, codificada por Allan Kardec, e à prática da caridade. Aqui você encontra acolhimento, esclarecimento e consolo, qualquer que seja a sua crença ou o momento que esteja vivendo.',
    'Durante a semana oferecemos reuniões públicas, triagem fraterna, tratamento espiritual com passe e vibração, evangelização infantojuvenil e trabalhos de assistência às famílias da nossa comunidade. Todas as atividades são gratuitas.',
    'Para quem deseja aprofundar o conhecimento, mantemos duas escolas de estudo: o Global Kardec, que apresenta o Espiritismo de forma organizada e prepara trabalhadores para a casa, e a Escola de Médiuns, voltada ao estudo sério e ao exercício equilibrado da mediunidade.',
  ],
  about: [
    'Nossa casa nasceu do encontro de um pequeno grupo de amigos que se reunia para estudar O Livro dos Espíritos e orar pelos que sofrem. Com o tempo, o grupo cresceu, ganhou sede própria e se tornou um ponto de apoio para muitas famílias do bairro, sempre sustentado pelo trabalho voluntário de seus colaboradores.',
    'Nossa missão é estudar, praticar e divulgar a Doutrina Espírita com fidelidade à Codificação de Allan Kardec, seguindo o lema "Fora da caridade não há salvação". Procuramos unir o estudo sério, a prece sincera e o trabalho no bem, para que cada pessoa encontre aqui caminhos de renovação íntima.',
    'A caridade é o coração da casa. Aos domingos realizamos a Campanha da Fraternidade e a Caravana do Lar, levando alimentos, agasalhos e uma palavra amiga às famílias assistidas. Aos sábados funcionam os postos de assistência, o tratamento infantojuvenil e os núcleos de trabalho, que acolhem gestantes, crianças, jovens e idosos.',
    'Todos os nossos cursos são gratuitos. No Global Kardec e na Escola de Médiuns, estudamos as obras da Codificação e as obras complementares, como as de André Luiz psicografadas por Chico Xavier, em turmas acompanhadas por monitores experientes. As vagas são limitadas, por isso a inscrição é feita pelo site.',
    'Nada aqui é cobrado: passes, atendimentos e cursos são oferecidos de graça, como de graça recebemos. E ninguém precisa ser espírita para ser acolhido; não perguntamos a religião de quem chega. Venha nos conhecer em uma reunião pública, às terças-feiras. Você será muito bem-vindo!',
  ],
  address,
  // PLACEHOLDER: the centre's WhatsApp number, digits only: 55 + DDD + number.
  whatsapp: '5511900000000',
  // PLACEHOLDER: the centre's contact e-mail (also where data subjects exercise their LGPD rights).
  email: 'contato@exemplo.org.br',
  // PLACEHOLDER: the map embed URL; the default shows the address above on Google Maps.
  mapEmbedUrl: `https://www.google.com/maps?q=${encodeURIComponent(addressLine)}&output=embed`,
  mapTitle: 'Mapa com a localização do centro espírita',
  carousel: [
    {
      file: 'carousel/1.svg',
      alt: 'Ilustração do salão da casa espírita: pessoas sentadas em fileiras de cadeiras voltadas para uma mesa com flores, diante de janelas amplas.',
      caption: 'Nosso salão está de portas abertas para as reuniões públicas.',
      ...CAROUSEL_IMAGE,
    },
    {
      file: 'carousel/2.svg',
      alt: 'Ilustração de um grupo de estudo: quatro pessoas sentadas a uma mesa com livros abertos, ao lado de uma estante de livros.',
      caption: 'Grupos de estudo da Doutrina Espírita, com cursos gratuitos.',
      ...CAROUSEL_IMAGE,
    },
    {
      file: 'carousel/3.svg',
      alt: 'Ilustração de voluntários sob uma tenda com cestas de alimentos e, ao lado, uma mãe com o filho levando a cesta que recebeu.',
      caption: 'A caridade em ação: assistência fraterna às famílias da comunidade.',
      ...CAROUSEL_IMAGE,
    },
  ],
  bannerImage: {
    file: 'banner-global-kardec.svg',
    alt: 'Ilustração de um livro aberto do qual nasce uma chama com raios de luz dourada, sobre colinas verdes e um céu azul sereno.',
    ...BANNER_IMAGE,
  },
};
