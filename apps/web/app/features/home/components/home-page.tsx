import { Link } from 'react-router';
import { ContentImage } from '~/components/content-image';
import type { HomePageData } from '../types';
import '../home.css';

export function HomePage({ centreName, introductionHtml, banner, mediumsSchool }: HomePageData) {
  return (
    <div className="home">
      <section className="home-intro" aria-labelledby="inicio-titulo">
        <div className="page">
          <h1 id="inicio-titulo">{centreName}</h1>
          {/* HTML made on the server from a sanitised text (decision 064). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: introductionHtml }} />
          <Link className="btn btn-primary" to="/saiba-mais">
            Saiba mais
          </Link>
        </div>
      </section>

      <section className="gk-banner page" aria-labelledby="global-kardec-titulo">
        <ContentImage className="gk-banner__image" image={banner.image} priority="high" />
        <div className="gk-banner__body">
          <p className="gk-banner__eyebrow">Cursos gratuitos</p>
          <h2 id="global-kardec-titulo">{banner.programmeName}</h2>
          <p>{banner.text}</p>
          <Link className="btn btn-accent" to={banner.firstCoursePath}>
            Iniciar Matrícula
          </Link>
        </div>
      </section>

      <section className="home-teaser page" aria-labelledby="conheca-titulo">
        <h2 id="conheca-titulo" className="visually-hidden">
          Conheça também
        </h2>
        <ul className="home-teaser__list plain-list">
          <li className="teaser-card">
            <h3>{mediumsSchool.name}</h3>
            <p>{mediumsSchool.text}</p>
            <Link to={mediumsSchool.path}>Conheça a {mediumsSchool.name}</Link>
          </li>
          <li className="teaser-card">
            <h3>Horários</h3>
            <p>
              Veja os dias e horários das atividades da semana e tire as suas dúvidas pelo WhatsApp.
            </p>
            <Link to="/horarios">Ver os horários</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
