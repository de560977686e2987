import { Link } from 'react-router';
import type { TutorialPageData } from '../types';
import '../tutorial.css';

export function TutorialPage({ title, introduction, steps, programmes }: TutorialPageData) {
  return (
    <div className="page tutorial">
      <h1>{title}</h1>
      <p className="lead prose">{introduction}</p>
      <ol className="steps plain-list">
        {steps.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2 className="step__title">{step.title}</h2>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <section className="tutorial__next" aria-labelledby="escolha-curso">
        <h2 id="escolha-curso">Escolha o seu curso</h2>
        <ul className="actions plain-list">
          {programmes.map((programme) => (
            <li key={programme.path}>
              <Link className="btn btn-primary" to={programme.path}>
                {programme.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
