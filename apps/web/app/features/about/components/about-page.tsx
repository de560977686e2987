import { Link } from 'react-router';
import { ABOUT_TITLE } from '../copy';
import type { AboutPageData } from '../types';
import { Carousel } from './carousel';
import '../about.css';

export function AboutPage({ html, slides }: AboutPageData) {
  return (
    <div className="page about">
      <h1>{ABOUT_TITLE}</h1>
      <Carousel slides={slides} label="Imagens da nossa casa" />
      {/* HTML made on the server from a sanitised text (decision 064). */}
      <div className="prose about__text" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="actions">
        <Link className="btn btn-primary" to="/horarios">
          Veja os horários das atividades
        </Link>
      </div>
    </div>
  );
}
