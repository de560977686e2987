import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarouselSlide } from '../types';
import { Carousel } from './carousel';

const slides: CarouselSlide[] = [1, 2, 3].map((n) => ({
  image: { src: `/assets/${n}.svg`, alt: `Imagem ${n}`, width: 1200, height: 675 },
  caption: `Legenda ${n}`,
}));

/** Width of the row of slides (happy-dom lays nothing out): one slide per 400 px of scrolling. */
const WIDTH = 400;

/** The row of slides, which scrolls sideways (CSS scroll-snap). */
const viewport = () =>
  screen.getAllByRole('group')[0]?.closest('.carousel__viewport') as HTMLElement;

/** Scrolls the row as the browser would: the position, then its scroll event. */
function scrollRow(left: number) {
  const row = viewport();
  row.scrollLeft = left;
  fireEvent.scroll(row);
}

function dots() {
  return [1, 2, 3].map((n) => screen.getByRole('button', { name: `Mostrar imagem ${n} de 3` }));
}

function currentDot() {
  return dots().findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

const scrollTo = vi.fn();

beforeEach(() => {
  scrollTo.mockClear();
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  HTMLElement.prototype.scrollTo = scrollTo as unknown as HTMLElement['scrollTo'];
});
afterEach(() => vi.restoreAllMocks());

describe('Carousel', () => {
  it('is a labelled carousel of groups named "N de 3", in a row the keyboard can reach', () => {
    render(<Carousel slides={slides} label="Imagens da casa" />);
    const carousel = screen.getByRole('region', { name: 'Imagens da casa' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carrossel');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 de 3',
      '2 de 3',
      '3 de 3',
    ]);
    expect(viewport()).toHaveAttribute('tabindex', '0');
    // The first slide is the page's largest paint: fetched at once, before the others.
    expect(screen.getByRole('img', { name: 'Imagem 1' })).not.toHaveAttribute('loading');
    expect(screen.getByRole('img', { name: 'Imagem 1' })).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('img', { name: 'Imagem 2' })).toHaveAttribute('loading', 'lazy');
  });

  it('goes to the next and previous slides with the buttons, wrapping around', async () => {
    render(<Carousel slides={slides} label="Imagens" />);
    expect(currentDot()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Próxima imagem' }));
    expect(currentDot()).toBe(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: WIDTH, behavior: 'smooth' });
    expect(screen.getByText('Imagem 2 de 3: Legenda 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Imagem anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Imagem anterior' }));
    expect(currentDot()).toBe(3);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 2 * WIDTH, behavior: 'smooth' });
  });

  it('goes to a slide with its indicator button', async () => {
    render(<Carousel slides={slides} label="Imagens" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar imagem 3 de 3' }));
    expect(currentDot()).toBe(3);
  });

  it('moves with the arrow keys while the focus is inside', async () => {
    render(<Carousel slides={slides} label="Imagens" />);
    screen.getByRole('button', { name: 'Próxima imagem' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(currentDot()).toBe(2);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(currentDot()).toBe(3);
  });

  it('follows a swipe, and announces it', () => {
    render(<Carousel slides={slides} label="Imagens" />);
    fireEvent.pointerDown(viewport());
    act(() => scrollRow(2 * WIDTH - 10));
    expect(currentDot()).toBe(3);
    expect(screen.getByText('Imagem 3 de 3: Legenda 3')).toBeInTheDocument();
  });

  it('shows as current the slide swiped to before the page was interactive', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockReturnValue(WIDTH);
    render(<Carousel slides={slides} label="Imagens" />);
    expect(currentDot()).toBe(2);
  });

  it('keeps the chosen slide while the row scrolls past the others to it', async () => {
    render(<Carousel slides={slides} label="Imagens" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar imagem 3 de 3' }));
    act(() => scrollRow(WIDTH));
    expect(currentDot()).toBe(3);
    expect(screen.queryByText(/Imagem 2 de 3/)).not.toBeInTheDocument();
    act(() => scrollRow(2 * WIDTH));
    // Arrived: a swipe back is followed again.
    act(() => scrollRow(WIDTH));
    expect(currentDot()).toBe(2);
  });

  it('jumps instead of scrolling when reduced motion is asked for', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    render(<Carousel slides={slides} label="Imagens" />);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima imagem' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: WIDTH, behavior: 'instant' });
  });
});
