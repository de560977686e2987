import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import type { CourseCardData } from '../types';
import { CourseCard } from './course-card';

const course: CourseCardData = {
  slug: 'passe',
  title: 'Passe',
  summary: 'O que é o passe espírita e como é aplicado.',
  path: '/global-kardec/passe',
  image: { src: '/assets/passe.svg', alt: 'Duas mãos abertas', width: 640, height: 400 },
  meetings: ['Todo sábado, das 17h30 às 19h00, a partir de 06/03/2027'],
};

function renderCard(options: Parameters<typeof renderWithRouter>[1] = {}, lazyImage = false) {
  return renderWithRouter(
    <ul>
      <CourseCard course={course} lazyImage={lazyImage} />
    </ul>,
    options,
  );
}

describe('CourseCard', () => {
  it("links to the course page with 'Mais Informações' when signed out", () => {
    renderCard();
    const link = screen.getByRole('link', { name: /^Mais Informações ?: Passe$/ });
    expect(link).toHaveAttribute('href', '/global-kardec/passe');
    expect(link).toHaveTextContent(/^Mais Informações/);
    expect(screen.getByRole('heading', { name: 'Passe' })).toBeInTheDocument();
  });

  it("says 'Fazer Matrícula' when signed in", () => {
    renderCard({ auth: signedIn() });
    expect(screen.getByRole('link', { name: /^Fazer Matrícula ?: Passe$/ })).toHaveAttribute(
      'href',
      '/global-kardec/passe',
    );
    expect(screen.queryByRole('link', { name: /Mais Informações/ })).not.toBeInTheDocument();
  });

  it('shows the image with its alt text and size, lazily when below the fold', () => {
    renderCard({}, true);
    const image = screen.getByRole('img', { name: 'Duas mãos abertas' });
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });
});
