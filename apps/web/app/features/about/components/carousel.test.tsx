import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarouselSlide } from '../types';
import { Carousel } from './carousel';

// Embla measures the layout, which happy-dom does not do: a stand-in records the calls and lets the
// test play the carousel's 'select' event (a swipe).
const embla = vi.hoisted(() => {
  const listeners = new Map<string, () => void>();
  let selected = 0;
  const api = {
    scrollTo: vi.fn((index: number) => {
      selected = index;
    }),
    selectedScrollSnap: () => selected,
    on: vi.fn((event: string, listener: () => void) => listeners.set(event, listener)),
    off: vi.fn(),
    swipeTo(index: number) {
      selected = index;
      listeners.get('select')?.();
    },
    reset() {
      selected = 0;
      listeners.clear();
      api.scrollTo.mockClear();
    },
  };
  return api;
});

vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, embla] }));

const slides: CarouselSlide[] = [1, 2, 3].map((n) => ({
  image: { src: `/assets/${n}.svg`, alt: `Imagem ${n}`, width: 1200, height: 675 },
  caption: `Legenda ${n}`,
}));

function dots() {
  return [1, 2, 3].map((n) => screen.getByRole('button', { name: `Mostrar imagem ${n} de 3` }));
}

function currentDot() {
  return dots().findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

describe('Carousel', () => {
  beforeEach(() => embla.reset());

  it('is a labelled carousel of groups named "N de 3"', () => {
    render(<Carousel slides={slides} label="Imagens da casa" />);
    const carousel = screen.getByRole('region', { name: 'Imagens da casa' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carrossel');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 de 3',
      '2 de 3',
      '3 de 3',
    ]);
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
    expect(embla.scrollTo).toHaveBeenLastCalledWith(1, false);
    expect(screen.getByText('Imagem 2 de 3: Legenda 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Imagem anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Imagem anterior' }));
    expect(currentDot()).toBe(3);
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

  it('follows a swipe', () => {
    render(<Carousel slides={slides} label="Imagens" />);
    act(() => embla.swipeTo(2));
    expect(currentDot()).toBe(3);
  });

  it('jumps instead of scrolling when reduced motion is asked for', () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
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
    expect(embla.scrollTo).toHaveBeenLastCalledWith(1, true);
    matchMedia.mockRestore();
  });
});
